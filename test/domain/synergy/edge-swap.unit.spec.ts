// The randomised-network null of drug-pair separation (Maslov & Sneppen double edge swaps; issue 29: the z-scores
// against randomised networks of Cheng et al.'s configurations). Checked two ways:
// - invariants of the rewiring on a seeded random graph: every gene keeps its degree, no self-loop, no repeated
//   edge, the edge count is kept, and the graph did change;
// - the z against an enumeration: on a 6-gene graph every simple graph with the same degree sequence is listed
//   (all 7-edge subsets of the 15 possible edges with those degrees), s_AB is computed on each by its definition
//   over Floyd–Warshall distances, and the exact mean, sd and z of that uniform reference are compared with the
//   chain's (the swap chain is symmetric and irreducible on these graphs, so its samples are uniform over them).
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';
import { seededRandom } from '../../../domain/shared/seeded-random';
import { EdgeKeySet, EdgeSwapChain, undirectedEdges } from '../../../domain/synergy/edge-swap';
import { buildInteractome, inInteractome, Interactome } from '../../../domain/synergy/interactome';
import { placeSet, separation } from '../../../domain/synergy/network-separation';
import { networkRandomisationNull } from '../../../domain/synergy/network-randomisation-null';
import { floyd, meanSd, subsets } from '../network-medicine/support';

function interactomeOf(edges: readonly (readonly [number, number])[]) {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 'ppi-1', resource: 'ppi' }]);
  edges.forEach(([a, c], i) => b.addEdge(edgeTypeIndex('INTERACTS_WITH')!, `NCBIGene:${a}`, `NCBIGene:${c}`, 0, i));
  const g = b.build(new Map(), new Map());
  const ia = buildInteractome(g);
  return { ia, local: (genes: number[]) => inInteractome(ia, genes.map((x) => g.lookup(`NCBIGene:${x}`)!)) };
}

const degreesOf = (net: Interactome) => Array.from({ length: net.nodes.length }, (_, u) => net.start[u + 1]! - net.start[u]!);

/** s_AB by its definition over all-pairs distances, genes reaching nothing left out of a mean (null: nothing left). */
function sByHand(nodes: number[], edges: readonly (readonly [number, number])[], a: number[], b: number[]): number | null {
  const d = floyd(nodes, edges);
  const finite = (xs: number[]) => xs.filter(Number.isFinite);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : null);
  const spread = (s: number[]) => (s.length === 1 ? 0 : mean(finite(s.map((x) => Math.min(...s.filter((y) => y !== x).map((y) => d(x, y)))))));
  const across = mean(finite([...a.map((x) => Math.min(...b.map((y) => d(x, y)))), ...b.map((y) => Math.min(...a.map((x) => d(x, y))))]));
  const sa = spread(a), sb = spread(b);
  return across === null || sa === null || sb === null ? null : across - (sa + sb) / 2;
}

describe('degree-preserving randomised networks (double edge swaps) and the separation z against them', function () {
  this.timeout(30_000);

  it('keeps every degree, never makes a self-loop or a repeated edge, and rewires the graph', () => {
    const random = seededRandom(5);
    const edges: [number, number][] = [];
    const seen = new Set<string>();
    while (edges.length < 90) {
      const a = 1 + Math.floor(random() * 40), b = 1 + Math.floor(random() * 40);
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      if (a === b || seen.has(key)) continue;
      seen.add(key);
      edges.push([a, b]);
    }
    const { ia } = interactomeOf(edges);
    const chain = new EdgeSwapChain(ia, seededRandom(9));
    chain.step(10 * edges.length);
    const rewired = chain.network();
    expect(degreesOf(rewired)).to.deep.equal(degreesOf(ia));
    const after = undirectedEdges(rewired);
    expect(after.a.length).to.equal(edges.length);
    const keys = new Set<number>();
    for (let i = 0; i < after.a.length; i++) {
      expect(after.a[i]).to.not.equal(after.b[i]);
      keys.add(after.a[i]! * 1000 + after.b[i]!);
    }
    expect(keys.size).to.equal(edges.length);
    // Adjacency lists hold no repeats either (the CSR built from the swapped edges).
    for (let u = 0; u < rewired.nodes.length; u++) {
      const list = Array.from(rewired.neighbours.subarray(rewired.start[u]!, rewired.start[u + 1]!));
      expect(new Set(list).size, `gene ${u}`).to.equal(list.length);
      expect(list).to.not.include(u);
    }
    const before = undirectedEdges(ia);
    const original = new Set(Array.from(before.a, (x, i) => x * 1000 + before.b[i]!));
    expect([...keys].filter((k) => !original.has(k)).length).to.be.greaterThan(edges.length / 2);
    expect(chain.accepted).to.be.greaterThan(0);
  });

  it('rewires exactly as the straightforward chain over a JS Set of edges does, step for step', () => {
    // The chain written out plainly (same random stream, same rule): the typed edge-key table must decide every swap alike.
    const random = seededRandom(21);
    const edges: [number, number][] = [];
    const seen = new Set<string>();
    while (edges.length < 150) {
      const a = 1 + Math.floor(random() * 60), b = 1 + Math.floor(random() * 60);
      if (a === b || seen.has(`${Math.min(a, b)}-${Math.max(a, b)}`)) continue;
      seen.add(`${Math.min(a, b)}-${Math.max(a, b)}`);
      edges.push([a, b]);
    }
    const { ia } = interactomeOf(edges);
    const start = undirectedEdges(ia);
    const a = Array.from(start.a), b = Array.from(start.b);
    const present = new Set(a.map((x, i) => `${x}-${b[i]}`));
    const key = (u: number, v: number) => `${Math.min(u, v)}-${Math.max(u, v)}`;
    const plain = seededRandom(4);
    const chain = new EdgeSwapChain(ia, seededRandom(4));
    for (let round = 0; round < 20; round++) {
      for (let k = 0; k < 100; k++) {
        const i = Math.floor(plain() * a.length), j = Math.floor(plain() * a.length);
        if (i === j) continue;
        const x = a[i]!, y = b[i]!;
        let u = a[j]!, v = b[j]!;
        if (plain() < 0.5) [u, v] = [v, u];
        if (x === v || u === y || present.has(key(x, v)) || present.has(key(u, y))) continue;
        present.delete(key(x, y)); present.delete(key(u, v)); present.add(key(x, v)); present.add(key(u, y));
        a[i] = Math.min(x, v); b[i] = Math.max(x, v); a[j] = Math.min(u, y); b[j] = Math.max(u, y);
      }
      chain.step(100);
      const now = undirectedEdges(chain.network());
      expect(Array.from(now.a, (x, i) => key(x, now.b[i]!)).sort(), `after ${100 * (round + 1)} attempts`).to.deep.equal([...present].sort());
    }
  });

  for (const [table, maxKey] of [['64-bit', undefined], ['32-bit', 2 ** 32 - 2]] as const) {
    it(`keeps an edge-key set (${table} slots) equal to a JS Set through random inserts and deletes (open addressing, backward shift)`, () => {
      const random = seededRandom(17);
      const mine = new EdgeKeySet(64, maxKey);
      const reference = new Set<number>();
      for (let k = 0; k < 20_000; k++) {
        const key = Math.floor(random() * 300) * 1e6 + Math.floor(random() * 3); // clustered keys collide often
        if (random() < 0.5 && reference.size < 100) { mine.add(key); reference.add(key); } else { mine.delete(key); reference.delete(key); }
        if (k % 97 === 0) for (let probe = 0; probe < 300; probe++) expect(mine.has(probe * 1e6 + (probe % 3))).to.equal(reference.has(probe * 1e6 + (probe % 3)));
      }
    });
  }

  it('gives the z of s_AB that the enumeration of every graph with the same degrees gives', () => {
    const nodes = [1, 2, 3, 4, 5, 6];
    const edges: [number, number][] = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 1], [1, 4]];
    const degree = (es: readonly [number, number][]) => nodes.map((x) => es.filter(([a, b]) => a === x || b === x).length).join(',');
    const target = degree(edges);
    const possible = subsets(nodes, 2).map(([a, b]) => [a!, b!] as [number, number]);
    const graphs = subsets(possible, edges.length).filter((es) => degree(es) === target);
    expect(graphs.length).to.be.greaterThan(5);
    const { ia, local } = interactomeOf(edges);
    const cases: [number[], number[]][] = [[[1], [2, 3]], [[1, 5], [3]], [[2, 6], [3, 5]]];
    const drugs = cases.flatMap(([a, b]) => [local(a), local(b)]);
    const pairs = cases.map(([a, b], i) => ({ a: 2 * i, b: 2 * i + 1, observed: separation(placeSet(ia, local(a)), placeSet(ia, local(b))).s_ab! }));
    const nulls = networkRandomisationNull(ia, drugs, pairs, { networks: 4000, schedule: { burnInPerEdge: 10, thinningPerEdge: 2 }, seed: 3 });
    cases.forEach(([a, b], i) => {
      const observed = sByHand(nodes, edges, a, b)!;
      expect(pairs[i]!.observed, `${a}|${b}`).to.be.closeTo(observed, 1e-12);
      const values = graphs.map((es) => sByHand(nodes, es, a, b)).filter((v): v is number => v !== null);
      const exact = meanSd(values);
      expect(nulls[i]!.random_mean, `${a}|${b} mean`).to.be.closeTo(exact.mean, 0.05);
      expect(nulls[i]!.random_sd, `${a}|${b} sd`).to.be.closeTo(exact.sd, 0.05);
      expect(nulls[i]!.z!, `${a}|${b} z`).to.be.closeTo((observed - exact.mean) / exact.sd, 0.15);
    });
  });

  it('gives no z to two drugs sharing their only target: s_AB is 0 on every rewired network', () => {
    const { ia, local } = interactomeOf([[1, 2], [2, 3], [3, 4], [4, 5], [5, 1], [2, 5]]);
    const [result] = networkRandomisationNull(ia, [local([3]), local([3])], [{ a: 0, b: 1, observed: 0 }], { networks: 50, schedule: { burnInPerEdge: 10, thinningPerEdge: 2 }, seed: 1 });
    expect(result).to.deep.include({ random_mean: 0, random_sd: 0, z: null, permutations_used: 50 });
  });
});
