// A node's page of neighbours (domain/knowledge-graph/neighbourhood.ts neighbourPage: the adjacency read
// directly, counted per type) checked against a straightforward second implementation written here: every step
// TypedKnowledgeGraph.forEachStep gives in any mode, filtered by direction, sorted by (edge type, node, edge)
// with a comparator, counted by type name in the order met. Random typed graphs, every node, every direction,
// several masks and pages.
import { expect } from 'chai';
import { EDGE_TYPES, PATH_DEFAULT_EXCLUDED } from '../../../domain/knowledge-graph/metagraph';
import { neighbourPage } from '../../../domain/knowledge-graph/neighbourhood';
import { edgeTypeMask, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { randomGraph } from './random-typed-graph';

function referencePage(g: TypedKnowledgeGraph, node: number, allowed: Uint8Array, direction: 'out' | 'in' | 'both', offset: number, limit: number) {
  const steps: { edge: number; other: number; reverse: boolean; type: number }[] = [];
  const counts: Record<string, number> = {};
  g.forEachStep(node, 'any', allowed, (edge, other) => {
    const type = g.edgeTypeIndex(edge);
    const symmetric = EDGE_TYPES[type]!.symmetric;
    const outgoing = g.edgeSource(edge) === node;
    if (direction === 'out' && !outgoing && !symmetric) return;
    if (direction === 'in' && outgoing && !symmetric) return;
    steps.push({ edge, other, reverse: !symmetric && !outgoing, type });
    counts[g.edgeType(edge)] = (counts[g.edgeType(edge)] ?? 0) + 1;
  });
  steps.sort((a, b) => a.type - b.type || a.other - b.other || a.edge - b.edge);
  return { total: steps.length, counts_by_edge_type: counts, page: steps.slice(offset, offset + limit).map(({ edge, other, reverse }) => ({ edge, other, reverse })) };
}

describe('knowledge graph: a node\'s neighbour page against a straightforward implementation', () => {
  it('gives the same page, total and per-type counts (in the same key order) for every node, direction, mask and page of 40 random graphs', () => {
    let compared = 0;
    let multiType = 0;
    const masks = [edgeTypeMask(undefined), edgeTypeMask(undefined, PATH_DEFAULT_EXCLUDED), edgeTypeMask(['INTERACTS_WITH', 'TARGETS'])];
    for (let seed = 100; seed < 140; seed++) {
      const g = randomGraph(seed);
      for (let node = 0; node < g.nodeCount; node++) {
        for (const direction of ['out', 'in', 'both'] as const) {
          for (const allowed of masks) {
            for (const [offset, limit] of [[0, 50], [0, 3], [2, 4]] as const) {
              const expected = referencePage(g, node, allowed, direction, offset, limit);
              const got = neighbourPage(g, node, allowed, direction, offset, limit);
              const where = `seed ${seed} ${g.id(node)} ${direction} offset ${offset} limit ${limit}`;
              expect(got, where).to.deep.equal(expected);
              // The answer is serialised as it is built: the counts' key order is part of what a client sees.
              expect(JSON.stringify(got.counts_by_edge_type), where).to.equal(JSON.stringify(expected.counts_by_edge_type));
              compared++;
              if (Object.keys(expected.counts_by_edge_type).length > 1) multiType++;
            }
          }
        }
      }
    }
    expect(compared).to.be.greaterThan(10_000);
    expect(multiType).to.be.greaterThan(1000);
  });
});
