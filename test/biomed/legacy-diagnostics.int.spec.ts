// BIOMED_LEGACY_PROJECTION: the curated knowledge graph (fixtures/kg/*.json) imported as a legacy_curated
// snapshot, kept out of canonical reads, and set against the canonical snapshots by
// GET /api/v1/diagnostics/legacy-claims, only when the setting is 1 and that snapshot is active.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { DISABLED_DETAIL, NO_SNAPSHOT_DETAIL } from '../../api/biomed/diagnostics.routes';
import { BiomedEnv, fixture, PROJECT_ROOT, startBiomedEnv, storeFootprint } from './support/biomed-env';

const KG_DIR = path.join(PROJECT_ROOT, 'fixtures', 'kg');
const KG_FILES = fs.readdirSync(KG_DIR).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(KG_DIR, f));
const SYNTHETIC = 'clinvar-legacydiag00-1';
const URL = '/api/v1/diagnostics/legacy-claims';

type Diagnosis = {
  legacy: { source: string; target: string; relation: string; disease_id: string; file: string; edge: number };
  claim: { subject: { curie: string | null }; predicate: string; object: { curie: string | null } };
  status: string;
  unmapped: { end: string; legacy_id: string; curie: string | null; reason: string }[];
  canonical_claims: { snapshot_id: string; resource: string; subject: string; evidence_direction: string; source: { file: string; line: number; reference: string } }[];
};

describe('biomed: legacy curated claim diagnostics (BIOMED_LEGACY_PROJECTION)', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  const setProjection = (on: boolean) => { (env.runtime.settings as { biomedLegacyProjection: boolean }).biomedLegacyProjection = on; };
  /** All diagnoses, paged through with the largest page. */
  async function all(query = ''): Promise<Diagnosis[]> {
    const out: Diagnosis[] = [];
    for (let offset = 0; ; offset += 200) {
      const { status, body } = await env.get(`${URL}?limit=200&offset=${offset}${query}`);
      expect(status, JSON.stringify(body)).to.equal(200);
      out.push(...body.claims);
      if (!body.has_more) return out;
    }
  }
  const find = (list: Diagnosis[], disease: string, source: string, relation: string, target: string) => {
    const found = list.find((d) => d.legacy.disease_id === disease && d.legacy.source === source && d.legacy.relation === relation && d.legacy.target === target);
    expect(found, `${disease}: ${source} -${relation}-> ${target}`).to.not.equal(undefined);
    return found!;
  };

  before(async () => {
    env = await startBiomedEnv();
    for (const [resource, files] of [['mondo', ['mondo-fixture.obo', 'mondo-fixture.sssom.tsv']], ['hp', ['hp-fixture.obo']], ['hpoa', ['hpoa-fixture.hpoa']]] as const) {
      expect((await env.import({ resource, files: files.map(fixture) })).outcome).to.equal('imported');
    }
    // Canonical evidence that RA does NOT have joint swelling, beside HPOA's supporting row: mixed evidence.
    const knex = env.runtime.db.knex;
    await knex('biomed.snapshots').insert({
      snapshot_id: SYNTHETIC, resource: 'clinvar', stream_id: 'test-only', attempt: 1, artifact_sha256: '1'.repeat(64), artifacts: '[]', bytes: 0,
      status: 'completed', active: true, created_at: new Date(),
    });
    await knex('biomed.claims').insert({ snapshot_id: SYNTHETIC, claim_no: 1, subject: 'MONDO:0008383', predicate: 'HAS_PHENOTYPE', object: 'HP:0001386', evidence_direction: 'contradicts' });
    await knex('biomed.evidence_links').insert({ snapshot_id: SYNTHETIC, claim_no: 1, link_no: 1, source_file: 'synthetic.tsv', source_line: 7, reference: 'PMID:1' });
  });
  after(async () => { await env?.close(); });

  it('answers 404 naming the unmet condition: the setting off, then no legacy snapshot active', async () => {
    setProjection(false);
    const off = await env.get(URL);
    expect(off.status).to.equal(404);
    expect(off.body.detail).to.equal(DISABLED_DETAIL);
    expect(off.body.disclaimer).to.be.a('string').and.match(/research/i);
    setProjection(true);
    const none = await env.get(URL);
    expect(none.status).to.equal(404);
    expect(none.body.detail).to.equal(NO_SNAPSHOT_DETAIL);
    expect(none.body.disclaimer).to.be.a('string');
  });

  it('imports the curated graph files as one legacy_curated snapshot (a claim per edge), idempotently', async () => {
    const edges = KG_FILES.reduce((n, f) => n + (JSON.parse(fs.readFileSync(f, 'utf8')) as { edges: unknown[] }).edges.length, 0);
    const result = await env.import({ resource: 'legacy_curated', files: KG_FILES });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    expect(result.snapshot.forced).to.equal(false); // every file is pinned
    expect(result.snapshot.counts).to.include({ files: KG_FILES.length, edges, claims: edges, evidence_links: edges, terms: 0 });
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'legacy_curated', files: [...KG_FILES].reverse() });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('keeps the legacy snapshot out of canonical reads (claims, stats), while listing it among snapshots', async () => {
    const claims = await env.get('/api/v1/conditions/MONDO:0008383/claims?limit=200');
    expect(claims.status).to.equal(200);
    expect(JSON.stringify(claims.body)).not.to.contain('legacy_curated');
    const stats = await env.get('/api/v1/analytics/stats');
    expect(stats.body.per_snapshot.map((s: { resource: string }) => s.resource)).not.to.include('legacy_curated');
    const listed = await env.get('/api/v1/snapshots?resource=legacy_curated');
    expect(listed.body.snapshots).to.have.length(1);
    expect(listed.body.snapshots[0].active).to.equal(true);
  });

  it('gives every legacy claim one status, with summary counts over all of them', async () => {
    const { status, body } = await env.get(URL);
    expect(status).to.equal(200);
    expect(body.disclaimer).to.be.a('string');
    expect(body.legacy_snapshot.snapshot_id).to.match(/^legacy_curated-/);
    expect(body.canonical_snapshots.map((s: { resource: string }) => s.resource)).to.deep.equal(['clinvar', 'hp', 'hpoa', 'mondo']);
    const list = await all();
    expect(list).to.have.length(body.summary.total);
    for (const s of ['confirmed', 'contradicted', 'unmapped', 'uncorroborated']) {
      expect(list.filter((d) => d.status === s), s).to.have.length(body.summary[s]);
      expect(body.summary[s], s).to.be.greaterThan(0);
    }
  });

  it('confirmed: a canonical claim through an exact mapping, with its snapshot and source record', async () => {
    const d = find(await all(), 'ra', 'disease:ra', 'has_phenotype', 'phenotype:HP:0001369');
    expect(d.status).to.equal('confirmed');
    expect(d.claim).to.deep.include({ predicate: 'HAS_PHENOTYPE' });
    expect(d.claim.subject.curie).to.equal('MONDO:0008383');
    const evidence = d.canonical_claims[0]!;
    expect(evidence).to.deep.include({ resource: 'hpoa', subject: 'OMIM:180300', evidence_direction: 'supports' });
    expect(evidence.snapshot_id).to.match(/^hpoa-/);
    expect(evidence.source).to.deep.include({ file: 'hpoa-fixture.hpoa', reference: 'OMIM:180300' });
    expect(evidence.source.line).to.be.a('number');
    // SLE is named OMIM:152700 and ORPHA:536 in HPOA: both rows are its evidence.
    const sle = find(await all(), 'sle', 'disease:sle', 'has_phenotype', 'phenotype:HP:0001873');
    expect(sle.status).to.equal('confirmed');
    expect(sle.canonical_claims.map((c) => c.subject).sort()).to.deep.equal(['OMIM:152700', 'ORPHA:536']);
  });

  it('contradicted: canonical evidence in the opposite direction wins over supporting evidence, and is listed first', async () => {
    const d = find(await all(), 'ra', 'disease:ra', 'has_phenotype', 'phenotype:HP:0001386');
    expect(d.status).to.equal('contradicted');
    expect(d.canonical_claims.map((c) => [c.snapshot_id, c.evidence_direction])).to.deep.equal([[SYNTHETIC, 'contradicts'], [d.canonical_claims[1]!.snapshot_id, 'supports']]);
    expect(d.canonical_claims[0]!.source).to.deep.equal({ file: 'synthetic.tsv', line: 7, reference: 'PMID:1' });
  });

  it('unmapped: a node without a canonical id in xrefs, or with an id no canonical snapshot knows', async () => {
    const list = await all();
    const drug = find(list, 'ra', 'drug:etanercept', 'treats', 'disease:ra');
    expect(drug.status).to.equal('unmapped');
    expect(drug.claim.predicate).to.equal('HAS_DRUG_EVIDENCE'); // stated about the disease, as canonical claims are
    expect(drug.unmapped).to.deep.equal([{ end: 'object', legacy_id: 'drug:etanercept', curie: null, reason: 'no_xref' }]);
    const phenotype = find(list, 'ra', 'disease:ra', 'has_phenotype', 'phenotype:HP:0001370');
    expect(phenotype.unmapped).to.deep.equal([{ end: 'object', legacy_id: 'phenotype:HP:0001370', curie: 'HP:0001370', reason: 'not_in_canonical_snapshots' }]);
  });

  it('uncorroborated: both ends are canonical entities but no canonical claim links them', async () => {
    const d = find(await all(), 'gout', 'disease:gout', 'has_phenotype', 'phenotype:HP:0001369');
    expect(d.status).to.equal('uncorroborated');
    expect(d.unmapped).to.deep.equal([]);
    expect(d.canonical_claims).to.deep.equal([]);
  });

  it('filters by status, predicate and disease_id; pages with limit/offset; summary stays over all claims', async () => {
    const full = (await env.get(URL)).body;
    const confirmed = await env.get(`${URL}?status=confirmed&limit=2`);
    expect(confirmed.body.claims).to.have.length(2);
    expect(confirmed.body.matched).to.equal(full.summary.confirmed);
    expect(confirmed.body.has_more).to.equal(full.summary.confirmed > 2);
    expect(confirmed.body.summary).to.deep.equal(full.summary);
    expect(confirmed.body.claims.every((d: Diagnosis) => d.status === 'confirmed')).to.equal(true);
    const ra = await all('&disease_id=ra&predicate=HAS_PHENOTYPE');
    expect(ra.map((d) => d.legacy.target).sort()).to.deep.equal(
      ['HP:0001369', 'HP:0001370', 'HP:0001386', 'HP:0001387', 'HP:0002960', 'HP:0012378'].map((h) => `phenotype:${h}`));
    const second = await env.get(`${URL}?status=confirmed&limit=1&offset=1`);
    expect(second.body.claims[0]).to.deep.equal(confirmed.body.claims[1]);
  });

  it('refuses out-of-range or unknown parameters with 422', async () => {
    for (const q of ['limit=0', 'limit=201', 'limit=abc', 'offset=-1', 'status=maybe', 'predicate=IS_A', 'disease_id=RA!', 'other=1']) {
      const { status } = await env.get(`${URL}?${q}`);
      expect(status, q).to.equal(422);
    }
  });

  it('never writes: the store and the event log are unchanged by diagnostics', async () => {
    const before = await storeFootprint(env);
    await all();
    await env.get(`${URL}?status=unmapped`);
    expect(await storeFootprint(env)).to.deep.equal(before);
  });
});
