// The knowledge graph the pipeline explains candidates with: nodes and sourced, directed edges held in
// a graphology multigraph, traversed in either direction. Pure: built from GraphFixture data already in
// memory (infra/kg/load-graph.ts reads the files), never touches I/O, never infers an edge from text.
import { MultiDirectedGraph } from 'graphology';
import type { EdgeRelation, GraphEdge, GraphFixture, GraphNode, NodeKind } from './graph-data';
import type { GraphPath, GraphView, PathQuery } from './graph-view';

export const EDGE_RELATIONS: readonly EdgeRelation[] = ['targets', 'participates_in', 'associated_with', 'implicated_in', 'has_phenotype', 'treats'];
export const NODE_KINDS: readonly NodeKind[] = ['drug', 'target', 'pathway', 'disease', 'phenotype'];
export const DEFAULT_MAX_HOPS = 4;

/** An edge as the graph holds it: identical edges from several files collapse into one, citing each source. */
export interface KnowledgeGraphEdge extends GraphEdge {
  /** Every distinct provenance, in load order; `provenance` is them joined with "; ". */
  readonly provenances: readonly string[];
}

/** Terms shorter than this (letters and digits only) are never matched in free text. */
export const MIN_MENTION_LENGTH = 3;

/**
 * A label or synonym made only of these words is never matched in free text: "MET" (the gene) would
 * otherwise be found in every trial that "met its primary endpoint".
 */
export const MENTION_STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at',
  'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by', 'can', 'could', 'did', 'do',
  'does', 'doing', 'down', 'during', 'each', 'few', 'for', 'from', 'further', 'had', 'has', 'have', 'having', 'he',
  'her', 'here', 'hers', 'him', 'his', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'may', 'me', 'more', 'most',
  'my', 'no', 'nor', 'not', 'now', 'of', 'off', 'on', 'once', 'one', 'only', 'or', 'other', 'our', 'out', 'over',
  'own', 'per', 'same', 'she', 'should', 'so', 'some', 'such', 'than', 'that', 'the', 'their', 'them', 'then',
  'there', 'these', 'they', 'this', 'those', 'through', 'to', 'too', 'two', 'under', 'until', 'up', 'very', 'via',
  'was', 'we', 'were', 'what', 'when', 'where', 'which', 'while', 'who', 'whom', 'why', 'will', 'with', 'would',
  'you', 'your', 'yes', 'use', 'used', 'using', 'new', 'non', 'type', 'total', 'large', 'day', 'days',
  // Gene symbols that are everyday words in trial and abstract text.
  'met', 'set', 'rest', 'end', 'arm', 'arms', 'age', 'cat', 'camp',
]);

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

/** A token trie over every matchable label and synonym: a walk from each word of a text finds every term starting there. */
interface MentionTrie {
  /** Nodes whose term ends here. */
  nodes: Readonly<GraphNode>[];
  next: Map<string, MentionTrie> | undefined;
}

/** NFKD without marks, lower-cased: "Behçet's" and "behcet's" compare equal. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of a text: runs of letters and digits, folded. Everything else (space, hyphen, slash...) separates. */
export function mentionTokens(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

function exactKey(name: string): string {
  return fold(name).replace(/\s+/g, ' ').trim();
}

/** "IL-6", "IL 6" and "il6" share this key. */
function looseKey(name: string): string {
  return mentionTokens(name).join('');
}

export class KnowledgeGraph implements GraphView {
  private readonly graph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>({ allowSelfLoops: false });
  /** exact key -> nodes, label matches first. */
  private readonly names = new Map<string, Readonly<GraphNode>[]>();
  private readonly looseNames = new Map<string, Readonly<GraphNode>[]>();
  private readonly mentionRoot: MentionTrie = { nodes: [], next: new Map() };
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

  /**
   * The node a name refers to: case- and accent-insensitive match of a label, then a synonym, then an id;
   * failing that, the same ignoring punctuation and spacing ("IL6" finds "IL-6"). Optionally of one kind.
   */
  resolve(name: string, kind?: NodeKind): GraphNode | undefined {
    const pick = (candidates: Readonly<GraphNode>[] | undefined) => candidates?.find((n) => !kind || n.kind === kind);
    return pick(this.names.get(exactKey(name))) ?? pick(this.looseNames.get(looseKey(name)));
  }

  /**
   * Nodes of the given kinds whose label or a synonym occurs in `text` as whole words, case- and
   * accent-insensitively. Words are runs of letters and digits; anything else separates them, so "TNF"
   * is found in "TNF-alpha" and "anti-TNF" but not in "TNFR1", "SLE" not in "sleep". A multi-word
   * term matches whatever separates its words ("IL-6" = "IL 6"). Terms under 3 letters/digits and terms
   * made only of stopwords are never matched. Each node once, in order of first mention.
   */
  mentionedIn(text: string, kinds: readonly NodeKind[]): GraphNode[] {
    if (kinds.length === 0 || !text) return [];
    const tokens = mentionTokens(text);
    const found = new Map<string, GraphNode>();
    for (let i = 0; i < tokens.length; i++) {
      let at = this.mentionRoot.next!.get(tokens[i]!);
      for (let j = i + 1; at; j++) {
        for (const node of at.nodes) if (!found.has(node.id) && kinds.includes(node.kind)) found.set(node.id, node);
        if (!at.next || j >= tokens.length) break;
        at = at.next.get(tokens[j]!);
      }
    }
    return [...found.values()];
  }

  private buildIndexes(): void {
    const add = (index: Map<string, Readonly<GraphNode>[]>, key: string, node: Readonly<GraphNode>) => {
      if (!key) return;
      const list = index.get(key);
      if (!list) index.set(key, [node]);
      else if (!list.includes(node)) list.push(node);
    };
    const all = this.graph.mapNodes((_id, attributes) => attributes.node);
    // Labels before synonyms before ids, so a label wins over another node's synonym.
    for (const pass of ['label', 'synonyms', 'id'] as const) {
      for (const node of all) {
        const names = pass === 'label' ? [node.label] : pass === 'synonyms' ? node.synonyms ?? [] : [node.id];
        for (const name of names) {
          add(this.names, exactKey(name), node);
          add(this.looseNames, looseKey(name), node);
        }
      }
    }
    for (const node of all) {
      for (const name of [node.label, ...(node.synonyms ?? [])]) {
        const tokens = mentionTokens(name);
        if (tokens.join('').length < MIN_MENTION_LENGTH) continue;
        if (tokens.every((t) => MENTION_STOPWORDS.has(t))) continue;
        let at = this.mentionRoot;
        for (const token of tokens) {
          at.next ??= new Map();
          let child = at.next.get(token);
          if (!child) {
            child = { nodes: [], next: undefined };
            at.next.set(token, child);
          }
          at = child;
        }
        if (!at.nodes.includes(node)) at.nodes.push(node);
      }
    }
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
