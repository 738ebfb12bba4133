// Records a comparison as a new, terminal research run: stream `biomed-run-<run_id>` gets one
// ComparisonRecorded event and biomed.research_runs one row, in one transaction when the event log is
// in this database (otherwise the event is appended right after commit, with an id derived from the
// run). A run is never changed: a second comparison is a second run.
import { randomUUID } from 'node:crypto';
import { fold } from '../../domain/shared/decider';
import { RecordComparison, researchRunDecider, researchRunStreamId } from '../../domain/biomed/research-run';
import type { ComparisonResult } from '../../infra/biomed/read/comparison';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { T_RUNS } from '../../infra/biomed/read/research-runs';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';
import { nameUuid, BiomedDeps } from './snapshot-events';

export interface RecordedRun { run_id: string; stream_id: string; created_at: string }

export async function recordComparison(
  deps: BiomedDeps, leftCurie: string, rightCurie: string, result: ComparisonResult, context: CommandContext,
): Promise<RecordedRun> {
  const runId = randomUUID();
  const streamId = researchRunStreamId(runId);
  const at = context.now.toISOString();
  const { snapshots, ...rest } = result;
  const command: RecordComparison = {
    type: 'RecordComparison', runId, leftCurie, rightCurie,
    snapshots: snapshots.map((s) => ({ snapshot_id: s.snapshot_id, resource: s.resource, version: s.version })),
    result: rest as unknown as Record<string, unknown>, at,
  };
  let n = 0;
  const runContext: CommandContext = { ...context, newId: () => nameUuid(`run:${runId}/${n++}`) };
  await deps.knex.transaction(async (trx) => {
    if (deps.logInDatabase) {
      await handleCommand(new PostgresEventStore(trx), streamId, researchRunDecider, command, runContext);
    } else {
      researchRunDecider.decide(command, fold(researchRunDecider, []));
    }
    await trx(T_RUNS).insert({
      run_id: runId, kind: 'comparison', status: 'completed', stream_id: streamId, left_curie: leftCurie, right_curie: rightCurie,
      snapshots: JSON.stringify(command.snapshots), result: JSON.stringify(command.result), created_at: at,
    });
  });
  if (!deps.logInDatabase) await handleCommand(deps.store, streamId, researchRunDecider, command, runContext);
  return { run_id: runId, stream_id: streamId, created_at: at };
}
