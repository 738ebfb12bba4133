// Communities of the drawn graph: Louvain (Blondel, Guillaume, Lambiotte & Lefebvre, J Stat Mech 2008,
// doi:10.1088/1742-5468/2008/10/P10008) through graphology-communities-louvain, on the graph as
// undirected and simple (one link per pair of nodes, edge types and direction ignored, no self-loops),
// resolution 1, a fixed seed so the same graph is coloured the same way. Communities are ranked by size;
// the largest get a colour each, the rest share grey.
import { UndirectedGraph } from 'graphology';
import louvain from 'graphology-communities-louvain';
import { seededRandom } from '../../../../domain/shared/seeded-random';
import type { ExplorerGraph } from '../../../../domain/knowledge-graph/explorer-graph';

export const LOUVAIN_SEED = 17;
/** Tableau 10: told apart by most readers, and all readable next to the dark labels. */
export const COMMUNITY_PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
export const OTHER_COMMUNITY_COLOUR = '#d5d9de';

export interface Communities {
  /** Node id -> community rank (0 = largest). */
  rankOf: Map<string, number>;
  sizes: number[];
  modularity: number;
}

export function detectCommunities(graph: ExplorerGraph): Communities {
  const g = new UndirectedGraph();
  for (const id of graph.nodes.keys()) g.addNode(id);
  for (const e of graph.edges.values()) if (e.source !== e.target) g.mergeEdge(e.source, e.target);
  if (g.size === 0) return { rankOf: new Map([...graph.nodes.keys()].map((id, i) => [id, i])), sizes: [...graph.nodes.keys()].map(() => 1), modularity: 0 };
  const detailed = louvain.detailed(g, { getEdgeWeight: null, resolution: 1, rng: seededRandom(LOUVAIN_SEED) });
  const members = new Map<number, string[]>();
  for (const [id, c] of Object.entries(detailed.communities)) members.set(c, [...(members.get(c) ?? []), id]);
  const ranked = [...members.values()].map((ids) => ids.sort()).sort((a, b) => b.length - a.length || (a[0]! < b[0]! ? -1 : 1));
  const rankOf = new Map<string, number>();
  ranked.forEach((ids, rank) => ids.forEach((id) => rankOf.set(id, rank)));
  return { rankOf, sizes: ranked.map((ids) => ids.length), modularity: detailed.modularity };
}

export function communityColour(rank: number): string {
  return COMMUNITY_PALETTE[rank] ?? OTHER_COMMUNITY_COLOUR;
}
