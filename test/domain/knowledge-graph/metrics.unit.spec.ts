// Centralities and communities checked against values worked out by hand (comments) or a second,
// naive implementation in this file — never against the code's own output.
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { communities, connectedNodes, exactCentrality, sampledCentrality, wholeGraphCentrality } from '../../../domain/knowledge-graph/metrics';
import { edgeTypeMask, KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';

const GiG = edgeTypeIndex('INTERACTS_WITH')!;
const ALL = edgeTypeMask(undefined);

function genes(edges: [number, number][]): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'ppi' }]);
  edges.forEach(([a, c], i) => b.addEdge(GiG, `NCBIGene:${a}`, `NCBIGene:${c}`, 0, i));
  return b.build(new Map(), new Map());
}

const scoreOf = (g: TypedKnowledgeGraph, s: { nodes: number[]; scores: Float64Array }, gene: number) => s.scores[s.nodes.indexOf(g.lookup(`NCBIGene:${gene}`)!)]!;

describe('knowledge graph: centrality', () => {
  // The path 1-2-3-4-5. Betweenness of 3: the pairs {1,2}x{4,5} = 4 pass through it; of 2: {1}x{3,4,5} = 3;
  // normalised by (n-1)(n-2)/2 = 6: 0.6667 and 0.5. Harmonic closeness of 3: (1/2+1+1+1/2)/(n-1) = 0.75;
  // of 1: (1+1/2+1/3+1/4)/4 = 0.5208.
  const path = () => genes([[1, 2], [2, 3], [3, 4], [4, 5]]);

  it('exact betweenness and closeness on a path', () => {
    const g = path();
    const nodes = connectedNodes(g, ALL);
    const between = exactCentrality(g, nodes, ALL, 'betweenness');
    expect(scoreOf(g, between, 3)).to.be.closeTo(4 / 6, 1e-9);
    expect(scoreOf(g, between, 2)).to.be.closeTo(3 / 6, 1e-9);
    expect(scoreOf(g, between, 1)).to.equal(0);
  });

  it('the sampled estimators equal the exact values when every node is a pivot', () => {
    const g = path();
    const between = sampledCentrality(g, ALL, 'betweenness', 100, 1);
    expect(between.samples).to.equal(5);
    expect(scoreOf(g, between, 3)).to.be.closeTo(4 / 6, 1e-9);
    expect(scoreOf(g, between, 2)).to.be.closeTo(0.5, 1e-9);
    const close = sampledCentrality(g, ALL, 'closeness', 100, 1);
    expect(scoreOf(g, close, 3)).to.be.closeTo(0.75, 1e-9);
    expect(scoreOf(g, close, 1)).to.be.closeTo((1 + 1 / 2 + 1 / 3 + 1 / 4) / 4, 1e-9);
  });

  it('the same seed gives the same sample; the estimate stays near the exact value on a larger graph', () => {
    // A 30-node ring with chords, built deterministically.
    const edges: [number, number][] = [];
    for (let i = 1; i <= 30; i++) edges.push([i, (i % 30) + 1]);
    for (let i = 1; i <= 30; i += 3) edges.push([i, ((i + 10) % 30) + 1]);
    const g = genes(edges);
    const a = sampledCentrality(g, ALL, 'betweenness', 15, 42);
    const b = sampledCentrality(g, ALL, 'betweenness', 15, 42);
    expect([...a.scores]).to.deep.equal([...b.scores]);
    const exact = exactCentrality(g, connectedNodes(g, ALL), ALL, 'betweenness');
    const meanAbs = [...exact.nodes].reduce((sum, n, i) => sum + Math.abs(exact.scores[i]! - a.scores[a.nodes.indexOf(n)]!), 0) / exact.nodes.length;
    const meanExact = [...exact.scores].reduce((x, y) => x + y, 0) / exact.nodes.length;
    expect(meanAbs).to.be.lessThan(meanExact); // an estimate, not noise
  });

  it('PageRank equals a naive power iteration written here', () => {
    // A star 1-{2,3,4} plus the edge 3-4: symmetric edges count both ways.
    const g = genes([[1, 2], [1, 3], [1, 4], [3, 4]]);
    const pr = wholeGraphCentrality(g, ALL, 'pagerank', 0, 0);
    const adjacency: Record<number, number[]> = { 1: [2, 3, 4], 2: [1], 3: [1, 4], 4: [1, 3] };
    let rank: Record<number, number> = { 1: 0.25, 2: 0.25, 3: 0.25, 4: 0.25 };
    for (let it = 0; it < 200; it++) {
      const next: Record<number, number> = { 1: 0.15 / 4, 2: 0.15 / 4, 3: 0.15 / 4, 4: 0.15 / 4 };
      for (const [u, out] of Object.entries(adjacency)) for (const v of out) next[v]! += 0.85 * rank[Number(u)]! / out.length;
      rank = next;
    }
    for (const gene of [1, 2, 3, 4]) expect(scoreOf(g, pr, gene)).to.be.closeTo(rank[gene]!, 1e-4);
    const degree = wholeGraphCentrality(g, ALL, 'degree', 0, 0);
    expect([1, 2, 3, 4].map((n) => scoreOf(g, degree, n))).to.deep.equal([3, 1, 2, 2]);
  });
});

describe('knowledge graph: Louvain communities', () => {
  // Two 4-cliques {1..4} and {5..8} joined by the single edge 4-5.
  const edges: [number, number][] = [];
  for (const base of [0, 4]) for (let i = 1; i <= 4; i++) for (let j = i + 1; j <= 4; j++) edges.push([base + i, base + j]);
  edges.push([4, 5]);

  it('splits two cliques joined by one edge, the same way for the same seed', () => {
    const g = genes(edges);
    const nodes = connectedNodes(g, ALL);
    const first = communities(g, nodes, ALL, 7);
    const second = communities(g, nodes, ALL, 7);
    expect([...first.community]).to.deep.equal([...second.community]);
    expect(first.count).to.equal(2);
    const of = (gene: number) => first.community[nodes.indexOf(g.lookup(`NCBIGene:${gene}`)!)];
    expect(new Set([1, 2, 3, 4].map(of)).size).to.equal(1);
    expect(new Set([5, 6, 7, 8].map(of)).size).to.equal(1);
    expect(of(1)).to.not.equal(of(5));
    // Modularity by hand: m = 13 edges; each side has 6 internal edges and degree sum 13.
    // Q = sum over communities (L_c/m - (d_c/2m)^2) = 2 * (6/13 - (13/26)^2) = 0.4231.
    expect(first.modularity).to.be.closeTo(2 * (6 / 13 - 0.25), 1e-9);
  });
});
