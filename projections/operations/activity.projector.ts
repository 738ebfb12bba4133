// Jobs and Workspace runs per disease (for GET /api/stats): one row per job with its module, disease and
// phase, one row per run with its disease and whether it finished. Idempotent: rows are keyed by id and
// only set to what the event says; a deleted run leaves.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../projector';
import { JOB_ACTIVITY_TABLE, RUN_ACTIVITY_TABLE } from './activity.tables';

const JOB_PHASE: Record<string, string> = { JobStarted: 'started', JobSucceeded: 'succeeded', JobFailed: 'failed', JobRevoked: 'revoked' };

export const activityProjector: Projector = {
  name: 'ops_activity',
  version: 1,
  eventTypes: ['JobSubmitted', ...Object.keys(JOB_PHASE), 'RunRequested', 'RunDeleted'],
  tables: [JOB_ACTIVITY_TABLE, RUN_ACTIVITY_TABLE],
  async createTables(trx: Knex.Transaction, names: TableNames) {
    await trx.schema.createTable(names[JOB_ACTIVITY_TABLE]!, (t) => {
      t.text('job_id').primary();
      t.text('module').notNullable();
      t.text('disease_id').notNullable();
      t.text('phase').notNullable();
    });
    await trx.schema.createTable(names[RUN_ACTIVITY_TABLE]!, (t) => {
      t.text('run_id').primary();
      t.text('disease_id').notNullable();
    });
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    for (const event of events) await applyOne(trx, event, names[JOB_ACTIVITY_TABLE]!, names[RUN_ACTIVITY_TABLE]!);
  },
};

async function applyOne(trx: Knex.Transaction, event: RecordedEvent, jobs: string, runs: string): Promise<void> {
  const data = event.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (event.type === 'JobSubmitted') {
    const disease = data.params?.disease_id ?? data.body?.disease_id ?? 'sle';
    await trx(jobs).insert({ job_id: data.jobId, module: data.module, disease_id: String(disease), phase: 'pending' }).onConflict('job_id').ignore();
  } else if (JOB_PHASE[event.type]) {
    await trx(jobs).where({ job_id: event.streamId.slice('job-'.length) }).update({ phase: JOB_PHASE[event.type] });
  } else if (event.type === 'RunRequested') {
    await trx(runs).insert({ run_id: String(data.runId), disease_id: String(data.request?.disease_id ?? '') }).onConflict('run_id').ignore();
  } else if (event.type === 'RunDeleted') {
    await trx(runs).where({ run_id: String(data.runId) }).delete();
  }
}
