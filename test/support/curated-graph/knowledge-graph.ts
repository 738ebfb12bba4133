// Test and bench support only: the curated fixtures/kg graph as a GraphView, the tiny graph specs of the pure
// pipeline run on (production runs on the store graph, domain/workspace/store-graph-view.ts). Formerly the graph the pipeline explained candidates with: nodes and sourced, directed edges held in
// a graphology multigraph, traversed in either direction. Pure: built from GraphFixture data already in
// memory (infra/kg/load-graph.ts reads the files), never touches I/O, never infers an edge from text.
import { MultiDirectedGraph } from 'graphology';
import type { EdgeRelation, GraphEdge, GraphFixture, GraphNode, NodeKind } from '../../../domain/kg/graph-data';
import type { GraphPath, GraphView, PathQuery } from '../../../domain/kg/graph-view';
import { MentionIndex } from '../../../domain/knowledge-graph/mention-index';
export { MENTION_STOPWORDS, MIN_MENTION_LENGTH, mentionTokens } from '../../../domain/knowledge-graph/mention-index';

export const EDGE_RELATIONS: readonly EdgeRelation[] = ['targets', 'participates_in', 'associated_with', 'implicated_in', 'has_phenotype', 'treats'];
export const NODE_KINDS: readonly NodeKind[] = ['drug', 'target', 'pathway', 'disease', 'phenotype'];
export const DEFAULT_MAX_HOPS = 4;

/** An edge as the graph holds it: identical edges from several files collapse into one, citing each source. */
export interface KnowledgeGraphEdge extends GraphEdge {
  /** Every distinct provenance, in load order; `provenance` is them joined with "; ". */
  readonly provenances: readonly string[];
}

interface NodeAttributes {
  node: Readonly<GraphNode>;
  /** disease_id of each fixture that declared the node. */
  diseases: Set<string>;
  [key: string]: unknown;
}
interface EdgeAttributes {
  edge: KnowledgeGraphEdge;
  [key: string]: unknown;
}

export class KnowledgeGraph implements GraphView {
  private readonly graph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>({ allowSelfLoops: false });
  /** Names of every node, for resolve and mentionedIn. */
  private mentions = new MentionIndex([]);
  private readonly diseaseIds = new Set<string>();

  private constructor() {}

  /**
   * Merges fixture files into one graph: a node id declared twice is one node (synonyms and xrefs
   * merged, a differing label kept as a synonym; a differing kind is an error); identical edges
   * (source, relation, target) collapse and keep every provenance. Edges may join nodes of other files.
   */
  static fromFixtures(fixtures: readonly GraphFixture[]): KnowledgeGraph {
    const kg = new KnowledgeGraph();
    const nodes = new Map<string, { node: GraphNode; diseases: Set<string> }>();
    for (const fixture of fixtures) {
      kg.diseaseIds.add(fixture.disease_id);
      for (const node of fixture.nodes) {
        const known = nodes.get(node.id);
        if (!known) {
          nodes.set(node.id, {
            node: { ...node, synonyms: [...new Set(node.synonyms ?? [])], ...(node.xrefs ? { xrefs: { ...node.xrefs } } : {}) },
            diseases: new Set([fixture.disease_id]),
          });
          continue;
        }
        if (known.node.kind !== node.kind) {
          throw new Error(`node ${node.id} is declared as a ${known.node.kind} and as a ${node.kind} (disease ${fixture.disease_id})`);
        }
        known.diseases.add(fixture.disease_id);
        const synonyms = new Set(known.node.synonyms);
        for (const name of [node.label, ...(node.synonyms ?? [])]) if (name !== known.node.label) synonyms.add(name);
        known.node.synonyms = [...synonyms];
        if (node.xrefs) known.node.xrefs = { ...node.xrefs, ...known.node.xrefs };
      }
    }
    for (const [id, { node, diseases }] of nodes) {
      if (node.synonyms!.length === 0) delete node.synonyms;
      const frozen = Object.freeze({ ...node, ...(node.synonyms ? { synonyms: Object.freeze(node.synonyms) as string[] } : {}) });
      kg.graph.addNode(id, { node: frozen, diseases });
    }
    for (const fixture of fixtures) {
      for (const edge of fixture.edges) {
        for (const end of [edge.source, edge.target]) {
          if (!kg.graph.hasNode(end)) {
            throw new Error(`edge ${edge.source} -${edge.relation}-> ${edge.target} (disease ${fixture.disease_id}) names unknown node ${end}`);
          }
        }
        if (edge.source === edge.target) throw new Error(`edge ${edge.source} -${edge.relation}-> ${edge.target} joins a node to itself`);
        const key = `${edge.source}\u0000${edge.relation}\u0000${edge.target}`;
        if (kg.graph.hasEdge(key)) {
          const held = kg.graph.getEdgeAttribute(key, 'edge');
          if (!held.provenances.includes(edge.provenance)) {
            const provenances = [...held.provenances, edge.provenance];
            kg.graph.setEdgeAttribute(key, 'edge', freezeEdge(edge, provenances));
          }
        } else {
          kg.graph.addDirectedEdgeWithKey(key, edge.source, edge.target, { edge: freezeEdge(edge, [edge.provenance]) });
        }
      }
    }
    kg.buildIndexes();
    return kg;
  }

  node(id: string): GraphNode | undefined {
    return this.graph.hasNode(id) ? this.graph.getNodeAttribute(id, 'node') : undefined;
  }

  size(): { nodes: number; edges: number } {
    return { nodes: this.graph.order, edges: this.graph.size };
  }

  /** Nodes, optionally of one kind and/or declared by one disease's fixture, in load order. */
  nodes(filter: { kind?: NodeKind; diseaseId?: string } = {}): GraphNode[] {
    const found: GraphNode[] = [];
    this.graph.forEachNode((_id, attributes) => {
      if (filter.kind && attributes.node.kind !== filter.kind) return;
      if (filter.diseaseId && !attributes.diseases.has(filter.diseaseId)) return;
      found.push(attributes.node);
    });
    return found;
  }

  edges(): KnowledgeGraphEdge[] {
    return this.graph.mapEdges((_key, attributes) => attributes.edge);
  }

  /** Edges touching a node, either direction. */
  edgesOf(id: string): KnowledgeGraphEdge[] {
    if (!this.graph.hasNode(id)) return [];
    return this.graph.mapEdges(id, (_key, attributes) => attributes.edge);
  }

  /** The disease_id of every fixture merged in. */
  diseases(): string[] {
    return [...this.diseaseIds].sort();
  }

  /**
   * A shortest path (fewest edges) from `from` to `to` of at most maxHops (default 4) edges, following
   * only the allowed relations, each in either direction. Edges come back as stored (source -> target),
   * so an edge may point against the path's direction. Undefined when an end is unknown or nothing joins them.
   */
  findPath(query: PathQuery): KnowledgeGraphPath | undefined {
    const { from, to } = query;
    const maxHops = query.maxHops ?? DEFAULT_MAX_HOPS;
    if (!this.graph.hasNode(from) || !this.graph.hasNode(to)) return undefined;
    if (from === to) return { nodes: [this.graph.getNodeAttribute(from, 'node')], edges: [] };
    const allowed = query.relations ? new Set<EdgeRelation>(query.relations) : undefined;
    const reachedBy = new Map<string, { previous: string; edge: KnowledgeGraphEdge }>();
    const visited = new Set<string>([from]);
    let frontier = [from];
    let found = false;
    for (let hop = 1; hop <= maxHops && !found && frontier.length > 0; hop++) {
      const next: string[] = [];
      for (const current of frontier) {
        this.graph.forEachEdge(current, (_key, attributes, source, target) => {
          if (found) return;
          if (allowed && !allowed.has(attributes.edge.relation)) return;
          const other = source === current ? target : source;
          if (visited.has(other)) return;
          visited.add(other);
          reachedBy.set(other, { previous: current, edge: attributes.edge });
          if (other === to) found = true;
          else next.push(other);
        });
        if (found) break;
      }
      frontier = next;
    }
    if (!found) return undefined;
    const nodes: GraphNode[] = [];
    const edges: KnowledgeGraphEdge[] = [];
    for (let at = to; at !== from;) {
      const step = reachedBy.get(at)!;
      nodes.push(this.graph.getNodeAttribute(at, 'node'));
      edges.push(step.edge);
      at = step.previous;
    }
    nodes.push(this.graph.getNodeAttribute(from, 'node'));
    return { nodes: nodes.reverse(), edges: edges.reverse() };
  }

  /** The node a name refers to (MentionIndex.resolve). */
  resolve(name: string, kind?: NodeKind): GraphNode | undefined {
    return this.mentions.resolve(name, kind);
  }

  /** Nodes of the given kinds whole-word named in `text` (MentionIndex.mentionedIn). */
  mentionedIn(text: string, kinds: readonly NodeKind[]): GraphNode[] {
    return this.mentions.mentionedIn(text, kinds);
  }

  private buildIndexes(): void {
    this.mentions = new MentionIndex(this.graph.mapNodes((_id, attributes) => attributes.node));
  }
}

export interface KnowledgeGraphPath extends GraphPath {
  edges: KnowledgeGraphEdge[];
}

function freezeEdge(edge: GraphEdge, provenances: string[]): KnowledgeGraphEdge {
  return Object.freeze({
    source: edge.source,
    target: edge.target,
    relation: edge.relation,
    provenance: provenances.join('; '),
    provenances: Object.freeze(provenances),
  });
}
