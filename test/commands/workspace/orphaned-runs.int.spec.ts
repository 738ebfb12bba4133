// Issue 12.9: a submission killed (SIGKILL, a real one, in a child process) right after the run's
// stream is committed must never leave the run "running" with no job. On PostgreSQL the run and its
// job commit together; on a store without multi-stream transactions (EventStoreDB, simulated by
// hiding appendAtomically) the orphaned-run sweep queues the missing job after the grace period.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import { startOrphanSweep } from '../../../app/orphan-sweep-schedule';
import { ORPHANED_RUN_GRACE_MS } from '../../../commands/workspace/reconcile-orphaned-runs';
import { jobStreamId } from '../../../domain/jobs/job';
import { runStreamId } from '../../../domain/workspace/run';
import { fixedClock } from '../../../infra/clock/clock';
import type { EventStore } from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { versioned } from '../../../infra/event-store/versioned-event-store';
import { silentLogger } from '../../../infra/logging/logger';
import { jobStatusProjector } from '../../../projections/jobs/job-status.projector';
import { ProjectionRunner } from '../../../projections/runner/projection-runner';
import { workspaceRunsProjector } from '../../../projections/workspace/runs.projector';
import { openScratchPostgres, ScratchDatabase } from '../../support/scratch-postgres';

const CHILD = path.resolve(__dirname, '../../support/submit-run-child.js');

/** Runs the submitting child to its end; resolves with the signal that ended it (null when it exited). */
function submitInChild(databaseUrl: string, runId: string, atomic: boolean): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD], {
      env: { ...process.env, SUBMIT_DATABASE_URL: databaseUrl, SUBMIT_RUN_ID: runId, SUBMIT_ATOMIC: atomic ? 'yes' : 'no' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (_code, signal) => resolve({ signal, output }));
  });
}

async function types(store: EventStore, streamId: string): Promise<string[]> {
  return (await store.readStream(streamId)).map((e) => e.type);
}

describe('Orphaned runs: a submission killed between the run and its job', function () {
  this.timeout(60_000);
  let scratch: ScratchDatabase;
  let store: EventStore;

  before(async function () {
    scratch = await openScratchPostgres('orphaned_runs');
    store = versioned(new PostgresEventStore(scratch.db.knex));
  });
  after(async function () {
    await scratch?.drop();
  });

  it('a submission SIGKILLed the moment its run is stored on PostgreSQL still leaves the run with its job', async function () {
    const runId = randomUUID();
    const { signal, output } = await submitInChild(scratch.url, runId, true);
    expect(signal, output).to.equal('SIGKILL');
    expect(await types(store, runStreamId(runId))).to.deep.equal(['RunRequested']);
    const [submitted] = await store.readStream(jobStreamId(runId));
    expect(submitted?.type).to.equal('JobSubmitted');
    expect(submitted!.data).to.deep.include({ jobId: runId, module: 'workspace', researcherId: 'alice' });
  });

  describe('on a store without multi-stream transactions (as EventStoreDB)', function () {
    const runId = randomUUID();
    let requestedAt: Date;

    before(async function () {
      const { signal, output } = await submitInChild(scratch.url, runId, false);
      expect(signal, output).to.equal('SIGKILL');
      const [requested] = await store.readStream(runStreamId(runId));
      requestedAt = new Date((requested!.data as { at: string }).at);
      // The read models the sweep narrows its search with.
      const projections = new ProjectionRunner(scratch.db.knex, store, [workspaceRunsProjector, jobStatusProjector], { logger: silentLogger });
      await projections.start();
      await projections.waitForCatchUp();
      await projections.stop();
    });

    async function sweepAt(now: Date): Promise<void> {
      const stop = startOrphanSweep({ store, db: scratch.db, clock: fixedClock(now), logger: silentLogger }, 3_600_000);
      await stop(); // waits for the sweep that starting it began
    }

    it('the SIGKILL between the two appends leaves the run running with no job', async function () {
      expect(await types(store, runStreamId(runId))).to.deep.equal(['RunRequested']);
      expect(await types(store, jobStreamId(runId))).to.deep.equal([]);
    });

    it('the orphaned-run sweep leaves a run younger than the grace period alone (its submitter may still be writing the job)', async function () {
      await sweepAt(new Date(requestedAt.getTime() + ORPHANED_RUN_GRACE_MS - 1000));
      expect(await types(store, jobStreamId(runId))).to.deep.equal([]);
    });

    it('the orphaned-run sweep queues the missing job of a run orphaned longer than the grace period, once', async function () {
      const later = new Date(requestedAt.getTime() + ORPHANED_RUN_GRACE_MS + 60_000);
      await sweepAt(later);
      const run = await store.readStream(runStreamId(runId));
      const [submitted, ...rest] = await store.readStream(jobStreamId(runId));
      expect(rest).to.deep.equal([]);
      expect(submitted!.type).to.equal('JobSubmitted');
      expect(submitted!.data).to.deep.equal({
        jobId: runId, module: 'workspace', params: {}, body: (run[0]!.data as { request: unknown }).request, researcherId: 'alice', at: later.toISOString(),
      });
      expect(submitted!.metadata.principal).to.deep.equal({ kind: 'system', id: 'orphaned-run-sweep' });
      // Again, before the job reaches its read model: the log says the job exists, so nothing more.
      await sweepAt(new Date(later.getTime() + 60_000));
      expect(await types(store, jobStreamId(runId))).to.deep.equal(['JobSubmitted']);
    });
  });
});
