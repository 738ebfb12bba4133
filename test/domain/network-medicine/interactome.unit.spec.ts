// The interactome structure against hand-worked graphs and a naive union-find written here.
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';
import {
  bfsFromSet, buildInteractome, components, degrees, distancesFrom, inducedComponents, largestComponent, largestInducedSize, shortestPathTo, UNREACHABLE,
} from '../../../domain/network-medicine/interactome';
import { seededRandom } from '../../../domain/shared/seeded-random';
import { floyd, network } from './support';

describe('network medicine: the interactome', () => {
  it('is an undirected simple graph: A–B stated both ways is one interaction; only INTERACTS_WITH counts', () => {
    const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'ppi' }]);
    const GiG = edgeTypeIndex('INTERACTS_WITH')!;
    b.addEdge(GiG, 'NCBIGene:1', 'NCBIGene:2', 0, 0);
    b.addEdge(GiG, 'NCBIGene:2', 'NCBIGene:1', 0, 1);
    b.addEdge(GiG, 'NCBIGene:2', 'NCBIGene:3', 0, 2);
    b.addEdge(edgeTypeIndex('PARTICIPATES_IN')!, 'NCBIGene:4', 'REACTOME:R-HSA-1', 0, 3);
    const g = b.build(new Map(), new Map());
    const ia = buildInteractome(g);
    expect(ia.size).to.equal(3);
    expect(ia.interactions).to.equal(2);
    expect([...ia.nodes].map((n) => g.id(n))).to.deep.equal(['NCBIGene:1', 'NCBIGene:2', 'NCBIGene:3']);
    expect([...degrees(ia)]).to.deep.equal([1, 2, 1]);
    expect(ia.localOf[g.lookup('NCBIGene:4')!]).to.equal(-1);
    // A filter that drops the 2-3 edge.
    const filtered = buildInteractome(g, (e) => g.id(g.edgeTarget(e)) !== 'NCBIGene:3');
    expect(filtered.size).to.equal(2);
  });

  it('orders genes by CURIE (string order: NCBIGene:10 before NCBIGene:9)', () => {
    const { g, ia } = network([[9, 10], [10, 2]]);
    expect([...ia.nodes].map((n) => g.id(n))).to.deep.equal(['NCBIGene:10', 'NCBIGene:2', 'NCBIGene:9']);
  });

  it('components, the largest one, and BFS distances from a set', () => {
    // 1-2-3-4-5 and 6-7.
    const { ia, local } = network([[1, 2], [2, 3], [3, 4], [4, 5], [6, 7]]);
    const c = components(ia);
    expect(c.sizes).to.deep.equal([5, 2]);
    expect(c.of[local(6)]).to.equal(c.of[local(7)]);
    const lcc = largestComponent(ia);
    expect(lcc.size).to.equal(5);
    expect(lcc.interactions).to.equal(4);
    const dist = new Uint8Array(ia.size);
    bfsFromSet(ia, [local(1), local(5)], 2, dist, new Int32Array(ia.size));
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => dist[local(n)])).to.deep.equal([0, 1, 2, 1, 0, UNREACHABLE, UNREACHABLE]);
  });

  it('BFS distances equal Floyd–Warshall on random graphs, sparse (top-down) and dense (bottom-up levels)', () => {
    const random = seededRandom(11);
    for (const [nodes, edgeCount] of [[40, 45], [40, 300], [80, 900]] as const) {
      const edges: [number, number][] = [];
      for (let i = 0; i < edgeCount; i++) {
        const a = 100 + Math.floor(random() * nodes);
        const b = 100 + Math.floor(random() * nodes);
        if (a !== b) edges.push([a, b]);
      }
      const { ia, local, gene } = network(edges);
      const genes = [...ia.nodes].map((_, l) => gene(l));
      const d = floyd(genes, edges);
      const sources = [genes[0]!, genes[3]!, genes[7]!];
      const dist = new Uint8Array(ia.size);
      bfsFromSet(ia, sources.map(local), sources.length, dist, new Int32Array(ia.size));
      for (const x of genes) {
        const expected = Math.min(...sources.map((s) => d(s, x)));
        expect(dist[local(x)], `gene ${x}`).to.equal(Number.isFinite(expected) ? expected : UNREACHABLE);
      }
    }
  });

  it('a shortest path steps to the smallest-CURIE neighbour one step closer', () => {
    // Two shortest paths 4 -> 1: 4-2-1 and 4-3-1; the path goes through 2.
    const { ia, local, gene } = network([[1, 2], [1, 3], [2, 4], [3, 4]]);
    const path = shortestPathTo(ia, distancesFrom(ia, local(1)), local(4))!;
    expect(path.map(gene)).to.deep.equal([4, 2, 1]);
    expect(shortestPathTo(ia, distancesFrom(ia, local(1)), local(1))!.map(gene)).to.deep.equal([1]);
  });

  it('components a gene set induces: hand-worked, and the allocation-free size equals a naive union-find', () => {
    const { ia, local, gene } = network([[1, 2], [2, 3], [5, 6], [3, 7], [7, 8], [8, 9]]);
    const members = [1, 2, 3, 5, 6, 9].map(local);
    const induced = inducedComponents(ia, members);
    expect(induced.largest.map(gene)).to.deep.equal([1, 2, 3]);
    expect(induced.sizes).to.deep.equal([3, 2, 1]);

    // A random graph of 60 genes, random member sets: union-find over the induced edges.
    const random = seededRandom(7);
    const edges: [number, number][] = [];
    for (let i = 0; i < 90; i++) {
      const a = 10 + Math.floor(random() * 60);
      const b = 10 + Math.floor(random() * 60);
      if (a !== b) edges.push([a, b]);
    }
    const big = network(edges);
    const stamp = new Int32Array(big.ia.size);
    const queue = new Int32Array(big.ia.size);
    for (let round = 1; round <= 30; round++) {
      const set = [...new Set(Array.from({ length: 15 }, () => Math.floor(random() * big.ia.size)))];
      const parent = new Map(set.map((s) => [s, s]));
      const find = (x: number): number => (parent.get(x) === x ? x : find(parent.get(x)!));
      for (const [a, b] of edges) {
        const la = big.local(a);
        const lb = big.local(b);
        if (parent.has(la) && parent.has(lb)) parent.set(find(la), find(lb));
      }
      const sizes = new Map<number, number>();
      for (const s of set) sizes.set(find(s), (sizes.get(find(s)) ?? 0) + 1);
      const naive = Math.max(...sizes.values());
      expect(largestInducedSize(big.ia, Int32Array.from(set), set.length, stamp, queue, round)).to.equal(naive);
      expect(inducedComponents(big.ia, set).largest.length).to.equal(naive);
    }
  });
});
