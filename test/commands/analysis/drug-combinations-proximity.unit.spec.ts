// The drug-combination configurations with proximity z-scores (Cheng et al., Nat Commun 2019; Guney et al., Nat
// Commun 2016) on a tiny hand-built graph. The interactome is the path 1-2-3-4-5-6-7-8 (d(i, j) = |i − j|); the
// disease genes are {1, 2}. With fewer than 100 genes the whole network is one degree bin, so the random target
// and gene sets are uniform subsets, and the exact reference distribution is enumerated below (every 2-subset of
// genes × every |T|-subset of targets; a second implementation, by Floyd–Warshall distances). Worked by hand:
//   drug  targets   d_c   exact null mean / sd      exact z   hits (z < 0)
//   A     {1}       0     1.4821 / 1.3362           −1.109    yes
//   B     {2,3}     0.5   1.4821 / 0.9366           −1.049    yes
//   E     {1,2}     0     1.4821 / 0.9366           −1.583    yes
//   G     {3,4,5}   2     1.4821 / 0.7580            0.683    no
//   C     {7,8}     5.5   1.4821 / 0.9366            4.290    no
//   D     {6}       4     1.4821 / 1.3362            1.884    no
//   F     {7}       5     1.4821 / 1.3362            2.633    no
// Separations s_AB = d_AB − (d_AA + d_BB)/2 (Menche et al. 2015):
//   A–B: d_AB = (1 + 1 + 2)/3 = 4/3, d_AA = 0, d_BB = 1 → s = 5/6 ≥ 0, both hit → complementary exposure
//   A–E: d_AE = (0 + 0 + 1)/3 = 1/3, d_EE = 1 → s = −1/6 < 0, both hit → overlapping exposure
//   B–G: d_BG = (1 + 0 + 0 + 1 + 2)/5 = 4/5, d_BB = d_GG = 1 → s = −1/5, B hits → indirect exposure
//   A–C: d_AC = (6 + 6 + 7)/3 = 19/3, d_CC = 1 → s = 35/6, A hits → single exposure
//   C–F: d_CF = (0 + 1 + 0)/3 = 1/3, d_CC = 1, d_FF = 0 → s = −1/6, neither → non-exposure
//   C–D: d_CD = (1 + 2 + 1)/3 = 4/3 → s = 5/6, neither → independent action
import { expect } from 'chai';
import type { AnalysisDeps, AnalysisRunContext } from '../../../commands/analysis/analysis-module';
import { drugCombinationsModule } from '../../../commands/analysis/drug-combinations/drug-combinations-module';
import { routeParameters } from '../../../commands/analysis/route-parameters';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { ServedGraph } from '../../../infra/kg/store-graph-cache';
import { floyd, meanSd, subsets } from '../../domain/network-medicine/support';

const T = (name: string) => edgeTypeIndex(name)!;
const DISEASE = 'MONDO:0000001';
const PATH: [number, number][] = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8]];
const DISEASE_GENES = [1, 2];
// H has A's single target: s_AH = 0 (d_AA = d_HH = d_AH = 0), the degenerate case of issue 29.
const DRUGS: Record<string, number[]> = { A: [1], B: [2, 3], C: [7, 8], D: [6], E: [1, 2], F: [7], G: [3, 4, 5], H: [1] };
const curie = (drug: string) => `DRUGBANK:DB0000${'ABCDEFGH'.indexOf(drug) + 1}`;

function graph(): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 'ppi-1', resource: 'ppi' }, { snapshot_id: 'other-1', resource: 'other' }]);
  PATH.forEach(([a, c], i) => b.addEdge(T('INTERACTS_WITH'), `NCBIGene:${a}`, `NCBIGene:${c}`, 0, i));
  let n = 0;
  for (const gene of DISEASE_GENES) b.addEdge(T('ASSOCIATES'), DISEASE, `NCBIGene:${gene}`, 1, n++);
  for (const [drug, targets] of Object.entries(DRUGS)) for (const t of targets) b.addEdge(T('TARGETS'), curie(drug), `NCBIGene:${t}`, 1, n++);
  const labels = new Map(Object.keys(DRUGS).map((d) => [curie(d), { label: d, synonyms: [] }]));
  return b.build(labels, new Map());
}

const deps = (g: TypedKnowledgeGraph): AnalysisDeps =>
  ({ graph: async () => ({ graph: g }) as ServedGraph, diseases: { entry: () => undefined, list: () => [] }, settings: { dataDir: '/tmp' } }) as unknown as AnalysisDeps;
const context: AnalysisRunContext = { progress: async () => undefined, signal: new AbortController().signal };

/** The exact z of a target set against uniform random (disease 2-subset, target |T|-subset) pairs. */
function exactZ(targets: number[]): number {
  const genes = [1, 2, 3, 4, 5, 6, 7, 8];
  const d = floyd(genes, PATH);
  const dc = (ts: number[], ss: number[]) => ts.reduce((sum, t) => sum + Math.min(...ss.map((s) => d(s, t))), 0) / ts.length;
  const values: number[] = [];
  for (const s of subsets(genes, DISEASE_GENES.length)) for (const t of subsets(genes, targets.length)) values.push(dc(t, s));
  const { mean, sd } = meanSd(values);
  return (dc(targets, DISEASE_GENES) - mean) / sd;
}

async function run(input: Record<string, unknown>) {
  const route = drugCombinationsModule.routes[0]!;
  // Through the route's schema, as the GET route and the job run it: the parameters not given take its defaults.
  const outcome = await route.run(deps(graph()), routeParameters(route.query, { disease_id: DISEASE, top_n: 50, permutations: 5000, seed: 7, ...input }), context);
  if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome));
  return outcome.result as {
    seed: number;
    compounds: { curie: string; proximity: { z: number; d: number } | null; hits_disease_module: boolean | null }[];
    pairs: {
      drug_a: { label: string }; drug_b: { label: string }; configuration: string; s_ab: number; z_a: number; z_b: number; target_sets: string;
      separation_null: { z: number | null; permutations: number } | null;
      network_null: { z: number | null; networks: number; random_sd: number } | null;
    }[];
  };
}

const pairOf = (r: Awaited<ReturnType<typeof run>>, x: string, y: string) =>
  r.pairs.find((p) => (p.drug_a.label === x && p.drug_b.label === y) || (p.drug_a.label === y && p.drug_b.label === x))!;

describe('drug-combination configurations from proximity z-scores (tiny graph)', function () {
  this.timeout(30_000);

  it('estimates each drug\'s proximity z-score as the exact enumeration gives it', async () => {
    const r = await run({});
    for (const [drug, targets] of Object.entries(DRUGS)) {
      const c = r.compounds.find((x) => x.curie === curie(drug))!;
      expect(c.proximity!.d, drug).to.be.closeTo(targets.reduce((s, t) => s + Math.min(...DISEASE_GENES.map((g) => Math.abs(g - t))), 0) / targets.length, 1e-9);
      // 5,000 permutations: the z estimate's standard error is about sqrt(1 + z²/2)/sqrt(5000) <= 0.05 here.
      expect(c.proximity!.z, drug).to.be.closeTo(exactZ(targets), 0.15);
      expect(c.hits_disease_module, drug).to.equal(exactZ(targets) < 0);
    }
  });

  it('classifies each pair by s_AB and the two z-scores as worked by hand', async () => {
    const r = await run({});
    const expected: [string, string, string, number][] = [
      ['A', 'B', 'complementary_exposure', 5 / 6], ['A', 'E', 'overlapping_exposure', -1 / 6], ['B', 'G', 'indirect_exposure', -1 / 5],
      ['A', 'C', 'single_exposure', 35 / 6], ['C', 'F', 'non_exposure', -1 / 6], ['C', 'D', 'independent_action', 5 / 6],
    ];
    for (const [x, y, config, s] of expected) {
      const p = pairOf(r, x, y);
      expect(p.configuration, `${x}–${y}`).to.equal(config);
      expect(p.s_ab, `${x}–${y}`).to.be.closeTo(s, 1e-4);
    }
    expect(r.pairs[0]!.configuration).to.equal('complementary_exposure');
  });

  it('ranks two drugs with the same single target as overlapping exposure, labelled identical, not as complementary exposure first', async () => {
    const r = await run({});
    const ah = pairOf(r, 'A', 'H');
    expect(ah.s_ab).to.equal(0); // the published rule alone (s_AB >= 0) would call this separated
    expect(ah.target_sets).to.equal('identical');
    expect(ah.configuration).to.equal('overlapping_exposure');
    expect(pairOf(r, 'E', 'H').target_sets).to.equal('nested');
    for (const p of r.pairs.filter((x) => x.configuration === 'complementary_exposure')) expect(p.target_sets).to.not.be.oneOf(['identical', 'nested']);
  });

  it('gives every returned pair a separation z against degree-preserving random target sets, on at most 100 permutations', async () => {
    const r = await run({ permutations: 300 });
    const ab = pairOf(r, 'A', 'B');
    expect(ab.separation_null!.permutations).to.equal(100);
    expect(ab.separation_null!.z).to.be.a('number');
  });

  it('gives every returned pair a z against randomised networks, and the target-set z to as many pairs as separation_z_pairs asks', async () => {
    const r = await run({ permutations: 300, network_randomisations: 30, separation_z_pairs: 500 });
    expect(r.pairs.length).to.be.greaterThan(20);
    for (const p of r.pairs) {
      expect(p.separation_null, `${p.drug_a.label}–${p.drug_b.label}`).to.not.equal(null);
      expect(p.network_null, `${p.drug_a.label}–${p.drug_b.label}`).to.not.equal(null);
      expect(p.network_null!.networks).to.be.at.most(30);
    }
    // A and H share their only target: s_AB is 0 on every rewired network, so no network z (the overlap is not the wiring's doing).
    expect(pairOf(r, 'A', 'H').network_null).to.deep.include({ random_sd: 0, z: null });
    const few = await run({ permutations: 300, network_randomisations: 0, separation_z_pairs: 3 });
    expect(few.pairs.filter((p) => p.separation_null !== null)).to.have.length(3);
    expect(few.pairs.every((p) => p.network_null === null)).to.equal(true);
  });

  it('moves the boundary with z_threshold: at −1.3 only E (z −1.58) hits, so A–E becomes indirect exposure', async () => {
    const r = await run({ z_threshold: -1.3 });
    expect(pairOf(r, 'A', 'E').configuration).to.equal('indirect_exposure');
    expect(pairOf(r, 'A', 'B').configuration).to.equal('independent_action');
  });

  it('gives a byte-identical result for the same seed, and other random sets for another seed', async () => {
    const [first, second, other] = [await run({ permutations: 300 }), await run({ permutations: 300 }), await run({ permutations: 300, seed: 8 })];
    expect(JSON.stringify(second)).to.equal(JSON.stringify(first));
    expect(first.seed).to.equal(7);
    expect(other.compounds.map((c) => c.proximity!.z)).to.not.deep.equal(first.compounds.map((c) => c.proximity!.z));
  });
});
