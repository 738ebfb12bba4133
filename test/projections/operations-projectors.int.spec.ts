// The operations read models on PostgreSQL, fed directly (tables of their own, suffixed): latest module
// result per disease through record / newer record / prune / restore (a restore never hides a newer
// result), jobs and runs per disease; and applying the same events twice leaves the same rows.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Database } from '../../infra/db/database';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import { moduleResultsProjector } from '../../projections/module-results/module-results.projector';
import { activityProjector } from '../../projections/operations/activity.projector';
import type { Projector, TableNames } from '../../projections/projector';
import { shadowTableNames } from '../../projections/projector';
import { openTestPostgres } from '../support/databases';

let revision = 0;
const ev = (type: string, streamId: string, data: Record<string, unknown>): RecordedEvent => ({
  id: randomUUID(), type, streamId, revision: revision++, position: { commit: revision, prepare: revision }, data,
  metadata: { correlationId: 'c', causationId: 'c', principal: { kind: 'system', id: 'test' } }, createdAt: new Date(),
});
const result = (blob: string, at: string) => ({ module: 'enr', diseaseId: 'sle', blob, bytes: 10, jobId: `job-${blob}`, at });

describe('operations read models', function () {
  let db: Database;
  const suffix = `t${Date.now()}`;
  before(async () => { db = await openTestPostgres(); });
  after(async () => {
    for (const p of [moduleResultsProjector, activityProjector]) for (const t of Object.values(shadowTableNames(p, suffix))) await db.knex.schema.dropTableIfExists(t);
    await db.close();
  });

  async function project(projector: Projector, events: RecordedEvent[], times: number): Promise<TableNames> {
    const names = shadowTableNames(projector, suffix);
    await db.knex.transaction(async (trx) => {
      for (const t of Object.values(names)) await trx.schema.dropTableIfExists(t);
      await projector.createTables(trx, names);
      for (let i = 0; i < times; i++) await projector.apply(trx, events, names);
    });
    return names;
  }

  it('keeps the latest result per module and disease through prune and restore, idempotently', async () => {
    const first = result('h1', '2026-01-01T00:00:00.000Z');
    const second = result('h2', '2026-01-02T00:00:00.000Z');
    const third = result('h3', '2026-01-04T00:00:00.000Z');
    const stream = 'moduleresult-enr.sle';
    const steps: [RecordedEvent[], string | null][] = [
      [[ev('ModuleResultRecorded', stream, first), ev('ModuleResultRecorded', stream, second)], 'h2'],
      [[ev('DiseaseDataPruned', 'diseaseadmin-sle', { results: [second] })], null],
      [[ev('DiseaseBackupRestored', 'diseaseadmin-sle', { results: [second] })], 'h2'],
      [[ev('DiseaseDataPruned', 'diseaseadmin-sle', { results: [second] }), ev('ModuleResultRecorded', stream, third)], 'h3'],
      // Restoring the older backup after a newer result: the newer one stays latest.
      [[ev('DiseaseBackupRestored', 'diseaseadmin-sle', { results: [second] })], 'h3'],
    ];
    const all: RecordedEvent[] = [];
    for (const [events, expected] of steps) {
      all.push(...events);
      for (const times of [1, 2]) {
        const names = await project(moduleResultsProjector, all, times);
        const rows = await db.knex(Object.values(names)[0]!).select('blob');
        expect(rows.map((r) => r.blob), `after ${all.length} events, applied ${times}x`).to.deep.equal(expected ? [expected] : []);
      }
    }
  });

  it('counts jobs by disease, module and phase, and runs by disease; a deleted run leaves', async () => {
    const j1 = randomUUID();
    const j2 = randomUUID();
    const events = [
      ev('JobSubmitted', `job-${j1}`, { jobId: j1, module: 'enr', params: { disease_id: 'ra' } }),
      ev('JobStarted', `job-${j1}`, {}), ev('JobSucceeded', `job-${j1}`, {}),
      ev('JobSubmitted', `job-${j2}`, { jobId: j2, module: 'workspace', params: {}, body: { disease_id: 'sle' } }),
      ev('JobFailed', `job-${j2}`, {}),
      ev('RunRequested', 'run-r1', { runId: 'r1', request: { disease_id: 'sle' } }),
      ev('RunRequested', 'run-r2', { runId: 'r2', request: { disease_id: 'sle' } }),
      ev('RunDeleted', 'run-r2', { runId: 'r2' }),
    ];
    for (const times of [1, 2]) {
      const names = await project(activityProjector, events, times);
      const [jobs, runs] = Object.values(names) as [string, string];
      expect(await db.knex(jobs).orderBy('disease_id').select('disease_id', 'module', 'phase')).to.deep.equal([
        { disease_id: 'ra', module: 'enr', phase: 'succeeded' }, { disease_id: 'sle', module: 'workspace', phase: 'failed' },
      ]);
      expect(await db.knex(runs).select('run_id', 'disease_id')).to.deep.equal([{ run_id: 'r1', disease_id: 'sle' }]);
    }
  });
});
