// What the pure pipeline may ask of the knowledge graph. Implemented over the typed store graph of the active
// snapshots in domain/workspace/store-graph-view.ts (specs also use small fixture graphs); the pipeline only sees
// this interface, so it stays a pure function of its inputs (the graph is data, loaded before the run).
import type { EdgeRelation, GraphEdge, GraphNode, NodeKind } from './graph-data';

export interface PathQuery {
  from: string;
  to: string;
  /** At most this many edges (default 4). */
  maxHops?: number;
  /** Only these relations (default: all). Edges are followed in either direction. */
  relations?: readonly EdgeRelation[];
}

export interface GraphPath {
  nodes: GraphNode[];
  /** edges[i] joins nodes[i] and nodes[i + 1]. */
  edges: GraphEdge[];
}

export interface GraphView {
  node(id: string): GraphNode | undefined;
  /** A shortest path, or undefined when none exists within the query's scope. */
  findPath(query: PathQuery): GraphPath | undefined;
  size(): { nodes: number; edges: number };
  /** The node a provider's name refers to (label or synonym, case-insensitive), if any. */
  resolve(name: string, kind?: NodeKind): GraphNode | undefined;
  /** Nodes of the given kinds named in free text (whole-word, case-insensitive match of labels and synonyms). */
  mentionedIn(text: string, kinds: readonly NodeKind[]): GraphNode[];
}
