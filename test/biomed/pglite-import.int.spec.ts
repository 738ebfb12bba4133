// The embedded default (PGlite, what `npm start` and the CLI use without DATABASE_URL) runs the same
// migration, batched inserts, lifecycle events and reads.
import { expect } from 'chai';
import { importSnapshot } from '../../commands/biomed/import-snapshot';
import type { BiomedDeps } from '../../commands/biomed/snapshot-events';
import { searchConditions, conditionSummary } from '../../infra/biomed/read/conditions';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import type { Database } from '../../infra/db/database';
import { EDGE_TYPE_NAMES } from '../../domain/knowledge-graph/metagraph';
import { forEachEdgeClaim } from '../../infra/kg/read-edge-claims';
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

  it('the graph build reads every supporting edge claim of a snapshot, in claim order (PGlite: paged, no COPY)', async () => {
    const { rows: [hpoa] } = await db.knex.raw(`select snapshot_id from biomed.snapshots where resource = 'hpoa' and active`);
    const { rows } = await db.knex.raw(`select claim_no, predicate, subject, object from biomed.claims
      where snapshot_id = ? and evidence_direction = 'supports' order by claim_no`, [hpoa.snapshot_id]);
    const expected = (rows as { claim_no: number; predicate: string; subject: string; object: string }[])
      .filter((r) => EDGE_TYPE_NAMES.includes(r.predicate)).map((r) => [r.predicate, r.subject, r.object, r.claim_no]);
    expect(expected).to.have.length(33); // the fixture's 36 claims less its 3 contradicting ones
    const read: unknown[] = [];
    await forEachEdgeClaim(db.knex, hpoa.snapshot_id, (type, subject, object, claimNo) => read.push([EDGE_TYPE_NAMES[type], subject, object, claimNo]));
    expect(read).to.deep.equal(expected);
  });
});
