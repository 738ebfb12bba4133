// Repurposing's multiplicity control (issue 29: ranked by z over a discrete null, no BH, and no number of
// permutations that could let rank 1 pass): BH q per candidate, ranking by p then z, permutations extended
// until the p floor can reach the FDR or a statement that it cannot, and low-information compounds flagged.
// The graph: a path of 60 genes (one degree bin), disease genes {1, 2, 3}; compound X targets exactly {1, 2, 3}
// (a random 3-set matches d = 0 with probability 1/C(60,3) = 1/34,220 per permutation, so it stays at the floor),
// the others one gene each.
import { expect } from 'chai';
import type { AnalysisDeps, AnalysisRunContext } from '../../../commands/analysis/analysis-module';
import { rankCandidates } from '../../../commands/analysis/repurpose/rank-candidates';
import { renderRepurposeHtml } from '../../../commands/analysis/repurpose/render-html';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { ServedGraph } from '../../../infra/kg/store-graph-cache';

const T = (name: string) => edgeTypeIndex(name)!;
const DISEASE = 'MONDO:0000001';

function graph(singleTargetCompounds: number): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 'ppi-1', resource: 'ppi' }, { snapshot_id: 'other-1', resource: 'other' }]);
  for (let i = 1; i < 60; i++) b.addEdge(T('INTERACTS_WITH'), `NCBIGene:${i}`, `NCBIGene:${i + 1}`, 0, i);
  let n = 0;
  for (const gene of [1, 2, 3]) b.addEdge(T('ASSOCIATES'), DISEASE, `NCBIGene:${gene}`, 1, n++);
  for (const gene of [1, 2, 3]) b.addEdge(T('TARGETS'), 'DRUGBANK:DB00001', `NCBIGene:${gene}`, 1, n++);
  for (let c = 0; c < singleTargetCompounds; c++) b.addEdge(T('TARGETS'), `DRUGBANK:DB1${String(c).padStart(4, '0')}`, `NCBIGene:${1 + (c % 60)}`, 1, n++);
  return b.build(new Map(), new Map());
}

const deps = (g: TypedKnowledgeGraph) =>
  ({ graph: async () => ({ graph: g }) as ServedGraph, diseases: { entry: () => undefined, list: () => [] }, settings: { dataDir: '/tmp' } }) as unknown as AnalysisDeps;
const context: AnalysisRunContext = { progress: async () => undefined, signal: new AbortController().signal };

/* eslint-disable @typescript-eslint/no-explicit-any */
async function run(compounds: number, permutations: number): Promise<any> {
  const outcome = await rankCandidates(deps(graph(compounds)), { disease_id: DISEASE, top_n: 500, permutations, seed: 5, fdr: 0.05 }, context);
  if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome));
  return outcome.result;
}

/** BH by its definition (a second implementation): q_i = min over j with p_j >= p_i of p_j · m / #{p <= p_j}. */
function bhByDefinition(ps: number[]): number[] {
  const m = ps.length;
  return ps.map((p) => Math.min(1, ...ps.filter((x) => x >= p).map((x) => (x * m) / ps.filter((y) => y <= x).length)));
}

describe('repurposing: BH q, adaptive permutations, ranking by p then z, low-information flags', function () {
  this.timeout(60_000);

  it('gives every candidate a BH q over all scored compounds, as the definition computes it', async () => {
    const r = await run(29, 100);
    expect(r.candidates_total).to.equal(30);
    const ps = r.candidates.map((c: any) => c.p_empirical);
    const expected = bhByDefinition(ps);
    r.candidates.forEach((c: any, i: number) => expect(c.q_bh, c.compound.id).to.be.closeTo(expected[i]!, 1e-12));
  });

  it('extends the permutations until the p floor can pass FDR 0.05: 30 tests need 599, and the compound at the floor passes', async () => {
    const r = await run(29, 100);
    // 1/(1+P) <= 0.05/30 -> P >= 599 (worked by hand).
    expect(r.multiplicity).to.deep.include({ fdr: 0.05, tests: 30, permutations_requested: 100, permutations_run: 599, resolution_reaches_fdr: true });
    const x = r.candidates.find((c: any) => c.compound.id === 'DRUGBANK:DB00001');
    expect(x.rank).to.equal(1);
    expect(x.p_empirical).to.be.closeTo(1 / 600, 1e-12);
    expect(x.q_bh).to.be.at.most(0.05);
    expect(r.multiplicity.passing_fdr).to.be.at.least(1);
  });

  it('says when the cap cannot give a p small enough (1,001 tests need 20,019 permutations > 20,000) and does not spend them', async () => {
    const r = await run(1000, 100);
    expect(r.multiplicity).to.deep.include({ tests: 1001, permutations_run: 100, permutations_needed: 20019, resolution_reaches_fdr: false, passing_fdr: 0 });
    expect(r.multiplicity.note).to.match(/cannot reach FDR 0\.05/);
  });

  it('ranks by p then z and flags compounds with one or two interactome targets as low information', async () => {
    const r = await run(29, 100);
    for (let i = 1; i < r.candidates.length; i++) {
      const [a, b] = [r.candidates[i - 1], r.candidates[i]];
      expect(a.p_empirical <= b.p_empirical, `${a.compound.id} before ${b.compound.id}`).to.equal(true);
      if (a.p_empirical === b.p_empirical && a.z !== null && b.z !== null) expect(a.z).to.be.at.most(b.z);
    }
    for (const c of r.candidates) expect(c.low_information, c.compound.id).to.equal(c.targets.scored <= 2);
    expect(r.candidates.find((c: any) => c.compound.id === 'DRUGBANK:DB00001').low_information).to.equal(false);
  });
});

describe('repurposing HTML report: q and the multiplicity note', () => {
  it('shows each candidate\'s BH q, the low-information flag and whether the p resolution reaches the FDR', async () => {
    const html = renderRepurposeHtml(await run(1000, 100));
    expect(html).to.contain('q (BH)').and.contain('low information').and.contain('cannot reach FDR 0.05');
  });
});
