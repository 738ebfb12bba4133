// The dashboard graph explorer's graph as plain data (dashboard/src/views/graph): read from GET /api/kg/graph
// (a disease's bounded neighbourhood, edges in their stored direction), grown by a node's neighbours from
// GET /api/kg/neighbors, each edge marked when it touches a disease other than the page's (a cross-disease
// hop). Here, not under dashboard/, because it has no DOM and the unit tests run it under Node.

export interface KgGraphAnswer {
  disease: { id: string; label: string; type: string };
  elements: {
    nodes: { data: { id: string; label: string; type: string; hop: number } }[];
    edges: { data: { id: string; source: string; target: string; type: string; claim_count: number } }[];
  };
  truncated: boolean;
}

export interface KgNeighboursAnswer {
  node: { id: string; label: string; type: string };
  total: number;
  neighbors: { node: { id: string; label: string; type: string }; edge: { source: string; target: string; type: string; claim_count: number } }[];
}

export interface GraphNode { id: string; label: string; type: string; hop: number }
export interface GraphEdge { id: string; source: string; target: string; type: string; claimCount: number; cross: boolean }

export interface ExplorerGraph {
  /** The page's disease: the centre, and the disease a cross-disease hop leaves. */
  diseaseId: string;
  nodes: Map<string, GraphNode>;
  edges: Map<string, GraphEdge>;
}

/** One key per stored edge, whichever answer it came from (the two routes number edges differently). */
export function edgeKey(source: string, type: string, target: string): string {
  return `${source}|${type}|${target}`;
}

/** An edge is a cross-disease hop when one of its ends is a disease other than the page's. */
export function isCrossDisease(nodes: ReadonlyMap<string, GraphNode>, diseaseId: string, source: string, target: string): boolean {
  return [source, target].some((id) => id !== diseaseId && nodes.get(id)?.type === 'Disease');
}

export function fromGraphAnswer(answer: KgGraphAnswer): ExplorerGraph {
  const nodes = new Map(answer.elements.nodes.map(({ data: n }) => [n.id, { id: n.id, label: n.label, type: n.type, hop: n.hop }]));
  const graph: ExplorerGraph = { diseaseId: answer.disease.id, nodes, edges: new Map() };
  for (const { data: e } of answer.elements.edges) addEdge(graph, e.source, e.target, e.type, e.claim_count);
  return graph;
}

function addEdge(graph: ExplorerGraph, source: string, target: string, type: string, claimCount: number): boolean {
  const id = edgeKey(source, type, target);
  if (graph.edges.has(id) || !graph.nodes.has(source) || !graph.nodes.has(target)) return false;
  graph.edges.set(id, { id, source, target, type, claimCount, cross: isCrossDisease(graph.nodes, graph.diseaseId, source, target) });
  return true;
}

/**
 * Adds a node's neighbours (one page of /api/kg/neighbors) to the graph, in place: every neighbour not
 * drawn yet (one hop further than the node) and every listed edge, each once. Returns the ids added.
 */
export function mergeNeighbours(graph: ExplorerGraph, answer: KgNeighboursAnswer): { nodes: string[]; edges: string[] } {
  const centre = graph.nodes.get(answer.node.id);
  const hop = (centre?.hop ?? 0) + 1;
  const added = { nodes: [] as string[], edges: [] as string[] };
  if (!centre) {
    graph.nodes.set(answer.node.id, { ...answer.node, hop: 0 });
    added.nodes.push(answer.node.id);
  }
  for (const { node } of answer.neighbors) {
    if (graph.nodes.has(node.id)) continue;
    graph.nodes.set(node.id, { id: node.id, label: node.label, type: node.type, hop });
    added.nodes.push(node.id);
  }
  for (const { edge } of answer.neighbors) {
    if (addEdge(graph, edge.source, edge.target, edge.type, edge.claim_count)) added.edges.push(edgeKey(edge.source, edge.type, edge.target));
  }
  return added;
}

/** Distinct neighbours per node in the drawn graph (direction and edge type ignored). */
export function drawnDegrees(graph: ExplorerGraph): Map<string, number> {
  const neighbours = new Map<string, Set<string>>([...graph.nodes.keys()].map((id) => [id, new Set()]));
  for (const e of graph.edges.values()) {
    if (e.source === e.target) continue;
    neighbours.get(e.source)?.add(e.target);
    neighbours.get(e.target)?.add(e.source);
  }
  return new Map([...neighbours].map(([id, set]) => [id, set.size]));
}

/** The `count` best-connected nodes (ties by id), whose labels stay on: the rest show theirs on hover. */
export function hubs(degrees: ReadonlyMap<string, number>, count: number): string[] {
  return [...degrees].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, count).map(([id]) => id);
}

/** Node and edge types present, each with its count, most frequent first. */
export function typeCounts(values: Iterable<string>): [type: string, count: number][] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}
