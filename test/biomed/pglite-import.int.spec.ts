// The embedded default (PGlite, what `npm start` and the CLI use without DATABASE_URL) runs the same
// migration, batched inserts, lifecycle events and reads.
import { expect } from 'chai';
import { importSnapshot } from '../../commands/biomed/import-snapshot';
import type { BiomedDeps } from '../../commands/biomed/snapshot-events';
import { searchConditions, conditionSummary } from '../../infra/biomed/read/conditions';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import type { Database } from '../../infra/db/database';
import { openTestPglite } from '../support/databases';
import { fixture } from './support/biomed-env';

describe('biomed: imports on embedded PGlite', function () {
  this.timeout(120_000);
  let db: Database;
  let deps: BiomedDeps;

  before(async () => {
    db = await openTestPglite();
    deps = { knex: db.knex, store: new PostgresEventStore(db.knex), logInDatabase: true };
  });
  after(async () => { await deps?.store.close(); await db?.close(); });

  it('imports the fixture forms, answers reads, and recognises a repeat', async () => {
    const mondo = await importSnapshot(deps, { resource: 'mondo', files: [fixture('mondo-fixture.obo'), fixture('mondo-fixture.sssom.tsv')] });
    await importSnapshot(deps, { resource: 'hp', files: [fixture('hp-fixture.obo')] });
    const hpoa = await importSnapshot(deps, { resource: 'hpoa', files: [fixture('hpoa-fixture.hpoa')] });
    expect(hpoa.outcome === 'imported' && hpoa.report.counts).to.include({ claims: 36, contradicts: 3, diseases_mapped_to_mondo: 5 });
    const hits = await searchConditions(db.knex, 'lupus', 50);
    expect(hits.map((h) => h.curie)).to.include('MONDO:0007915');
    expect(await conditionSummary(db.knex, 'OMIM:152700')).to.include({ mondo_curie: 'MONDO:0007915', readiness_tier: 'L2' });
    const again = await importSnapshot(deps, { resource: 'mondo', files: [fixture('mondo-fixture.obo'), fixture('mondo-fixture.sssom.tsv')] });
    expect(again.outcome === 'already_imported' && again.message).to.contain(`already imported as snapshot ${mondo.snapshot.snapshot_id}`);
  });
});
