// The /api/v1 conditions and snapshots API over the shipped fixture forms (MONDO + its SSSOM set, HP,
// HPOA): search, summary with exact mappings and readiness, hierarchy, claims with evidence, snapshots
// and reports; every §8 limit of this area answers 422; every 200 and 404 carries the disclaimer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BiomedEnv, fixture, startBiomedEnv } from './support/biomed-env';

describe('biomed: /api/v1 conditions and snapshots (fixture forms)', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  const seen: { path: string; status: number; body: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const get = async (p: string) => {
    const response = await env.get(p);
    seen.push({ path: p, ...response });
    return response;
  };
  const ids: Record<string, string> = {};

  before(async () => {
    env = await startBiomedEnv();
    for (const [resource, files] of [
      ['mondo', ['mondo-fixture.obo', 'mondo-fixture.sssom.tsv']], ['hp', ['hp-fixture.obo']], ['hpoa', ['hpoa-fixture.hpoa']],
    ] as const) {
      const result = await env.import({ resource, files: files.map(fixture) });
      expect(result.outcome, resource).to.equal('imported');
      ids[resource] = result.snapshot.snapshot_id;
    }
  });
  after(async () => { await env?.close(); });

  describe('GET /api/v1/conditions/search', () => {
    it('finds by label, case-insensitively, exact label first', async () => {
      const { status, body } = await get('/api/v1/conditions/search?q=LUPUS%20Erythematosus');
      expect(status).to.equal(200);
      expect(body.results[0]).to.include({ curie: 'MONDO:0004670', matched: 'label', kind: 'disease', resource: 'mondo' });
      const curies = body.results.map((r: { curie: string }) => r.curie);
      expect(curies).to.include.members(['MONDO:0007915', 'OMIM:152700', 'ORPHA:536', 'MONDO:0005282']);
      expect(body).to.include({ query: 'LUPUS Erythematosus', limit: 50, count: body.results.length });
    });

    it('finds by synonym and says which synonym matched', async () => {
      const { body } = await get('/api/v1/conditions/search?q=sle');
      const sle = body.results.find((r: { curie: string }) => r.curie === 'MONDO:0007915');
      expect(sle).to.include({ matched: 'synonym', matched_text: 'SLE', mondo_curie: 'MONDO:0007915', readiness_tier: 'L2' });
    });

    it('carries mondo_curie, efo_id and readiness_tier on each hit', async () => {
      const { body } = await get('/api/v1/conditions/search?q=rheumatoid%20arthritis');
      const ra = body.results.find((r: { curie: string }) => r.curie === 'MONDO:0008383');
      expect(ra).to.include({ mondo_curie: 'MONDO:0008383', efo_id: 'EFO:0000685', readiness_tier: 'L2' });
      const omim = body.results.find((r: { curie: string }) => r.curie === 'OMIM:180300');
      expect(omim).to.include({ mondo_curie: 'MONDO:0008383', efo_id: 'EFO:0000685', resource: 'hpoa' });
    });

    it('honours limit, never matches obsolete terms, and treats % as text', async () => {
      expect((await get('/api/v1/conditions/search?q=a&limit=1')).body.results).to.have.length(1);
      expect((await get('/api/v1/conditions/search?q=rheumatic%20fever-related')).body.count).to.equal(0);
      expect((await get('/api/v1/conditions/search?q=%25')).body.count).to.equal(0);
    });
  });

  describe('GET /api/v1/conditions/{curie}', () => {
    it('summarises a MONDO condition with its exact mappings and readiness', async () => {
      const { status, body } = await get('/api/v1/conditions/MONDO:0007915');
      expect(status).to.equal(200);
      expect(body).to.include({ curie: 'MONDO:0007915', label: 'systemic lupus erythematosus', mondo_curie: 'MONDO:0007915', efo_id: null, readiness_tier: 'L2' });
      const mapped = Object.fromEntries(body.mappings.map((m: { curie: string; sources: string[] }) => [m.curie, m.sources.sort()]));
      expect(mapped).to.deep.equal({ 'DOID:9074': ['obo_xref'], 'MESH:D008180': ['obo_xref'], 'OMIM:152700': ['obo_xref', 'sssom'], 'Orphanet:536': ['obo_xref', 'sssom'] });
      expect(body.synonyms.map((s: { text: string }) => s.text)).to.include('SLE');
      expect(body.xrefs.map((x: { id: string }) => x.id)).to.include('UMLS:C0024141'); // kept, but never a mapping
      expect(body.readiness).to.include({ tier: 'L2', exact_mappings: 4, phenotype_claims: 16, gene_pathway_drug_claims: 0 });
      expect(body.active_snapshots.map((s: { snapshot_id: string }) => s.snapshot_id).sort()).to.deep.equal(Object.values(ids).sort());
    });

    it('resolves an HPOA disease to MONDO and EFO through exact mappings only', async () => {
      const omim = (await get('/api/v1/conditions/OMIM:180300')).body;
      expect(omim).to.include({ label: 'Rheumatoid arthritis', mondo_curie: 'MONDO:0008383', efo_id: 'EFO:0000685', readiness_tier: 'L2' });
      // ORPHA:92 has the same name as MONDO:0011429 and only a closeMatch row: no mapping, tier L0.
      const jia = (await get('/api/v1/conditions/ORPHA:92')).body;
      expect(jia).to.include({ label: 'Juvenile idiopathic arthritis', mondo_curie: null, readiness_tier: 'L0' });
      expect(jia.mappings).to.deep.equal([]);
      expect(jia.readiness.phenotype_claims).to.equal(4);
    });

    it('gives the documented tiers: L1 mapped only, L0 term only', async () => {
      expect((await get('/api/v1/conditions/MONDO:0005301')).body.readiness_tier).to.equal('L1');
      const hp = (await get('/api/v1/conditions/HP:0001369')).body;
      expect(hp).to.include({ label: 'Arthritis', kind: 'phenotype', readiness_tier: 'L0' });
      expect((await get('/api/v1/conditions/MONDO:0009995')).body).to.include({ obsolete: true });
    });

    it('answers 404 for an unknown CURIE and 422 for something that is not a CURIE', async () => {
      const missing = await get('/api/v1/conditions/MONDO:9999999');
      expect(missing.status).to.equal(404);
      const bad = await get('/api/v1/conditions/not-a-curie');
      expect(bad.status).to.equal(422);
      expect(bad.body.detail[0].loc).to.deep.equal(['path', 'curie']);
    });
  });

  describe('GET /api/v1/conditions/{curie}/hierarchy', () => {
    it('returns parents and children IS_A nodes by distance, default depth 1', async () => {
      const one = (await get('/api/v1/conditions/MONDO:0007915/hierarchy')).body;
      expect(one.depth).to.equal(1);
      expect(one.parents).to.deep.equal([{ curie: 'MONDO:0004670', label: 'lupus erythematosus', distance: 1 }]);
      expect(one.children).to.deep.equal([{ curie: 'MONDO:0005556', label: 'lupus nephritis', distance: 1 }]);
      const three = (await get('/api/v1/conditions/MONDO:0007915/hierarchy?depth=3')).body;
      expect(three.parents.map((n: { curie: string; distance: number }) => `${n.curie}@${n.distance}`)).to.deep.equal([
        'MONDO:0004670@1', 'MONDO:0003900@2', 'MONDO:0007179@2', 'MONDO:0002081@3', 'MONDO:0005046@3',
      ]);
      expect((await get('/api/v1/conditions/MONDO:0005556/hierarchy?depth=3')).body.parents.map((n: { curie: string }) => n.curie))
        .to.include.members(['MONDO:0007915', 'MONDO:0002462', 'MONDO:0005240', 'MONDO:0000001']);
      expect(three.edges).to.deep.include({ child: 'MONDO:0005556', parent: 'MONDO:0007915' });
      const zero = (await get('/api/v1/conditions/MONDO:0007915/hierarchy?depth=0')).body;
      expect(zero).to.deep.include({ parents: [], children: [], edges: [] });
    });

    it('answers 404 for an unknown CURIE', async () => {
      expect((await get('/api/v1/conditions/HP:9999999/hierarchy')).status).to.equal(404);
    });
  });

  describe('GET /api/v1/conditions/{curie}/claims', () => {
    it('gathers phenotype claims of exactly mapped equivalents, with evidence back to the file line', async () => {
      const { body } = await get('/api/v1/conditions/MONDO:0007915/claims?predicate=HAS_PHENOTYPE&limit=200');
      expect(body.count).to.equal(16);
      expect(new Set(body.claims.map((c: { subject: string }) => c.subject))).to.deep.equal(new Set(['OMIM:152700', 'ORPHA:536']));
      for (const claim of body.claims) {
        expect(claim).to.include({ role: 'subject', via: 'exact_mapping', predicate: 'HAS_PHENOTYPE', snapshot_id: ids.hpoa });
        expect(claim.evidence[0]).to.deep.include({ snapshot_id: ids.hpoa, source: { file: 'hpoa-fixture.hpoa', line: claim.evidence[0].source.line } });
      }
      const recorded = body.claims.filter((c: { mondo_curie: string | null }) => c.mondo_curie === 'MONDO:0007915');
      expect(recorded).to.have.length(16); // mapped at import time through the active mondo snapshot
    });

    it('turns HPOA NOT into contradicts, kept apart by evidence_direction', async () => {
      const { body } = await get('/api/v1/conditions/OMIM:152700/claims?evidence_direction=contradicts');
      expect(body.claims).to.have.length(1);
      expect(body.claims[0]).to.deep.include({ subject: 'OMIM:152700', object: 'HP:0000006', object_label: 'Autosomal dominant inheritance', evidence_direction: 'contradicts', via: 'self' });
      expect(body.claims[0].qualifiers).to.include({ qualifier: 'NOT', aspect: 'I' });
      expect(body.claims[0].evidence[0]).to.deep.include({ source: { file: 'hpoa-fixture.hpoa', line: 14 }, reference: 'OMIM:152700', evidence_code: 'TAS' });
    });

    it('lists IS_A claims in both roles and pages with has_more', async () => {
      const isA = (await get('/api/v1/conditions/MONDO:0007915/claims?predicate=IS_A')).body.claims;
      expect(isA.map((c: { subject: string; object: string; role: string }) => `${c.subject}>${c.object}:${c.role}`).sort())
        .to.deep.equal(['MONDO:0005556>MONDO:0007915:object', 'MONDO:0007915>MONDO:0004670:subject']);
      const page = (await get('/api/v1/conditions/HP:0001369/claims?limit=2')).body;
      expect(page).to.include({ count: 2, has_more: true, limit: 2 });
      expect((await get('/api/v1/conditions/HP:9999999/claims')).status).to.equal(404);
    });
  });

  describe('GET /api/v1/snapshots and /report', () => {
    it('lists snapshots with active flags, filtered by resource', async () => {
      const all = (await get('/api/v1/snapshots')).body.snapshots;
      expect(all.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active]).sort()).to.deep.equal(Object.values(ids).sort().map((id) => [id, true]));
      expect((await get('/api/v1/snapshots?resource=hp')).body.snapshots.map((s: { snapshot_id: string }) => s.snapshot_id)).to.deep.equal([ids.hp]);
      expect((await get('/api/v1/snapshots?resource=go')).body.snapshots).to.deep.equal([]);
    });

    it('serves the import report, and 404 for an unknown snapshot', async () => {
      const { body } = await get(`/api/v1/snapshots/${ids.mondo}/report`);
      expect(body.snapshot).to.include({ snapshot_id: ids.mondo, status: 'completed', active: true, forced: false });
      expect(body.report.counts).to.include({ terms: 32, obsolete_terms: 1, sssom_exact_mappings: 9, sssom_skipped_non_exact: 1 });
      expect(body.report.details.mapping_sets[0].skipped_non_exact).to.deep.equal({ 'skos:closeMatch': 1 });
      expect((await get('/api/v1/snapshots/hp-000000000000-1/report')).status).to.equal(404);
    });
  });

  describe('§8 limits: 422', () => {
    const cases: [string, string][] = [
      ['/api/v1/conditions/search?q=x&limit=0', 'limit'],
      ['/api/v1/conditions/search?q=x&limit=201', 'limit'],
      ['/api/v1/conditions/search?q=x&limit=abc', 'limit'],
      ['/api/v1/conditions/search', 'q'],
      ['/api/v1/conditions/search?q=', 'q'],
      ['/api/v1/conditions/search?q=%20%20', 'q'],
      [`/api/v1/conditions/search?q=${'x'.repeat(201)}`, 'q'],
      ['/api/v1/conditions/MONDO:0007915/hierarchy?depth=4', 'depth'],
      ['/api/v1/conditions/MONDO:0007915/hierarchy?depth=-1', 'depth'],
      ['/api/v1/conditions/MONDO:0007915/hierarchy?depth=1.5', 'depth'],
      ['/api/v1/conditions/MONDO:0007915/claims?limit=0', 'limit'],
      ['/api/v1/conditions/MONDO:0007915/claims?limit=201', 'limit'],
      ['/api/v1/conditions/MONDO:0007915/claims?predicate=CURES', 'predicate'],
      ['/api/v1/conditions/MONDO:0007915/claims?evidence_direction=maybe', 'evidence_direction'],
      ['/api/v1/snapshots?resource=nope', 'resource'],
      ['/api/v1/snapshots/not_an_id!/report', 'snapshot_id'],
    ];
    for (const [url, field] of cases) {
      it(`${url.slice(0, 90)} -> 422 on ${field}`, async () => {
        const { status, body } = await get(url);
        expect(status, JSON.stringify(body)).to.equal(422);
        expect(body.detail.map((d: { loc: string[] }) => d.loc[d.loc.length - 1])).to.include(field);
      });
    }
    it('accepts the boundaries (limit 1 and 200, depth 0 and 3)', async () => {
      for (const url of ['/api/v1/conditions/search?q=a&limit=1', '/api/v1/conditions/search?q=a&limit=200', '/api/v1/conditions/MONDO:0007915/hierarchy?depth=0',
        '/api/v1/conditions/MONDO:0007915/hierarchy?depth=3', '/api/v1/conditions/MONDO:0007915/claims?limit=1', '/api/v1/conditions/MONDO:0007915/claims?limit=200']) {
        expect((await get(url)).status, url).to.equal(200);
      }
    });
  });

  describe('a newer snapshot', () => {
    it('becomes active; the previous one stays readable with its report', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-newer-'));
      try {
        const newer = path.join(dir, 'hp-fixture-next.obo');
        fs.writeFileSync(newer, `${fs.readFileSync(fixture('hp-fixture.obo'), 'utf8')}\n[Term]\nid: HP:9999991\nname: Fixture-only test phenotype\nis_a: HP:0000118 ! Phenotypic abnormality\n`);
        const result = await env.import({ resource: 'hp', files: [newer], allowUnpinned: true });
        expect(result.outcome).to.equal('imported');
        const newId = result.snapshot.snapshot_id;
        const hp = (await get('/api/v1/snapshots?resource=hp')).body.snapshots;
        const byId = Object.fromEntries(hp.map((s: { snapshot_id: string }) => [s.snapshot_id, s]));
        expect(byId[newId]).to.include({ active: true, forced: true });
        expect(byId[ids.hp!]).to.include({ active: false, status: 'completed' });
        expect(byId[ids.hp!].deactivated_at).to.be.a('string');
        const oldReport = await get(`/api/v1/snapshots/${ids.hp}/report`);
        expect(oldReport.status).to.equal(200);
        expect(oldReport.body.report.counts.terms).to.equal(33);
        expect((await get(`/api/v1/snapshots/${newId}/report`)).body.report).to.include({ forced: true, previous_active_snapshot_id: ids.hp });
        // Reads follow the active snapshot only: the new term is there, nothing is doubled.
        expect((await get('/api/v1/conditions/HP:9999991')).body.source.snapshot_id).to.equal(newId);
        const arthritis = (await get('/api/v1/conditions/HP:0001369/hierarchy')).body;
        expect(arthritis.parents).to.have.length(1);
        // Old rows are still in the store, untouched.
        expect(await env.count('biomed.terms', `snapshot_id = '${ids.hp}'`)).to.equal(33);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  // Child suites run after the tests above, so this one sees every response of the file.
  describe('every response', () => {
    it('put the research-only disclaimer on every 200 and 404 response', () => {
      const answered = seen.filter((r) => r.status === 200 || r.status === 404);
      expect(answered.length).to.be.greaterThan(30);
      for (const r of answered) expect(r.body.disclaimer, r.path).to.match(/^Research use only\..*not medical advice/);
    });
  });
});
