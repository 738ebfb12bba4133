// Conditions search is served from an in-process index of the active snapshots (infra/biomed/search/).
// These specs hold it to what a user sees: an activation by another process (the CLI) shows on the very
// next search, on PostgreSQL and on the embedded PGlite; synonym and mid-word substring hits; and every
// hit carries the same mondo_curie, efo_id and readiness tier as the per-condition reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { importSnapshot } from '../../commands/biomed/import-snapshot';
import { searchConditions } from '../../infra/biomed/read/conditions';
import { readiness, resolveIdentities } from '../../infra/biomed/read/identity';
import { readActiveSet } from '../../infra/biomed/search/active-set';
import { loadConditionEntries } from '../../infra/biomed/search/load-condition-entries';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { openTestPglite } from '../support/databases';
import { runCli } from '../support/service-process';
import { BiomedEnv, fixture, startBiomedEnv } from './support/biomed-env';

/** An HP file (unpinned, so imported with --allow-unpinned) whose terms exist in no fixture. */
function zebraHp(dir: string): string {
  const file = path.join(dir, 'zebra-hp.obo');
  fs.writeFileSync(file, 'format-version: 1.2\ndata-version: zebra/1\n\n[Term]\nid: HP:0000001\nname: All\n\n'
    + '[Term]\nid: HP:0000002\nname: Zebra stripe phenotype\nsynonym: "Striped skin" EXACT []\nis_a: HP:0000001 ! All\n');
  return file;
}

const curiesOf = (body: { results: { curie: string }[] }) => body.results.map((r) => r.curie);

describe('biomed: conditions search (in-process index of the active snapshots)', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let dir: string;

  before(async () => {
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-search-'));
    for (const [resource, files] of [
      ['mondo', ['mondo-fixture.obo', 'mondo-fixture.sssom.tsv']], ['hp', ['hp-fixture.obo']], ['hpoa', ['hpoa-fixture.hpoa']],
    ] as const) {
      expect((await env.import({ resource, files: files.map(fixture) })).outcome, resource).to.equal('imported');
    }
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds a synonym case-insensitively and returns it as written', async () => {
    const { body } = await env.get('/api/v1/conditions/search?q=ORGAN%20ABNORM');
    expect(body.results).to.have.length(1);
    expect(body.results[0]).to.include({ curie: 'HP:0000118', label: 'Phenotypic abnormality', matched: 'synonym', matched_text: 'Organ abnormality' });
  });

  it('answers JSON with the query, limit, count, results and disclaimer', async () => {
    const response = await fetch(`${env.baseUrl}/api/v1/conditions/search?q=Lupus&limit=2`);
    expect(response.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    const body = await response.json() as Record<string, unknown>;
    expect(Object.keys(body)).to.deep.equal(['query', 'limit', 'count', 'results', 'disclaimer']);
    expect(body).to.include({ query: 'Lupus', limit: 2, count: 2 });
    expect(body.disclaimer).to.contain('Research use only');
  });

  it('keeps substring semantics: a needle inside a word matches', async () => {
    const { body } = await env.get('/api/v1/conditions/search?q=keletal%20sys');
    expect(curiesOf(body)).to.include('HP:0000924'); // "Abnormality of the skeletal system"
  });

  it('gives each hit the mondo_curie, efo_id and readiness tier the per-condition reads give', async () => {
    const db = env.runtime.db.knex;
    const active = await readActiveSet(db);
    const entries = await loadConditionEntries(db, active);
    const curies = [...new Set(entries.map((e) => e.curie))];
    expect(curies.length).to.be.greaterThan(60);
    const identities = await resolveIdentities(db, [...active.resources.keys()], curies);
    const tiers = await readiness(db, [...active.resources.keys()], [...identities.values()]);
    for (const e of entries) {
      const identity = identities.get(e.curie)!;
      expect({ curie: e.curie, mondo: e.mondo_curie, efo: e.efo_id, tier: e.readiness_tier })
        .to.deep.equal({ curie: e.curie, mondo: identity.mondoCurie, efo: identity.efoId, tier: tiers.get(e.curie)!.tier });
    }
    // The fixtures reach every tier the importers can produce, so the comparison covers real variety.
    expect([...new Set(entries.map((e) => e.readiness_tier))]).to.include.members(['L0', 'L1', 'L2']);
  });

  it('shows a snapshot activated by another process (the CLI) on the very next search', async () => {
    expect((await env.get('/api/v1/conditions/search?q=zebra')).body.count).to.equal(0); // the index of the current set exists now
    expect((await env.get('/api/v1/conditions/search?q=abnormality%20of%20the%20skeletal')).body.count).to.be.greaterThan(0);
    const cli = await runCli(['biomed', 'import', 'hp', zebraHp(dir), '--allow-unpinned'],
      { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: env.runtime.settings.databaseUrl, LOG_LEVEL: 'silent' });
    expect(cli.code, cli.output).to.equal(0);
    const zebra = (await env.get('/api/v1/conditions/search?q=striped')).body;
    expect(zebra.results).to.have.length(1);
    expect(zebra.results[0]).to.include({ curie: 'HP:0000002', matched: 'synonym', matched_text: 'Striped skin', resource: 'hp' });
    // The superseded hp snapshot is no longer searched; MONDO and HPOA still are.
    expect((await env.get('/api/v1/conditions/search?q=abnormality%20of%20the%20skeletal')).body.count).to.equal(0);
    expect(curiesOf((await env.get('/api/v1/conditions/search?q=lupus')).body)).to.include('MONDO:0007915');
  });

  it('does the same on the embedded PGlite', async () => {
    const db = await openTestPglite();
    const store = new PostgresEventStore(db.knex);
    try {
      const deps = { knex: db.knex, store, logInDatabase: true };
      await importSnapshot(deps, { resource: 'hp', files: [fixture('hp-fixture.obo')] });
      expect((await searchConditions(db.knex, 'Skeletal', 50)).map((h) => h.curie)).to.include('HP:0000924');
      expect(await searchConditions(db.knex, 'zebra', 50)).to.deep.equal([]);
      const zebra = await importSnapshot(deps, { resource: 'hp', files: [zebraHp(dir)], allowUnpinned: true });
      expect(zebra.outcome).to.equal('imported');
      expect((await searchConditions(db.knex, 'ZEBRA', 50)).map((h) => h.curie)).to.deep.equal(['HP:0000002']);
      expect(await searchConditions(db.knex, 'skeletal', 50)).to.deep.equal([]);
    } finally {
      await store.close();
      await db.close();
    }
  });
});
