// Small random typed graphs for checking graph algorithms against straightforward second implementations
// (paths-reference and neighbours-reference specs): hubs, symmetric interactions, expression edges.
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { seededRandom } from '../../../domain/shared/seeded-random';

/** The project's seeded generator (mulberry32), so a failing graph can be rebuilt from its seed. */
export const random = seededRandom;

const PREFIX = { Compound: 'DRUGBANK:DB', Gene: 'NCBIGene:', Disease: 'MONDO:', Anatomy: 'UBERON:', Pathway: 'REACTOME:R-HSA-' } as const;
type Kind = keyof typeof PREFIX;
const EDGES: [string, Kind, Kind][] = [
  ['TREATS', 'Compound', 'Disease'], ['TARGETS', 'Compound', 'Gene'], ['ASSOCIATES', 'Disease', 'Gene'], ['IS_A', 'Disease', 'Disease'],
  ['INTERACTS_WITH', 'Gene', 'Gene'], ['PARTICIPATES_IN', 'Gene', 'Pathway'], ['EXPRESSED_IN', 'Gene', 'Anatomy'],
];

export function randomGraph(seed: number): TypedKnowledgeGraph {
  const r = random(seed);
  const size: Record<Kind, number> = { Compound: 6, Gene: 14, Disease: 6, Anatomy: 3, Pathway: 3 };
  const node = (kind: Kind) => {
    // Node 0 of each kind is a hub: a third of the picks land on it.
    const i = r() < 0.33 ? 0 : Math.floor(r() * size[kind]);
    return kind === 'Disease' ? `MONDO:${String(i + 1).padStart(7, '0')}` : `${PREFIX[kind]}${i + 1}`;
  };
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'test' }]);
  for (let claim = 0; claim < 90; claim++) {
    const [type, from, to] = EDGES[Math.floor(r() * EDGES.length)]!;
    b.addEdge(edgeTypeIndex(type)!, node(from), node(to), 0, claim);
  }
  return b.build(new Map(), new Map());
}
