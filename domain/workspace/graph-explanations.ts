// Knowledge-graph explanations (pure): for each ranked candidate, a shortest path from the candidate's
// node to the disease's kg_seeds.disease_node, over sourced edges only. A path is reported exactly as
// the graph returns it (real node labels, each edge's relation and provenance); when there is none, the
// reason states the scope that was searched. Edges are never inferred or invented.
import type { ClaimEntity, GraphExplanation } from './dossier-types';
import type { EdgeRelation, GraphEdge, GraphNode } from '../kg/graph-data';
import type { GraphPath, GraphView } from '../kg/graph-view';
import { stableId } from './hashing';

export const EXPLANATION_MAX_HOPS = 4;

/**
 * Relations a path may follow (either direction). has_phenotype is left out: a route through a shared
 * phenotype links two diseases, not a candidate to this one.
 */
export const EXPLANATION_RELATIONS: readonly EdgeRelation[] = ['targets', 'participates_in', 'associated_with', 'implicated_in', 'treats'];

export function explanationId(candidateId: string, diseaseNode: string): string {
  return stableId('gx_', `${candidateId}->${diseaseNode}`);
}

function entity(node: GraphNode): ClaimEntity {
  return { id: node.id, label: node.label, kind: node.kind };
}

function joins(edge: GraphEdge, a: string, b: string): boolean {
  return (edge.source === a && edge.target === b) || (edge.source === b && edge.target === a);
}

/** The path is what it claims to be: consecutive nodes joined by the listed edges, within scope. */
function isWellFormed(path: GraphPath, from: string, to: string, maxHops: number, relations: readonly EdgeRelation[]): boolean {
  const { nodes, edges } = path;
  if (nodes.length < 2 || edges.length !== nodes.length - 1 || edges.length > maxHops) return false;
  if (nodes[0]!.id !== from || nodes[nodes.length - 1]!.id !== to) return false;
  return edges.every((edge, i) => relations.includes(edge.relation) && joins(edge, nodes[i]!.id, nodes[i + 1]!.id));
}

export interface ExplainOptions {
  maxHops?: number;
  relations?: readonly EdgeRelation[];
}

export function explainCandidate(graph: GraphView, candidate: ClaimEntity, diseaseNode: string, options: ExplainOptions = {}): GraphExplanation {
  const maxHops = options.maxHops ?? EXPLANATION_MAX_HOPS;
  const relations = options.relations ?? EXPLANATION_RELATIONS;
  const base = { explanation_id: explanationId(candidate.id, diseaseNode), candidate_id: candidate.id };
  const size = graph.size();
  const scope = `a graph of ${size.nodes} nodes and ${size.edges} edges`;
  const noPath = (reason: string): GraphExplanation => ({ ...base, status: 'no_path_found', path: null, reason });

  if (!graph.node(candidate.id)) return noPath(`candidate not in the knowledge graph: ${candidate.label} (${candidate.id}) is not a node of ${scope}`);
  if (!graph.node(diseaseNode)) return noPath(`disease node ${diseaseNode} is not in the knowledge graph (${scope})`);
  const path = graph.findPath({ from: candidate.id, to: diseaseNode, maxHops, relations });
  if (!path || !isWellFormed(path, candidate.id, diseaseNode, maxHops, relations)) {
    return noPath(`no path within ${maxHops} hops over relations ${relations.join(', ')} in ${scope}`);
  }
  return {
    ...base,
    status: 'found',
    path: {
      nodes: path.nodes.map(entity),
      relationships: path.edges.map((edge) => ({ relation: edge.relation, provenance: edge.provenance })),
    },
    reason: null,
  };
}

/** One explanation per candidate, in the candidates' order. */
export function explainCandidates(graph: GraphView, candidates: readonly ClaimEntity[], diseaseNode: string, options: ExplainOptions = {}): GraphExplanation[] {
  return candidates.map((candidate) => explainCandidate(graph, candidate, diseaseNode, options));
}
