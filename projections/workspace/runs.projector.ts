// Saved runs read model behind GET /api/workspace/runs. A deleted run leaves the table; a small
// list of deleted ids keeps a replayed batch from bringing it back (the projector stays idempotent).
import type { Knex } from 'knex';
import { RUNS_TABLE, DELETED_RUNS_TABLE } from './runs.tables';
import { RUN_EVENT_TYPES, RunEvent } from '../../domain/workspace/run';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../projector';


export const workspaceRunsProjector: Projector = {
  name: 'workspace_runs',
  version: 1,
  eventTypes: RUN_EVENT_TYPES,
  tables: [RUNS_TABLE, DELETED_RUNS_TABLE],
  async createTables(trx: Knex.Transaction, names: TableNames) {
    const runs = names[RUNS_TABLE]!;
    await trx.schema.createTable(runs, (t) => {
      t.uuid('run_id').primary();
      t.text('researcher_id').notNullable();
      t.text('disease_id').notNullable();
      t.text('question').notNullable();
      t.text('status').notNullable();
      t.jsonb('request').notNullable();
      t.jsonb('source_statuses').notNullable();
      t.text('dossier_hash');
      t.text('html_hash');
      t.jsonb('summary');
      t.text('error');
      t.timestamp('requested_at', { useTz: true }).notNullable();
      t.timestamp('finished_at', { useTz: true });
      t.bigInteger('last_revision').notNullable();
      t.index(['researcher_id', 'requested_at'], `${runs}_owner_idx`);
      t.index(['disease_id', 'requested_at'], `${runs}_disease_idx`);
    });
    await trx.schema.createTable(names[DELETED_RUNS_TABLE]!, (t) => {
      t.uuid('run_id').primary();
    });
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    const runs = names[RUNS_TABLE]!;
    const deleted = names[DELETED_RUNS_TABLE]!;
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as RunEvent;
      const runId = event.data.runId;
      if (event.type === 'RunDeleted') {
        await trx(deleted).insert({ run_id: runId }).onConflict('run_id').ignore();
        await trx(runs).where({ run_id: runId }).delete();
        continue;
      }
      if (await trx(deleted).where({ run_id: runId }).first()) continue;
      const row = await trx(runs).where({ run_id: runId }).first('last_revision', 'source_statuses');
      if (row && Number(row.last_revision) >= recorded.revision) continue; // replay: already applied
      const revision = { last_revision: recorded.revision };
      switch (event.type) {
        case 'RunRequested':
          await trx(runs).insert({
            run_id: runId, researcher_id: event.data.researcherId, disease_id: event.data.request.disease_id,
            question: event.data.request.question, status: 'running', request: JSON.stringify(event.data.request),
            source_statuses: '[]', requested_at: event.data.at, ...revision,
          }).onConflict('run_id').ignore();
          break;
        case 'RunSourceRetrieved': {
          const statuses = ((row?.source_statuses ?? []) as { source: string }[]).filter((s) => s.source !== event.data.status.source);
          await trx(runs).where({ run_id: runId }).update({ source_statuses: JSON.stringify([...statuses, event.data.status]), ...revision });
          break;
        }
        case 'RunCompleted':
          await trx(runs).where({ run_id: runId }).update({
            status: 'completed', dossier_hash: event.data.dossierHash, html_hash: event.data.htmlHash,
            summary: JSON.stringify(event.data.summary), finished_at: event.data.at, ...revision,
          });
          break;
        case 'RunFailed':
          await trx(runs).where({ run_id: runId }).update({ status: 'failed', error: event.data.error, finished_at: event.data.at, ...revision });
          break;
      }
    }
  },
};
