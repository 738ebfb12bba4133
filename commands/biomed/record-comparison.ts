// Compares two conditions over the active snapshots and records the comparison as a new, terminal
// research run: stream `biomed-run-<run_id>` gets one ComparisonRecorded event and biomed.research_runs
// one row, in one transaction when the event log is in this database (otherwise the event is appended
// right after commit, with an id derived from the run). A run is never changed: a second comparison is
// a second run. Result kinds: recorded | unknown_curies (nothing recorded).
import { randomUUID } from 'node:crypto';
import { RecordComparison, researchRunDecider, researchRunStreamId } from '../../domain/biomed/research-run';
import { compareConditions, ComparisonResult } from '../../infra/biomed/read/comparison';
import { getResearchRun, ResearchRunView, T_RUNS } from '../../infra/biomed/read/research-runs';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { versioned } from '../../infra/event-store/versioned-event-store';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';
import { BiomedDeps, nameUuid } from './snapshot-events';

export interface RecordedRun { run_id: string; stream_id: string; created_at: string }

export type RecordComparisonResult =
  | { kind: 'recorded'; run: RecordedRun; stored: ResearchRunView; comparison: ComparisonResult }
  | { kind: 'unknown_curies'; missing: string[] };

export async function recordComparison(
  deps: BiomedDeps, input: { leftCurie: string; rightCurie: string }, context: CommandContext,
): Promise<RecordComparisonResult> {
  const { leftCurie, rightCurie } = input;
  const outcome = await compareConditions(deps.knex, leftCurie, rightCurie);
  if (!outcome.found) return { kind: 'unknown_curies', missing: outcome.missing };
  const run = await storeRun(deps, leftCurie, rightCurie, outcome.result, context);
  const stored = await getResearchRun(deps.knex, run.run_id);
  return { kind: 'recorded', run, stored: stored!, comparison: outcome.result };
}

async function storeRun(
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
      await handleCommand(versioned(new PostgresEventStore(trx)), streamId, researchRunDecider, command, runContext);
    } else {
      // The run id is new, so its stream is empty: decide against the initial state to refuse before writing.
      researchRunDecider.decide(command, researchRunDecider.initialState);
    }
    await trx(T_RUNS).insert({
      run_id: runId, kind: 'comparison', status: 'completed', stream_id: streamId, left_curie: leftCurie, right_curie: rightCurie,
      snapshots: JSON.stringify(command.snapshots), result: JSON.stringify(command.result), created_at: at,
    });
  });
  if (!deps.logInDatabase) await handleCommand(deps.store, streamId, researchRunDecider, command, runContext);
  return { run_id: runId, stream_id: streamId, created_at: at };
}
