// The graph explorer's data shaping (domain/knowledge-graph/explorer-graph.ts): a /api/kg/graph answer
// read into nodes and edges, a node's neighbours merged in once each, cross-disease hops marked, hubs
// picked by drawn neighbours. Expected values are worked out by hand from the small graphs below.
import { expect } from 'chai';
import { drawnDegrees, fromGraphAnswer, hubs, KgGraphAnswer, KgNeighboursAnswer, mergeNeighbours } from '../../domain/knowledge-graph/explorer-graph';

const SLE = 'MONDO:0007915';
const RA = 'MONDO:0008383';

function answer(): KgGraphAnswer {
  const node = (id: string, type: string, hop: number) => ({ data: { id, label: id, type, hop } });
  const edge = (id: string, source: string, type: string, target: string) => ({ data: { id, source, target, type, claim_count: 1 } });
  return {
    disease: { id: SLE, label: 'SLE', type: 'Disease' },
    elements: {
      nodes: [node(SLE, 'Disease', 0), node('NCBIGene:3663', 'Gene', 1), node('DRUGBANK:DB01611', 'Compound', 1), node(RA, 'Disease', 2)],
      edges: [
        edge('e1', SLE, 'ASSOCIATES', 'NCBIGene:3663'),
        edge('e2', 'DRUGBANK:DB01611', 'TREATS', SLE),
        edge('e3', RA, 'ASSOCIATES', 'NCBIGene:3663'),
      ],
    },
    truncated: false,
  };
}

describe('Graph explorer data', function () {
  it('keeps each edge in its stored direction and dashes only the hops that touch another disease', function () {
    const graph = fromGraphAnswer(answer());
    expect(graph.nodes.size).to.equal(4);
    const edges = [...graph.edges.values()].map((e) => [e.source, e.type, e.target, e.cross]);
    expect(edges).to.deep.equal([
      [SLE, 'ASSOCIATES', 'NCBIGene:3663', false],
      ['DRUGBANK:DB01611', 'TREATS', SLE, false],
      [RA, 'ASSOCIATES', 'NCBIGene:3663', true],
    ]);
  });

  it('merges a node\'s neighbours once each, one hop further, with edges to nodes already drawn', function () {
    const graph = fromGraphAnswer(answer());
    const gene = (id: string) => ({ id, label: id, type: 'Gene' });
    const page: KgNeighboursAnswer = {
      node: gene('NCBIGene:3663'), total: 4,
      neighbors: [
        // Already drawn (SLE) and its edge already drawn: nothing new.
        { node: { id: SLE, label: 'SLE', type: 'Disease' }, edge: { source: SLE, target: 'NCBIGene:3663', type: 'ASSOCIATES', claim_count: 1 } },
        // New gene, linked twice (both directions of a symmetric relation listed, and a second type): one node, two edges.
        { node: gene('NCBIGene:7124'), edge: { source: 'NCBIGene:3663', target: 'NCBIGene:7124', type: 'INTERACTS_WITH', claim_count: 2 } },
        { node: gene('NCBIGene:7124'), edge: { source: 'NCBIGene:7124', target: 'NCBIGene:3663', type: 'INTERACTS_WITH', claim_count: 2 } },
        // A third disease reached through the gene: a cross-disease hop.
        { node: { id: 'MONDO:0005147', label: 'T1D', type: 'Disease' }, edge: { source: 'MONDO:0005147', target: 'NCBIGene:3663', type: 'ASSOCIATES', claim_count: 1 } },
      ],
    };
    const added = mergeNeighbours(graph, page);
    expect(added.nodes).to.deep.equal(['NCBIGene:7124', 'MONDO:0005147']);
    expect(added.edges).to.have.length(3);
    expect(graph.nodes.size).to.equal(6);
    expect(graph.edges.size).to.equal(6);
    expect(graph.nodes.get('NCBIGene:7124')?.hop).to.equal(2);
    expect(graph.edges.get('MONDO:0005147|ASSOCIATES|NCBIGene:3663')?.cross).to.equal(true);
    expect(graph.edges.get('NCBIGene:3663|INTERACTS_WITH|NCBIGene:7124')?.cross).to.equal(false);
    // Merging the same page again adds nothing.
    expect(mergeNeighbours(graph, page)).to.deep.equal({ nodes: [], edges: [] });
  });

  it('counts distinct drawn neighbours (two edges between a pair count once) and picks hubs by them', function () {
    const graph = fromGraphAnswer(answer());
    mergeNeighbours(graph, { node: { id: SLE, label: 'SLE', type: 'Disease' }, total: 1, neighbors: [
      { node: { id: 'DRUGBANK:DB01611', label: 'HCQ', type: 'Compound' }, edge: { source: 'DRUGBANK:DB01611', target: SLE, type: 'PALLIATES', claim_count: 1 } },
    ] });
    // SLE: gene, drug (TREATS and PALLIATES: one neighbour) = 2; gene: SLE, RA = 2; drug 1; RA 1.
    expect(Object.fromEntries(drawnDegrees(graph))).to.deep.equal({ [SLE]: 2, 'NCBIGene:3663': 2, 'DRUGBANK:DB01611': 1, [RA]: 1 });
    expect(hubs(drawnDegrees(graph), 2)).to.deep.equal(['MONDO:0007915', 'NCBIGene:3663']);
  });
});
