// The Workspace's view of the knowledge graph of the active snapshots (issue 24 item 2: one graph stack): the
// narrow GraphView the pipeline links records, reads claims, checks "drug acts on target" and explains with,
// over the typed store graph. Pure, built once per graph (the graph is immutable) on first use.
// - Nodes: Compound as drug, Gene as target, Pathway as pathway (the kinds a source record names), each with
//   the names the active snapshots give it (DrugBank vocabulary names and synonyms, HGNC symbols, aliases...).
// - Ids stay in the Workspace's entity namespace (entity-ids.ts), the one an unknown name gets too: a drug is
//   drug:<its name as a slug>, a gene target:<its symbol>, a pathway pathway:<its Reactome id>. So a candidate
//   keeps its id whether or not the active snapshots know it, and dossiers, reviews and monitor snapshots
//   taken before and after an import compare. The node's CURIE is in xrefs.curie. Two compounds of one name
//   (a DrugBank drug and a ChEMBL-only compound) are one drug, the DrugBank one first.
// - Edges: the store's typed edges read as the Workspace's relations (RELATION_TYPES); a step may go against
//   its edge, as the curated graph's did. Every edge cites its claims.
import type { EdgeRelation, GraphEdge, GraphNode, NodeKind } from '../kg/graph-data';
import type { GraphPath, GraphView, PathQuery } from '../kg/graph-view';
import { MentionIndex } from '../knowledge-graph/mention-index';
import { EDGE_TYPES, type NodeType } from '../knowledge-graph/metagraph';
import { kShortestPaths } from '../knowledge-graph/paths';
import { edgeTypeMask, type TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';
import { unresolvedEntityId } from './entity-ids';

/** The store's edge types each Workspace relation reads (implicated_in, a curated pathway-disease link, has none). */
export const RELATION_TYPES: Readonly<Record<EdgeRelation, readonly string[]>> = {
  targets: ['TARGETS', 'BINDS'],
  participates_in: ['PARTICIPATES_IN'],
  associated_with: ['ASSOCIATES'],
  implicated_in: [],
  has_phenotype: ['HAS_PHENOTYPE'],
  treats: ['TREATS'],
};

const RELATION_OF = new Map<string, EdgeRelation>(
  (Object.entries(RELATION_TYPES) as [EdgeRelation, readonly string[]][]).flatMap(([relation, types]) => types.map((t) => [t, relation] as const)));

const LINKED_KINDS: Partial<Record<NodeType, NodeKind>> = { Compound: 'drug', Gene: 'target', Pathway: 'pathway' };
const PATH_KINDS: Partial<Record<NodeType, NodeKind>> = { ...LINKED_KINDS, Disease: 'disease', Phenotype: 'phenotype' };

function localId(curie: string): string {
  return curie.slice(curie.indexOf(':') + 1);
}

/** The Workspace id of a store node, or undefined for a node of no Workspace kind. */
function workspaceId(g: TypedKnowledgeGraph, i: number): string | undefined {
  const kind = PATH_KINDS[g.typeOf(i)];
  if (!kind) return undefined;
  const curie = g.id(i);
  if (kind === 'pathway') return `pathway:${localId(curie)}`;
  if (kind === 'disease' || kind === 'phenotype') return `${kind}:${curie}`;
  return unresolvedEntityId(kind, g.label(i) || curie);
}

/** A compound of DrugBank before one of another resource; otherwise the first seen. */
function preferred(g: TypedKnowledgeGraph, held: number, other: number): boolean {
  return g.typeOf(other) === 'Compound' && g.id(other).startsWith('DRUGBANK:') && !g.id(held).startsWith('DRUGBANK:');
}

interface Built {
  nodes: Map<string, GraphNode>;
  /** Workspace id -> the store node it stands for. */
  index: Map<string, number>;
  mentions: MentionIndex;
}

function build(g: TypedKnowledgeGraph): Built {
  const index = new Map<string, number>();
  const names = new Map<string, Set<string>>();
  for (let i = 0; i < g.nodeCount; i++) {
    if (!LINKED_KINDS[g.typeOf(i)]) continue;
    const id = workspaceId(g, i)!;
    const held = index.get(id);
    if (held === undefined || preferred(g, held, i)) index.set(id, i);
    const set = names.get(id) ?? new Set<string>();
    for (const name of [g.label(i), ...g.synonymsOf(i)]) if (name) set.add(name);
    names.set(id, set);
  }
  const nodes = new Map<string, GraphNode>();
  for (const [id, i] of index) {
    const label = g.label(i) || g.id(i);
    const synonyms = [...names.get(id)!].filter((n) => n !== label);
    const kind = LINKED_KINDS[g.typeOf(i)]!;
    nodes.set(id, { id, kind, label, ...(synonyms.length > 0 ? { synonyms } : {}), xrefs: { curie: g.id(i), ...(kind === 'target' ? { hgnc_symbol: label } : {}) } });
  }
  return { nodes, index, mentions: new MentionIndex([...nodes.values()]) };
}

function claimProvenance(g: TypedKnowledgeGraph, edge: number): string {
  return g.claimsOf(edge).map((c) => `${c.resource} claim ${c.claim_no} (${c.snapshot_id})`).join('; ');
}

const views = new WeakMap<TypedKnowledgeGraph, GraphView>();

export function storeGraphView(g: TypedKnowledgeGraph): GraphView {
  const cached = views.get(g);
  if (cached) return cached;
  let built: Built | undefined;
  const get = () => (built ??= build(g));
  const nodeOf = (i: number): GraphNode => {
    const id = workspaceId(g, i)!;
    return get().nodes.get(id) ?? { id, kind: PATH_KINDS[g.typeOf(i)]!, label: g.label(i) || g.id(i), xrefs: { curie: g.id(i) } };
  };
  const indexOf = (id: string): number | undefined => {
    const linked = get().index.get(id);
    if (linked !== undefined) return linked;
    const kind = id.slice(0, id.indexOf(':'));
    if (kind !== 'disease' && kind !== 'phenotype') return undefined;
    const i = g.lookup(id.slice(kind.length + 1));
    return i !== undefined && PATH_KINDS[g.typeOf(i)] === kind ? i : undefined;
  };
  const view: GraphView = {
    node: (id) => get().nodes.get(id) ?? (indexOf(id) !== undefined ? nodeOf(indexOf(id)!) : undefined),
    size: () => ({ nodes: g.nodeCount, edges: g.edgeCount }),
    resolve: (name, kind) => get().mentions.resolve(name, kind),
    mentionedIn: (text, kinds) => get().mentions.mentionedIn(text, kinds),
    findPath(query: PathQuery): GraphPath | undefined {
      const from = indexOf(query.from);
      const to = indexOf(query.to);
      if (from === undefined || to === undefined) return undefined;
      if (from === to) return { nodes: [nodeOf(from)], edges: [] };
      const relations = query.relations ?? (Object.keys(RELATION_TYPES) as EdgeRelation[]);
      const allowed = edgeTypeMask(relations.flatMap((r) => RELATION_TYPES[r]));
      const found = kShortestPaths(g, { from, to, maxHops: query.maxHops ?? 4, k: 1, mode: 'any', allowed }).paths[0];
      // A path through a node of no Workspace kind (an anatomy term) cannot be told in the Workspace's words.
      if (!found || found.nodes.some((n) => !PATH_KINDS[g.typeOf(n)])) return undefined;
      const edges: GraphEdge[] = found.steps.map((s) => ({
        source: nodeOf(g.edgeSource(s.edge)).id, target: nodeOf(g.edgeTarget(s.edge)).id,
        relation: RELATION_OF.get(EDGE_TYPES[g.edgeTypeIndex(s.edge)]!.type)!, provenance: claimProvenance(g, s.edge),
      }));
      return { nodes: found.nodes.map(nodeOf), edges };
    },
  };
  views.set(g, view);
  return view;
}
