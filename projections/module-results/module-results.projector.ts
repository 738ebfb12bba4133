// The latest result of each module per disease (spec §4.9 "latest"), from ModuleResultRecorded; a disease
// prune takes the pruned results out, a restore puts them back unless a newer result was recorded since.
// Idempotent: a row is replaced only by a result recorded at the same time or later. One latest row per
// owner: '' for results of jobs queued without a researcher, else the researcher's id (hers only).
// Version 2 added the owner (a rebuild fills it from the events).
import type { Knex } from 'knex';
import type { RecordedResult } from '../../domain/operations/module-results';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../projector';
import { MODULE_RESULTS_LATEST_TABLE } from './module-results.tables';

export const moduleResultsProjector: Projector = {
  name: 'module_results_latest',
  version: 2,
  eventTypes: ['ModuleResultRecorded', 'DiseaseDataPruned', 'DiseaseBackupRestored'],
  tables: [MODULE_RESULTS_LATEST_TABLE],
  async createTables(trx: Knex.Transaction, names: TableNames) {
    await trx.schema.createTable(names[MODULE_RESULTS_LATEST_TABLE]!, (t) => {
      t.text('module').notNullable();
      t.text('disease_id').notNullable();
      t.text('blob').notNullable();
      t.bigInteger('bytes').notNullable();
      t.text('job_id').notNullable();
      t.timestamp('recorded_at', { useTz: true }).notNullable();
      t.text('owner').notNullable();
      t.primary(['module', 'disease_id', 'owner']);
    });
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    const table = names[MODULE_RESULTS_LATEST_TABLE]!;
    for (const event of events) {
      if (event.type === 'ModuleResultRecorded') await upsertIfNewer(trx, table, event.data as RecordedResult);
      else if (event.type === 'DiseaseBackupRestored') for (const r of (event.data as { results: RecordedResult[] }).results) await upsertIfNewer(trx, table, r);
      else if (event.type === 'DiseaseDataPruned') await removePruned(trx, table, (event.data as { results: RecordedResult[] }).results);
    }
  },
};

async function upsertIfNewer(trx: Knex.Transaction, table: string, r: RecordedResult): Promise<void> {
  const row = { module: r.module, disease_id: r.diseaseId, blob: r.blob, bytes: r.bytes, job_id: r.jobId, recorded_at: r.at, owner: r.researcherId ?? '' };
  await trx(table).insert(row).onConflict(['module', 'disease_id', 'owner']).merge()
    .where(`${table}.recorded_at`, '<=', r.at);
}

async function removePruned(trx: Knex.Transaction, table: string, results: readonly RecordedResult[]): Promise<void> {
  for (const r of results) await trx(table).where({ module: r.module, disease_id: r.diseaseId, blob: r.blob }).delete();
}
