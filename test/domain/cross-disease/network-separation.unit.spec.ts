// Jaccard and network separation (Menche et al., Science 2015) on a small interactome worked by hand, and
// against a naive second implementation (a BFS from every gene, then the paper's formulas) on random graphs.
import { expect } from 'chai';
import { interactomeIndex } from '../../../domain/cross-disease/interactome-index';
import { networkSeparation, twoNearestSources } from '../../../domain/cross-disease/network-separation';
import { jaccard, sortedIntersection } from '../../../domain/cross-disease/set-overlap';
import { sharedCompounds } from '../../../domain/cross-disease/shared-compounds';
import { diseaseGenes } from '../../../domain/knowledge-graph/gene-sets';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { seededRandom } from '../../../domain/shared/seeded-random';

const t = (name: string) => edgeTypeIndex(name)!;
const gene = (i: number) => `NCBIGene:${i}`;
const A = 'MONDO:0000001';
const B = 'MONDO:0000002';
const C = 'MONDO:0000003';

/**
 *   1 — 2 — 3 — 4 — 5 — 6        8 — 9          (10: no interaction)
 *           |
 *           7
 *   A = {1, 2, 4}, B = {4, 6}, C = {8, 9, 10}
 *   DB1 TREATS A and TARGETS 6 (a gene of B); DB2 TARGETS 9 (C) only; DB3 TREATS A and B.
 */
function handGraph(): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'test' }]);
  for (const [x, y] of [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [3, 7], [8, 9]]) b.addEdge(t('INTERACTS_WITH'), gene(x!), gene(y!), 0, 1);
  for (const x of [1, 2, 4]) b.addEdge(t('ASSOCIATES'), A, gene(x), 0, 2);
  for (const x of [4, 6]) b.addEdge(t('ASSOCIATES'), B, gene(x), 0, 3);
  for (const x of [8, 9, 10]) b.addEdge(t('ASSOCIATES'), C, gene(x), 0, 4);
  b.addEdge(t('TREATS'), 'DRUGBANK:DB1', A, 0, 5);
  b.addEdge(t('TARGETS'), 'DRUGBANK:DB1', gene(6), 0, 6);
  b.addEdge(t('TARGETS'), 'DRUGBANK:DB2', gene(9), 0, 7);
  b.addEdge(t('TREATS'), 'DRUGBANK:DB3', A, 0, 8);
  b.addEdge(t('TREATS'), 'DRUGBANK:DB3', B, 0, 9);
  return b.build(new Map(), new Map());
}

describe('cross-disease: set overlap and network separation', () => {
  const g = handGraph();
  const genesOf = (d: string) => diseaseGenes(g, g.lookup(d)!);

  it('computes the Jaccard index of two gene sets by hand', () => {
    // A ∩ B = {4}, A ∪ B = {1, 2, 4, 6}: 1/4. A and C share nothing: 0. Two empty sets: undefined.
    expect(sortedIntersection(genesOf(A), genesOf(B)).map((x) => g.id(x))).to.deep.equal([gene(4)]);
    expect(jaccard(genesOf(A), genesOf(B))).to.equal(0.25);
    expect(jaccard(genesOf(A), genesOf(C))).to.equal(0);
    expect(jaccard([], [])).to.equal(null);
  });

  it('finds every gene\'s two nearest distinct sources', () => {
    const net = interactomeIndex(g);
    expect([net.nodes.length, net.edges]).to.deep.equal([9, 7]); // gene 10 has no interaction
    const local = (i: number) => net.local[g.lookup(gene(i))!]!;
    const { nearest, second } = twoNearestSources(net, [1, 2, 4].map(local));
    // 7 — 3 — {2, 4}: nearest 2 (via 3), second 2 (the other of 2 and 4). 1: itself 0, then 2 at 1. 6: 4 at 2, then 2 at 4.
    expect([nearest[local(7)], second[local(7)]]).to.deep.equal([2, 2]);
    expect([nearest[local(1)], second[local(1)]]).to.deep.equal([0, 1]);
    expect([nearest[local(6)], second[local(6)]]).to.deep.equal([2, 4]);
    expect([nearest[local(8)], second[local(8)]]).to.deep.equal([-1, -1]);
  });

  it('computes d_AA, d_AB and s_AB as worked by hand', () => {
    const s = networkSeparation(interactomeIndex(g), [genesOf(A), genesOf(B), genesOf(C)]);
    // d_AA: 1→2 = 1, 2→1 = 1, 4→2 = 2: 4/3.   d_BB: 4→6 = 2, 6→4 = 2: 2.   d_CC: 8↔9 = 1 (10 is outside the interactome).
    expect(s.modules[0]!.d_self).to.be.closeTo(4 / 3, 1e-12);
    expect(s.modules[1]!.d_self).to.equal(2);
    expect(s.modules[2]).to.deep.include({ d_self: 1, outside: 1, isolated: 0 });
    // d_AB: A→B: 1→4 = 3, 2→4 = 2, 4→4 = 0; B→A: 4 = 0, 6→4 = 2. (3+2+0+0+2)/5 = 7/5.
    // s_AB = 7/5 − (4/3 + 2)/2 = 7/5 − 5/3 = −4/15 (overlapping modules).
    expect(s.distance[0 * 3 + 1]).to.be.closeTo(7 / 5, 1e-12);
    expect(s.separation[0 * 3 + 1]).to.be.closeTo(-4 / 15, 1e-12);
    expect(s.separation[1 * 3 + 0]).to.be.closeTo(-4 / 15, 1e-12);
    // C is in another component: no gene of A or B reaches it, so d_AC and s_AC are undefined.
    expect(Number.isNaN(s.distance[0 * 3 + 2]!)).to.equal(true);
    expect(Number.isNaN(s.separation[1 * 3 + 2]!)).to.equal(true);
    expect(Number.isNaN(s.separation[0]!)).to.equal(true);
  });

  it('equals a naive all-pairs computation of the paper\'s formulas on random graphs', () => {
    const random = seededRandom(42);
    let checked = 0;
    for (let trial = 0; trial < 15; trial++) {
      const n = 20 + Math.floor(random() * 40);
      const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'test' }]);
      const adjacency = new Map<number, Set<number>>();
      const link = (x: number, y: number) => {
        if (x === y) return;
        b.addEdge(t('INTERACTS_WITH'), gene(x), gene(y), 0, 1);
        adjacency.set(x, (adjacency.get(x) ?? new Set()).add(y));
        adjacency.set(y, (adjacency.get(y) ?? new Set()).add(x));
      };
      for (let e = 0; e < n * 1.3; e++) link(1 + Math.floor(random() * n), 1 + Math.floor(random() * n));
      const sets = Array.from({ length: 4 }, () => [...new Set(Array.from({ length: 1 + Math.floor(random() * 6) }, () => 1 + Math.floor(random() * (n + 5))))]);
      sets.forEach((set, d) => set.forEach((x) => b.addEdge(t('ASSOCIATES'), `MONDO:000000${d + 1}`, gene(x), 0, 2)));
      const rg = b.build(new Map(), new Map());

      // Naive: BFS from every gene over the adjacency map; genes without interactions are outside.
      const dist = (from: number): Map<number, number> => {
        const seen = new Map([[from, 0]]);
        const queue = [from];
        while (queue.length) { const u = queue.shift()!; for (const v of adjacency.get(u) ?? []) if (!seen.has(v)) { seen.set(v, seen.get(u)! + 1); queue.push(v); } }
        return seen;
      };
      const inNet = sets.map((s) => s.filter((x) => adjacency.has(x)));
      const mean = (xs: number[]) => (xs.length ? xs.reduce((p, q) => p + q, 0) / xs.length : null);
      const nearestIn = (x: number, targets: number[], skipSelf: boolean) => {
        const d = dist(x);
        const reach = targets.filter((y) => !(skipSelf && y === x) && d.has(y)).map((y) => d.get(y)!);
        return reach.length ? Math.min(...reach) : null;
      };
      const dSelf = inNet.map((s) => mean(s.map((x) => nearestIn(x, s, true)).filter((v): v is number => v !== null)));
      const s = networkSeparation(interactomeIndex(rg), sets.map((_, d) => diseaseGenes(rg, rg.lookup(`MONDO:000000${d + 1}`)!)));
      for (let a = 0; a < 4; a++) {
        if (dSelf[a] === null) expect(s.modules[a]!.d_self).to.equal(null);
        else expect(s.modules[a]!.d_self).to.be.closeTo(dSelf[a]!, 1e-12);
        for (let c = a + 1; c < 4; c++) {
          const both = [...inNet[a]!.map((x) => nearestIn(x, inNet[c]!, false)), ...inNet[c]!.map((x) => nearestIn(x, inNet[a]!, false))].filter((v): v is number => v !== null);
          const dAB = mean(both);
          if (dAB === null) { expect(Number.isNaN(s.distance[a * 4 + c]!)).to.equal(true); continue; }
          expect(s.distance[a * 4 + c]).to.be.closeTo(dAB, 1e-12);
          if (dSelf[a] !== null && dSelf[c] !== null) {
            expect(s.separation[a * 4 + c]).to.be.closeTo(dAB - (dSelf[a]! + dSelf[c]!) / 2, 1e-12);
            checked++;
          } else expect(Number.isNaN(s.separation[a * 4 + c]!)).to.equal(true);
        }
      }
    }
    expect(checked, 'pairs with a defined s_AB compared').to.be.greaterThan(30);
  });

  it('lists compounds linked to several diseases, by indication and by target', () => {
    const diseases = [A, B, C].map((d) => ({ node: g.lookup(d)!, genes: genesOf(d) }));
    const shared = sharedCompounds(g, diseases);
    // DB3 treats A and B (two indications) ranks before DB1 (treats A, targets B's gene 6); DB2 reaches only C.
    expect(shared.map((s) => g.id(s.compound))).to.deep.equal(['DRUGBANK:DB3', 'DRUGBANK:DB1']);
    const db1 = shared[1]!;
    expect(db1.diseases.map((l) => ({ disease: l.disease, indication: l.indication, targets: l.targets.map((x) => g.id(x)) }))).to.deep.equal([
      { disease: 0, indication: true, targets: [] },
      { disease: 1, indication: false, targets: [gene(6)] },
    ]);
  });
});
