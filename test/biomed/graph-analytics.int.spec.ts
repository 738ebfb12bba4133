// Graph analytics over the fixture forms plus a hand-made active snapshot of gene and pathway claims
// (inserted directly, as in shared-mechanisms: no importer writes ASSOCIATED_WITH_GENE / INVOLVES_PATHWAY yet):
// GET /api/v1/analytics/targets/{curie}, /api/v1/analytics/subgraph/{curie}, /api/v1/biomed/pathways and
// /api/v1/biomed/target-prioritization/{disease_curie}: content, snapshots used, disclaimer, 404 and the §8 limits (422).
import { expect } from 'chai';
import { BiomedEnv, startBiomedEnv } from './support/biomed-env';
import { BASE_CLAIMS, importFixturesWithClaims, SYNTHETIC_SNAPSHOT } from './support/synthetic-claims';

const SYNTHETIC = SYNTHETIC_SNAPSHOT;
type Snap = { snapshot_id: string };
type Edge = { subject: string; predicate: string; object: string; evidence_direction: string; snapshot_id: string };

describe('biomed: graph analytics (targets, subgraph, claim paths, target prioritization)', function () {
  this.timeout(60_000);
  let env: BiomedEnv;

  before(async () => {
    env = await startBiomedEnv();
    await importFixturesWithClaims(env, [...BASE_CLAIMS, ['GENE_SYMBOL:Z', 'PARTICIPATES_IN', 'REACTOME:R-HSA-9', 'supports']]);
  });
  after(async () => { await env?.close(); });

  const snapshotIds = (body: { snapshots: Snap[] }) => body.snapshots.map((s) => s.snapshot_id);

  describe('GET /api/v1/analytics/targets/{curie}', () => {
    it('ranks the genes of a condition by net supporting evidence over condition and pathway claims', async () => {
      const { status, body } = await env.get('/api/v1/analytics/targets/MONDO:0007915');
      expect(status).to.equal(200);
      expect(body.disclaimer).to.be.a('string');
      expect(snapshotIds(body)).to.include(SYNTHETIC);
      expect(body).to.include({ top_k: 20, candidates: 3 });
      expect(body.targets.map((t: { curie: string; score: number; rank: number }) => [t.rank, t.curie, t.score])).to.deep.equal([
        [1, 'GENE_SYMBOL:A', 2], [2, 'GENE_SYMBOL:B', 2], [3, 'GENE_SYMBOL:D', 0],
      ]);
      expect(body.targets[2]).to.deep.include({
        evidence: { condition_supports: 0, condition_contradicts: 1, pathway_supports: 1, pathway_contradicts: 0 }, pathways: ['REACTOME:R-HSA-3'],
      });
    });

    it('follows exact equivalents and honours top_k', async () => {
      const { body } = await env.get('/api/v1/analytics/targets/MONDO:0008383?top_k=1');
      expect(body).to.include({ top_k: 1, candidates: 2 });
      expect(body.targets).to.have.length(1);
      expect(body.targets[0]).to.deep.include({ curie: 'GENE_SYMBOL:C', score: 3, pathways: ['REACTOME:R-HSA-2', 'REACTOME:R-HSA-3'] });
    });

    it('gives an empty ranking for a condition without gene claims', async () => {
      const { status, body } = await env.get('/api/v1/analytics/targets/MONDO:0005046');
      expect(status).to.equal(200);
      expect(body).to.deep.include({ candidates: 0, targets: [] });
    });
  });

  describe('GET /api/v1/biomed/target-prioritization/{disease_curie}', () => {
    it('ranks by 0.7 evidence + 0.3 normalized degree centrality with the components', async () => {
      const { status, body } = await env.get('/api/v1/biomed/target-prioritization/MONDO:0007915');
      expect(status).to.equal(200);
      expect(body.disclaimer).to.be.a('string');
      expect(snapshotIds(body)).to.include(SYNTHETIC);
      expect(body).to.include({ top_k: 10, candidates: 3 });
      // Supporting gene/pathway graph: 11 nodes (7915, 180300, A, B, C, D, Z, R1, R2, R3, R9), so centrality = degree / 10.
      expect(body.method.graph).to.deep.equal({ nodes: 11, edges: 11 });
      const rows = body.targets.map((t: { curie: string; score: number; components: Record<string, number> }) => [t.curie, t.components]);
      expect(rows).to.deep.equal([
        ['GENE_SYMBOL:B', { evidence: 1, centrality: 0.3, degree: 3, supports: 1, contradicts: 0 }],
        ['GENE_SYMBOL:A', { evidence: 1, centrality: 0.2, degree: 2, supports: 1, contradicts: 0 }],
        ['GENE_SYMBOL:D', { evidence: 0, centrality: 0.1, degree: 1, supports: 0, contradicts: 1 }],
      ]);
      expect(body.targets[0].score).to.be.closeTo(0.7 + 0.3 * 0.3, 1e-12);
      expect(body.targets[2].score).to.be.closeTo(0.3 * 0.1, 1e-12);
      const top = await env.get('/api/v1/biomed/target-prioritization/MONDO:0007915?top_k=2');
      expect(top.body.targets.map((t: { rank: number }) => t.rank)).to.deep.equal([1, 2]);
    });
  });

  describe('GET /api/v1/analytics/subgraph/{curie}', () => {
    it('gives the breadth-first neighbourhood with node kinds and claim edges', async () => {
      const { status, body } = await env.get('/api/v1/analytics/subgraph/GENE_SYMBOL:C?max_hops=1');
      expect(status).to.equal(200);
      expect(body.disclaimer).to.be.a('string');
      expect(snapshotIds(body)).to.include(SYNTHETIC);
      expect(body).to.include({ max_hops: 1, limit: 100, truncated: false });
      expect(body.center).to.deep.equal({ curie: 'GENE_SYMBOL:C', kind: 'gene', label: null });
      const nodes = Object.fromEntries(body.nodes.map((n: { curie: string; kind: string; hop: number }) => [n.curie, [n.kind, n.hop]]));
      expect(Object.keys(nodes).sort()).to.deep.equal(['GENE_SYMBOL:C', 'OMIM:180300', 'REACTOME:R-HSA-2', 'REACTOME:R-HSA-3']);
      expect(nodes['REACTOME:R-HSA-2']).to.deep.equal(['pathway', 1]);
      expect(body.edges.map((e: Edge) => `${e.subject} ${e.predicate} ${e.object} ${e.evidence_direction} ${e.snapshot_id}`).sort()).to.deep.equal([
        `GENE_SYMBOL:C PARTICIPATES_IN REACTOME:R-HSA-2 supports ${SYNTHETIC}`,
        `GENE_SYMBOL:C PARTICIPATES_IN REACTOME:R-HSA-3 supports ${SYNTHETIC}`,
        `OMIM:180300 ASSOCIATED_WITH_GENE GENE_SYMBOL:C supports ${SYNTHETIC}`,
      ]);
    });

    it('reaches further with more hops and truncates at limit', async () => {
      const two = await env.get('/api/v1/analytics/subgraph/GENE_SYMBOL:C?max_hops=2');
      const curies = two.body.nodes.map((n: { curie: string }) => n.curie);
      expect(curies).to.include.members(['GENE_SYMBOL:B', 'GENE_SYMBOL:D', 'MONDO:0007915']);
      expect(curies).to.not.include('GENE_SYMBOL:A');
      for (const e of two.body.edges as Edge[]) expect(curies).to.include.members([e.subject, e.object]);
      const cut = await env.get('/api/v1/analytics/subgraph/GENE_SYMBOL:C?max_hops=2&limit=3');
      expect(cut.body.truncated).to.equal(true);
      expect(cut.body.nodes).to.have.length(3);
      const kept = cut.body.nodes.map((n: { curie: string }) => n.curie);
      for (const e of cut.body.edges as Edge[]) expect(kept).to.include.members([e.subject, e.object]);
    });
  });

  describe('GET /api/v1/biomed/pathways', () => {
    const url = (q: string) => `/api/v1/biomed/pathways?${q}`;

    it('gives the claim paths between two entities, shortest first', async () => {
      const { status, body } = await env.get(url('start_curie=GENE_SYMBOL:A&target_curie=GENE_SYMBOL:C'));
      expect(status).to.equal(200);
      expect(body.disclaimer).to.be.a('string');
      expect(snapshotIds(body)).to.include(SYNTHETIC);
      expect(body).to.include({ max_depth: 3, limit: 10 });
      expect(body.paths).to.have.length(1);
      expect(body.paths[0].nodes).to.deep.equal(['GENE_SYMBOL:A', 'MONDO:0007915', 'REACTOME:R-HSA-3', 'GENE_SYMBOL:C']);
      expect(body.paths[0].claims.map((c: Edge) => c.predicate)).to.deep.equal(['ASSOCIATED_WITH_GENE', 'INVOLVES_PATHWAY', 'PARTICIPATES_IN']);
      const deeper = await env.get(url('start_curie=GENE_SYMBOL:A&target_curie=GENE_SYMBOL:C&max_depth=4'));
      const lengths = deeper.body.paths.map((p: { length: number }) => p.length);
      expect(lengths[0]).to.equal(3);
      expect([...lengths].sort()).to.deep.equal(lengths);
      const routes = deeper.body.paths.map((p: { nodes: string[] }) => p.nodes.join(' > '));
      expect(routes).to.include.members([
        'GENE_SYMBOL:A > MONDO:0007915 > GENE_SYMBOL:B > OMIM:180300 > GENE_SYMBOL:C',
        'GENE_SYMBOL:A > MONDO:0007915 > GENE_SYMBOL:B > REACTOME:R-HSA-2 > GENE_SYMBOL:C',
        'GENE_SYMBOL:A > MONDO:0007915 > GENE_SYMBOL:D > REACTOME:R-HSA-3 > GENE_SYMBOL:C',
      ]);
      for (const p of deeper.body.paths as { nodes: string[]; claims: Edge[] }[]) {
        expect(new Set(p.nodes).size).to.equal(p.nodes.length);
        p.claims.forEach((c, i) => expect([c.subject, c.object].sort()).to.deep.equal([p.nodes[i], p.nodes[i + 1]].sort()));
      }
      const one = await env.get(url('start_curie=GENE_SYMBOL:A&target_curie=GENE_SYMBOL:C&max_depth=4&limit=1'));
      expect(one.body.paths).to.have.length(1);
    });

    it('gives an empty list when there is no path within max_depth (nothing fabricated)', async () => {
      for (const q of ['start_curie=GENE_SYMBOL:A&target_curie=GENE_SYMBOL:C&max_depth=2', 'start_curie=GENE_SYMBOL:A&target_curie=GENE_SYMBOL:Z&max_depth=5']) {
        const { status, body } = await env.get(url(q));
        expect(status, q).to.equal(200);
        expect(body.paths, q).to.deep.equal([]);
      }
    });
  });

  it('404 with the disclaimer for unknown CURIEs', async () => {
    for (const u of [
      '/api/v1/analytics/targets/MONDO:9999999', '/api/v1/biomed/target-prioritization/MONDO:9999999',
      '/api/v1/analytics/subgraph/GENE_SYMBOL:NOPE', '/api/v1/biomed/pathways?start_curie=GENE_SYMBOL:A&target_curie=GENE_SYMBOL:NOPE',
    ]) {
      const { status, body } = await env.get(u);
      expect(status, u).to.equal(404);
      expect(body.disclaimer, u).to.be.a('string');
    }
  });

  it('422 at every §8 limit (0 and max + 1) and for missing or malformed parameters', async () => {
    const p = 'start_curie=GENE_SYMBOL:A&target_curie=GENE_SYMBOL:C';
    for (const u of [
      '/api/v1/analytics/targets/MONDO:0007915?top_k=0', '/api/v1/analytics/targets/MONDO:0007915?top_k=101',
      '/api/v1/biomed/target-prioritization/MONDO:0007915?top_k=0', '/api/v1/biomed/target-prioritization/MONDO:0007915?top_k=51',
      '/api/v1/analytics/subgraph/MONDO:0007915?max_hops=0', '/api/v1/analytics/subgraph/MONDO:0007915?max_hops=5',
      '/api/v1/analytics/subgraph/MONDO:0007915?limit=0', '/api/v1/analytics/subgraph/MONDO:0007915?limit=501',
      `/api/v1/biomed/pathways?${p}&max_depth=0`, `/api/v1/biomed/pathways?${p}&max_depth=6`,
      `/api/v1/biomed/pathways?${p}&limit=0`, `/api/v1/biomed/pathways?${p}&limit=51`,
      '/api/v1/biomed/pathways?start_curie=GENE_SYMBOL:A', '/api/v1/biomed/pathways?start_curie=GENE_SYMBOL:A&target_curie=not%20a%20curie',
      '/api/v1/analytics/targets/not%20a%20curie', '/api/v1/analytics/subgraph/MONDO:0007915?extra=1',
    ]) {
      expect((await env.get(u)).status, u).to.equal(422);
    }
    for (const u of [
      '/api/v1/analytics/targets/MONDO:0007915?top_k=100', '/api/v1/biomed/target-prioritization/MONDO:0007915?top_k=50',
      '/api/v1/analytics/subgraph/MONDO:0007915?max_hops=4&limit=500', `/api/v1/biomed/pathways?${p}&max_depth=5&limit=50`,
    ]) {
      expect((await env.get(u)).status, u).to.equal(200);
    }
  });
});
