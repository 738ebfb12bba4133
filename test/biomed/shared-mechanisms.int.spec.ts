// GET /api/v1/analytics/shared-mechanisms?left_curie=&right_curie= over the fixture forms plus a
// hand-made active snapshot of gene and pathway claims (inserted directly: no importer writes
// ASSOCIATED_WITH_GENE / INVOLVES_PATHWAY yet): shared phenotypes, genes and pathways with Jaccard,
// the snapshots used, 404 and 422, and the disclaimer.
import { expect } from 'chai';
import { BiomedEnv, startBiomedEnv } from './support/biomed-env';
import { BASE_CLAIMS, importFixturesWithClaims, SYNTHETIC_SNAPSHOT } from './support/synthetic-claims';

const SYNTHETIC = SYNTHETIC_SNAPSHOT;

describe('biomed: GET /api/v1/analytics/shared-mechanisms', function () {
  this.timeout(60_000);
  let env: BiomedEnv;

  before(async () => {
    env = await startBiomedEnv();
    await importFixturesWithClaims(env, BASE_CLAIMS);
  });
  after(async () => { await env?.close(); });

  it('gives shared phenotypes, genes and pathways (direct or through genes) with Jaccard indices', async () => {
    const { status, body } = await env.get('/api/v1/analytics/shared-mechanisms?left_curie=MONDO:0007915&right_curie=MONDO:0008383');
    expect(status).to.equal(200);
    expect(body.disclaimer).to.be.a('string');
    expect(body.left).to.include({ curie: 'MONDO:0007915', mondo_curie: 'MONDO:0007915' });
    expect(body.phenotypes).to.include({ left_count: 8, right_count: 6, union_count: 9 });
    expect(body.phenotypes.jaccard).to.be.closeTo(5 / 9, 1e-12);
    expect(body.genes).to.deep.include({ left_count: 2, right_count: 2, union_count: 3, shared: [{ curie: 'GENE_SYMBOL:B', label: null }] });
    expect(body.genes.jaccard).to.be.closeTo(1 / 3, 1e-12);
    expect(body.pathways).to.include({ left_count: 3, right_count: 2, union_count: 3 });
    expect(body.pathways.jaccard).to.be.closeTo(2 / 3, 1e-12);
    expect(body.pathways.shared).to.deep.equal([
      { curie: 'REACTOME:R-HSA-2', label: null, left: { direct: false, genes: ['GENE_SYMBOL:B'] }, right: { direct: false, genes: ['GENE_SYMBOL:B', 'GENE_SYMBOL:C'] } },
      { curie: 'REACTOME:R-HSA-3', label: null, left: { direct: true, genes: [] }, right: { direct: false, genes: ['GENE_SYMBOL:C'] } },
    ]);
    expect(body.snapshots.map((s: { snapshot_id: string }) => s.snapshot_id)).to.include(SYNTHETIC);
  });

  it('null Jaccard when both sets are empty', async () => {
    const { body } = await env.get('/api/v1/analytics/shared-mechanisms?left_curie=MONDO:0000001&right_curie=MONDO:0005046');
    expect(body.genes).to.include({ jaccard: null, union_count: 0 });
    expect(body.pathways).to.include({ jaccard: null, union_count: 0 });
  });

  it('404 for an unknown CURIE and 422 for missing or malformed parameters, with the disclaimer on 404', async () => {
    const unknown = await env.get('/api/v1/analytics/shared-mechanisms?left_curie=MONDO:0007915&right_curie=MONDO:9999999');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.disclaimer).to.be.a('string');
    for (const q of ['', '?left_curie=MONDO:0007915', '?left_curie=MONDO:0007915&right_curie=not%20a%20curie', '?left_curie=A:1&right_curie=B:2&extra=1']) {
      expect((await env.get(`/api/v1/analytics/shared-mechanisms${q}`)).status, q).to.equal(422);
    }
  });
});
