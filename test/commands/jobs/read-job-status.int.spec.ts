import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { submitJob, updateJob } from '../../../commands/jobs/job-commands';
import { readJobStatus, ReadJobStatusDeps } from '../../../commands/jobs/read-job-status';
import { newCommandContext } from '../../../commands/shared/command-context';
import { submitResearchRun } from '../../../commands/workspace/submit-research-run';
import { changeRun } from '../../../commands/workspace/run-commands';
import type { JobSnapshot } from '../../../domain/jobs/job-status';
import { BlobStore } from '../../../infra/blobs/blob-store';
import { systemClock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/db/database';
import { DiseaseRegistry } from '../../../infra/diseases/disease-registry';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { openTestPostgres } from '../../support/databases';

describe('Reading a job\'s status', function () {
  let db: Database;
  let deps: ReadJobStatusDeps;
  const readModel = new Map<string, JobSnapshot>();
  const context = () => newCommandContext(systemClock, { kind: 'researcher', id: 'alice' });

  before(async function () {
    db = await openTestPostgres();
    deps = {
      jobStatus: { find: async (jobId) => readModel.get(jobId) },
      store: new PostgresEventStore(db.knex),
      blobs: new BlobStore(db.knex),
    };
  });
  after(async function () {
    await db.close();
  });

  it('answers from the read model, expanding a result stored by hash', async function () {
    const jobId = randomUUID();
    const hash = await new BlobStore(db.knex).putText(JSON.stringify({ rows: [1, 2, 3] }), 'application/json');
    readModel.set(jobId, { jobId, module: 'echo', phase: 'succeeded', progress: null, result: { $blob: hash }, error: null });
    expect(await readJobStatus(deps, jobId)).to.deep.equal({ jobId, module: 'echo', phase: 'succeeded', progress: null, result: { rows: [1, 2, 3] }, error: null });
  });

  it('falls back to the job\'s stream while the read model has not caught up', async function () {
    const jobId = await submitJob(deps.store, context(), { module: 'echo', params: {} });
    await updateJob(deps.store, context(), jobId, { type: 'CompleteJob', result: { echoed: true } });
    expect(await readJobStatus(deps, jobId)).to.deep.include({ jobId, module: 'echo', phase: 'succeeded', result: { echoed: true } });
  });

  it('answers undefined for an unknown job and for the job of a deleted Workspace run', async function () {
    expect(await readJobStatus(deps, randomUUID())).to.equal(undefined);
    const submitted = await submitResearchRun({ store: deps.store, diseases: DiseaseRegistry.load() }, context(), {
      body: { question: 'Which drugs are most promising for lupus nephritis?' }, researcherId: 'alice',
    });
    if (submitted.kind !== 'submitted') throw new Error('not submitted');
    expect(await readJobStatus(deps, submitted.runId, 'alice')).to.deep.include({ module: 'workspace', phase: 'pending' });
    await changeRun(deps.store, submitted.runId, { type: 'DeleteRun', researcherId: 'alice', at: systemClock.now().toISOString() }, context());
    expect(await readJobStatus(deps, submitted.runId, 'alice')).to.equal(undefined);
  });

  it('answers undefined to another researcher, or to a caller without one, for a researcher\'s job, from the read model and from the stream', async function () {
    const fromStream = await submitJob(deps.store, context(), { module: 'echo', params: {}, researcherId: 'alice' });
    await updateJob(deps.store, context(), fromStream, { type: 'CompleteJob', result: { dossier: 'private' } });
    const fromReadModel = randomUUID();
    readModel.set(fromReadModel, { jobId: fromReadModel, module: 'echo', phase: 'succeeded', result: { dossier: 'private' }, researcherId: 'alice' });
    for (const jobId of [fromStream, fromReadModel]) {
      expect(await readJobStatus(deps, jobId, 'bob')).to.equal(undefined);
      expect(await readJobStatus(deps, jobId)).to.equal(undefined);
      expect(await readJobStatus(deps, jobId, 'alice')).to.deep.include({ jobId, result: { dossier: 'private' } });
    }
  });

  it('answers a job queued without a researcher to any caller', async function () {
    const jobId = await submitJob(deps.store, context(), { module: 'echo', params: {} });
    expect(await readJobStatus(deps, jobId)).to.deep.include({ jobId, phase: 'pending' });
    expect(await readJobStatus(deps, jobId, 'bob')).to.deep.include({ jobId, phase: 'pending' });
  });
});
