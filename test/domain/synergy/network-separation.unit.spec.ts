// Interactome separation and proximity (Menche et al. 2015; Guney et al. 2016; as Cheng et al. 2019 use them),
// checked against values worked by hand below and against a naive all-pairs (Floyd–Warshall) computation.
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { seededRandom } from '../../../domain/shared/seeded-random';
import { buildInteractome, inInteractome, Interactome } from '../../../domain/synergy/interactome';
import { closestDistance, placeSet, separation } from '../../../domain/synergy/network-separation';

const GiG = edgeTypeIndex('INTERACTS_WITH')!;

function interactome(edges: [number, number][]): { g: TypedKnowledgeGraph; net: Interactome; set: (...genes: number[]) => number[] } {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'ppi' }]);
  edges.forEach(([a, c], i) => b.addEdge(GiG, `NCBIGene:${a}`, `NCBIGene:${c}`, 0, i));
  const g = b.build(new Map(), new Map());
  const net = buildInteractome(g);
  return { g, net, set: (...genes) => inInteractome(net, genes.map((x) => g.lookup(`NCBIGene:${x}`)!)) };
}

describe('network separation of gene sets', () => {
  // The path 1-2-3-4-5-6 with a branch 3-7, and a separate pair 8-9.
  const { net, set } = interactome([[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [3, 7], [8, 9]]);

  it('gives d_AA, d_AB and s_AB as worked by hand', () => {
    // A = {1,2}, B = {5,6}: d_AA = d_BB = 1; d_AB = (min(4,5) + min(3,4) + min(4,3) + min(5,4)) / 4 = 14/4 = 3.5;
    // s_AB = 3.5 - (1 + 1)/2 = 2.5 (separated).
    expect(separation(placeSet(net, set(1, 2)), placeSet(net, set(5, 6)))).to.deep.equal({ d_ab: 3.5, d_aa: 1, d_bb: 1, s_ab: 2.5, unreachable: 0 });
    // A = {2,3,4}, C = {3,4,5}: each spread 1; d_AC = (1 + 0 + 0 + 0 + 0 + 1) / 6 = 1/3; s = 1/3 - 1 = -2/3 (overlap).
    const overlap = separation(placeSet(net, set(2, 3, 4)), placeSet(net, set(3, 4, 5)));
    expect(overlap.s_ab).to.be.closeTo(-2 / 3, 1e-12);
    // A = {1,2} vs the "disease" D = {3,7}: d_DD = 1; d_AD = (2 + 1 + 1 + 2) / 4 = 1.5; s_AD = 0.5.
    expect(separation(placeSet(net, set(1, 2)), placeSet(net, set(3, 7))).s_ab).to.equal(0.5);
  });

  it('gives Guney\'s closest distance: the mean over targets of the hops to the nearest disease gene', () => {
    // d_c({1,2} -> {3,7}) = (d(1,3) + d(2,3)) / 2 = (2 + 1) / 2 = 1.5
    expect(closestDistance(set(1, 2), placeSet(net, set(3, 7)))).to.deep.equal({ value: 1.5, unreachable: 0 });
  });

  it('treats a single gene as spread 0 and leaves unreachable genes out of the means', () => {
    expect(placeSet(net, set(1)).spread).to.equal(0);
    expect(separation(placeSet(net, set(1)), placeSet(net, set(6)))).to.deep.include({ d_ab: 5, s_ab: 5 });
    expect(separation(placeSet(net, set(1)), placeSet(net, set(8)))).to.deep.include({ d_ab: null, s_ab: null, unreachable: 2 });
    expect(placeSet(net, set(1, 8)).spread).to.equal(null); // neither reaches the other
    expect(placeSet(net, set(8, 9, 1)).spread).to.equal(1); // 8<->9 at 1; gene 1 reaches neither and is left out
    expect(closestDistance(set(1, 8), placeSet(net, set(3)))).to.deep.equal({ value: 2, unreachable: 1 });
  });

  it('agrees with a naive all-pairs computation on random graphs and sets', () => {
    const random = seededRandom(11);
    for (let trial = 0; trial < 20; trial++) {
      const n = 30;
      const edges: [number, number][] = [];
      for (let i = 0; i < 45; i++) {
        const a = 1 + Math.floor(random() * n), b = 1 + Math.floor(random() * n);
        if (a !== b) edges.push([a, b]);
      }
      const { net: local, set: pick } = interactome(edges);
      // Floyd–Warshall over the graph's genes.
      const genes = [...new Set(edges.flat())];
      const idx = new Map(genes.map((x, i) => [x, i]));
      const INF = 1e9;
      const d: number[][] = genes.map((_a, i) => genes.map((_b, j) => (i === j ? 0 : INF)));
      for (const [a, b] of edges) { d[idx.get(a)!]![idx.get(b)!] = 1; d[idx.get(b)!]![idx.get(a)!] = 1; }
      for (let k = 0; k < genes.length; k++) for (let i = 0; i < genes.length; i++) for (let j = 0; j < genes.length; j++) {
        if (d[i]![k]! + d[k]![j]! < d[i]![j]!) d[i]![j] = d[i]![k]! + d[k]![j]!;
      }
      const dist = (a: number, b: number) => d[idx.get(a)!]![idx.get(b)!]!;
      const sample = (k: number) => [...new Set(Array.from({ length: k }, () => genes[Math.floor(random() * genes.length)]!))];
      const A = sample(3), B = sample(4);
      const minTo = (x: number, S: number[], self: boolean) => Math.min(...S.filter((y) => !self || y !== x).map((y) => dist(x, y)));
      const mean = (xs: number[]) => { const ok = xs.filter((x) => x < INF); return ok.length ? ok.reduce((s, x) => s + x, 0) / ok.length : null; };
      const spread = (S: number[]) => (S.length === 1 ? 0 : mean(S.map((x) => minTo(x, S, true))));
      const dAB = mean([...A.map((a) => minTo(a, B, false)), ...B.map((b) => minTo(b, A, false))]);
      const got = separation(placeSet(local, pick(...A)), placeSet(local, pick(...B)));
      expect(got.d_aa, `A ${A}`).to.equal(spread(A));
      expect(got.d_bb, `B ${B}`).to.equal(spread(B));
      expect(got.d_ab).to.equal(dAB);
    }
  });
});
