// The job status read model behind GET /api/jobs/{job_id}, the WebSocket and the SSE stream.
// Idempotent: a row only moves forward to a higher stream revision.
import type { Knex } from 'knex';
import { JOB_STATUS_TABLE } from './job-status.tables';
import { evolveJob, JOB_EVENT_TYPES, JobEvent, JobState, initialJobState } from '../../domain/jobs/job';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../projector';


export const jobStatusProjector: Projector = {
  name: 'job_status',
  version: 2,
  // A deleted Workspace run takes its job (same id) and its dossier result out of this read model too.
  eventTypes: [...JOB_EVENT_TYPES, 'RunDeleted'],
  tables: [JOB_STATUS_TABLE],
  async createTables(trx: Knex.Transaction, names: TableNames) {
    const table = names[JOB_STATUS_TABLE]!;
    await trx.schema.createTable(table, (t) => {
      t.uuid('job_id').primary();
      t.text('module').notNullable();
      t.text('phase').notNullable();
      t.jsonb('params').notNullable();
      t.text('researcher_id');
      t.integer('attempts').notNullable().defaultTo(0);
      t.jsonb('progress');
      t.jsonb('result');
      t.text('error');
      t.timestamp('submitted_at', { useTz: true });
      t.timestamp('started_at', { useTz: true });
      t.timestamp('finished_at', { useTz: true });
      t.bigInteger('last_revision').notNullable();
      t.index(['phase'], `${table}_phase_idx`);
    });
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    const table = names[JOB_STATUS_TABLE]!;
    // Fold the batch per job first: one read and one write per job, however many events it had.
    const byJob = new Map<string, RecordedEvent[]>();
    const deleted = new Set<string>();
    for (const event of events) {
      if (event.type === 'RunDeleted') {
        deleted.add((event.data as { runId: string }).runId);
        continue;
      }
      const jobId = event.streamId.slice('job-'.length);
      byJob.set(jobId, [...(byJob.get(jobId) ?? []), event]);
    }
    for (const [jobId, jobEvents] of byJob) {
      if (deleted.has(jobId)) continue;
      const row = await trx(table).where({ job_id: jobId }).first();
      let state: JobState = row ? rowToState(row) : initialJobState;
      let revision = row ? Number(row.last_revision) : -1;
      for (const event of jobEvents) {
        if (event.revision <= revision) continue; // already applied: replay is a no-op
        state = evolveJob(state, { type: event.type, data: event.data } as JobEvent);
        revision = event.revision;
      }
      if (!state.module) continue;
      await trx(table).insert(stateToRow(jobId, state, revision)).onConflict('job_id').merge();
    }
    if (deleted.size > 0) await trx(table).whereIn('job_id', [...deleted]).delete();
  },
};

function rowToState(row: Record<string, unknown>): JobState {
  return {
    phase: row.phase as JobState['phase'],
    jobId: row.job_id as string,
    module: row.module as string,
    params: row.params as Record<string, unknown>,
    researcherId: (row.researcher_id as string | null) ?? undefined,
    attempts: Number(row.attempts),
    progress: (row.progress as JobState['progress'] | null) ?? undefined,
    result: row.result ?? undefined,
    error: (row.error as string | null) ?? undefined,
    submittedAt: iso(row.submitted_at),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

function stateToRow(jobId: string, state: JobState, revision: number) {
  return {
    job_id: jobId,
    module: state.module,
    phase: state.phase,
    params: JSON.stringify(state.params ?? {}),
    researcher_id: state.researcherId ?? null,
    attempts: state.attempts,
    progress: state.progress ? JSON.stringify(state.progress) : null,
    result: state.result === undefined ? null : JSON.stringify(state.result),
    error: state.error ?? null,
    submitted_at: state.submittedAt ?? null,
    started_at: state.startedAt ?? null,
    finished_at: state.finishedAt ?? null,
    last_revision: revision,
  };
}

function iso(value: unknown): string | undefined {
  if (!value) return undefined;
  return value instanceof Date ? value.toISOString() : String(value);
}
