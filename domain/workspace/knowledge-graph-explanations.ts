// Graph explanations from the knowledge graph of the active snapshots (pure; the graph is data loaded
// before the run). For each ranked candidate: link it to a graph node by identifier, then find the shortest
// typed path to the question's disease (MONDO node), each step with its direction and the claims behind it.
// - Linking: a target by its Ensembl id, else its HGNC symbol, through the exact mappings NCBI Gene gives
//   (ENSEMBL:… / GENE_SYMBOL:… -> NCBIGene:…); a drug by an exact, case-insensitive match of its name or a
//   synonym with exactly one DrugBank drug's name (the curated vocabulary carries no DrugBank ids: this is
//   the one name-based link, recorded as linked_by "drugbank_name"). Anything else stays unlinked.
// - Paths walk edges either way (a drug TARGETS a gene the disease ASSOCIATES with), and say when a step goes
//   against its edge. Edge types: indications, drug-gene, disease-gene, gene-gene, gene-pathway and the
//   disease IS_A hierarchy; side effects, phenotypes and expression are left out (sharing one explains nothing).
// - A path stays within the question's disease: first searched with every other disease node blocked. Only
//   when none exists is a path through another disease taken; it is labelled cross_disease with the
//   diseases it passes, and ranking scores it less (ranking.ts, graph_cross_disease_factor).
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';
import { edgeTypeMask } from '../knowledge-graph/typed-graph';
import { kShortestPaths } from '../knowledge-graph/paths';
import type { NodeType } from '../knowledge-graph/metagraph';
import type { NodeKind } from '../kg/graph-data';
import type { ClaimEntity, GraphExplanation, GraphRelationship } from './dossier-types';
import { explanationId, EXPLANATION_MAX_HOPS } from './graph-explanations';

export const EXPLANATION_EDGE_TYPES = ['TREATS', 'PALLIATES', 'TARGETS', 'BINDS', 'ASSOCIATES', 'INTERACTS_WITH', 'PARTICIPATES_IN', 'IS_A'];

const KIND_OF: Partial<Record<NodeType, NodeKind>> = { Compound: 'drug', Gene: 'target', Pathway: 'pathway', Disease: 'disease', Phenotype: 'phenotype' };

/** A candidate with the identifiers the curated vocabulary knows for it. */
export interface ExplainableCandidate extends ClaimEntity {
  synonyms?: readonly string[];
  xrefs?: Readonly<Record<string, string>>;
}

export interface KnowledgeGraphContext {
  graph: TypedKnowledgeGraph;
  /** The question's disease (a MONDO CURIE). */
  diseaseCurie: string;
}

const drugNameIndexes = new WeakMap<TypedKnowledgeGraph, Map<string, number[]>>();

function drugNames(g: TypedKnowledgeGraph): Map<string, number[]> {
  let index = drugNameIndexes.get(g);
  if (index) return index;
  index = new Map();
  for (let i = 0; i < g.nodeCount; i++) {
    if (g.typeOf(i) !== 'Compound' || !g.id(i).startsWith('DRUGBANK:')) continue;
    const key = g.label(i).toLowerCase();
    const list = index.get(key);
    if (list) list.push(i); else index.set(key, [i]);
  }
  drugNameIndexes.set(g, index);
  return index;
}

export function linkCandidate(g: TypedKnowledgeGraph, candidate: ExplainableCandidate): { node: number; linked_by: string } | undefined {
  if (candidate.kind === 'target') {
    const ensembl = candidate.xrefs?.ensembl;
    const symbol = candidate.xrefs?.hgnc_symbol ?? candidate.label;
    for (const [curie, by] of [[ensembl ? `ENSEMBL:${ensembl}` : '', 'ensembl'], [`GENE_SYMBOL:${symbol}`, 'hgnc_symbol']] as const) {
      if (!curie) continue;
      const node = g.lookup(curie);
      if (node !== undefined && g.typeOf(node) === 'Gene') return { node, linked_by: by };
    }
    return undefined;
  }
  if (candidate.kind === 'drug') {
    const names = drugNames(g);
    for (const name of [candidate.label, ...(candidate.synonyms ?? [])]) {
      const found = names.get(name.toLowerCase());
      if (found?.length === 1) return { node: found[0]!, linked_by: 'drugbank_name' };
    }
  }
  return undefined;
}

function entity(g: TypedKnowledgeGraph, node: number): ClaimEntity {
  return { id: g.id(node), label: g.label(node), kind: KIND_OF[g.typeOf(node)] ?? 'disease' };
}

function relationship(g: TypedKnowledgeGraph, edge: number, reverse: boolean): GraphRelationship {
  const claims = g.claimsOf(edge);
  const citations = claims.map((c) => ({ snapshot_id: c.snapshot_id, resource: c.resource, claim_no: c.claim_no >= 0 ? c.claim_no : null }));
  const provenance = citations.slice(0, 3)
    .map((c) => (c.claim_no === null ? `${c.resource} IS_A hierarchy (${c.snapshot_id})` : `${c.resource} claim ${c.claim_no} (${c.snapshot_id})`))
    .join('; ') + (citations.length > 3 ? `; and ${citations.length - 3} more` : '');
  return { relation: g.edgeType(edge), provenance, direction: reverse ? 'reverse' : 'forward', citations };
}

export function explainWithKnowledgeGraph(ctx: KnowledgeGraphContext, candidate: ExplainableCandidate, maxHops = EXPLANATION_MAX_HOPS): GraphExplanation {
  const g = ctx.graph;
  const base = { explanation_id: explanationId(candidate.id, ctx.diseaseCurie), candidate_id: candidate.id, graph: 'knowledge_graph' as const };
  const scope = `the knowledge graph of the active snapshots (${g.nodeCount} nodes, ${g.edgeCount} edges)`;
  const disease = g.lookup(ctx.diseaseCurie);
  const link = linkCandidate(g, candidate);
  const noPath = (reason: string): GraphExplanation => ({ ...base, status: 'no_path_found', path: null, reason, candidate_node: link ? g.id(link.node) : null, linked_by: link?.linked_by ?? null });
  if (disease === undefined) return noPath(`disease ${ctx.diseaseCurie} is not a node of ${scope}`);
  if (!link) {
    return noPath(candidate.kind === 'drug'
      ? `candidate not linked: no single DrugBank drug is named ${candidate.label} in ${scope}`
      : `candidate not linked: no gene of ${scope} has ${candidate.label}'s Ensembl id or HGNC symbol`);
  }
  const allowed = edgeTypeMask(EXPLANATION_EDGE_TYPES);
  const otherDiseases = new Uint8Array(g.nodeCount);
  for (let i = 0; i < g.nodeCount; i++) if (i !== disease && g.typeOf(i) === 'Disease') otherDiseases[i] = 1;
  const query = { from: link.node, to: disease, maxHops, k: 1, mode: 'any' as const, allowed };
  let found = kShortestPaths(g, { ...query, blocked: otherDiseases }).paths[0];
  let crossDisease = false;
  if (!found) {
    found = kShortestPaths(g, query).paths[0];
    crossDisease = found !== undefined;
  }
  if (!found) return noPath(`no path within ${maxHops} hops over ${EXPLANATION_EDGE_TYPES.join(', ')} in ${scope}`);
  const nodes = [{ id: candidate.id, label: candidate.label, kind: candidate.kind }, ...found.nodes.slice(1).map((n) => entity(g, n))];
  const via = found.nodes.slice(1, -1).filter((n) => g.typeOf(n) === 'Disease').map((n) => entity(g, n));
  return {
    ...base, status: 'found', reason: null, candidate_node: g.id(link.node), linked_by: link.linked_by,
    path: { nodes, relationships: found.steps.map((s) => relationship(g, s.edge, s.reverse)) },
    cross_disease: crossDisease, ...(crossDisease ? { via_diseases: via } : {}),
  };
}
