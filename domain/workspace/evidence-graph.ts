// The evidence graph of one dossier (pure), in a shape a dashboard can draw as it is: nodes with an id,
// a kind and a label; edges whose source and target are always node ids. Node ids keep the dossier's
// own namespaces (drug:…, target:…, pathway:…, disease:…, cl_… claims, ev_… evidence records), so
// they never collide.
import type { ClaimEntity, Dossier } from './dossier-types';

export type GraphNodeKind = 'drug' | 'target' | 'pathway' | 'disease' | 'phenotype' | 'claim' | 'evidence';

export interface EvidenceGraphNode {
  id: string;
  kind: GraphNodeKind;
  label: string;
  /** Ranked candidates only. */
  candidate?: { rank: number; score: number; confidence_band: string; decision: 'pin' | 'reject' | null };
  /** Claims only. */
  claim?: { relationship: string; origin: string; citations: string[] };
  /** Evidence records only. */
  evidence?: { source: string; native_id: string; url: string; published: string | null; evidence_type: string; quality_tier: string; quality_score: number };
}

/**
 * claim_relation: subject → object, as a claim states it (relation = the claim's relationship);
 * claim_subject / claim_object: claim → the entities it is about; evidence: evidence record → claim it backs;
 * kg_path: one hop of a knowledge-graph explanation path, with the edge's source provenance.
 */
export type GraphEdgeKind = 'claim_relation' | 'claim_subject' | 'claim_object' | 'evidence' | 'kg_path';

export interface EvidenceGraphEdge {
  id: string;
  source: string;
  target: string;
  relation: string;
  kind: GraphEdgeKind;
  claim_id?: string;
  provenance?: string;
  explanation_ids?: string[];
}

export interface CandidateDecision {
  candidate_type: 'drug' | 'target';
  decision: 'pin' | 'reject';
  updated_at: string;
}

export interface EvidenceGraphPath {
  explanation_id: string;
  candidate_id: string;
  status: 'found' | 'no_path_found';
  node_ids: string[];
  reason: string | null;
}

export interface EvidenceGraph {
  nodes: EvidenceGraphNode[];
  edges: EvidenceGraphEdge[];
  paths: EvidenceGraphPath[];
  decisions: Record<string, CandidateDecision>;
}

export function buildEvidenceGraph(dossier: Dossier, decisions: Record<string, CandidateDecision>): EvidenceGraph {
  const nodes = new Map<string, EvidenceGraphNode>();
  const edges = new Map<string, EvidenceGraphEdge>();
  const entity = (e: ClaimEntity) => {
    if (!nodes.has(e.id)) nodes.set(e.id, { id: e.id, kind: e.kind, label: e.label });
  };
  const edge = (e: Omit<EvidenceGraphEdge, 'id'>) => {
    const id = `${e.kind}:${e.source}->${e.target}:${e.relation}${e.claim_id ? `:${e.claim_id}` : ''}`;
    const existing = edges.get(id);
    if (!existing) {
      edges.set(id, { id, ...e });
    } else if (e.explanation_ids) {
      existing.explanation_ids = [...new Set([...(existing.explanation_ids ?? []), ...e.explanation_ids])];
    }
  };

  for (const ranking of [...dossier.drug_rankings, ...dossier.target_rankings]) {
    nodes.set(ranking.candidate_id, {
      id: ranking.candidate_id, kind: ranking.kind, label: ranking.label,
      candidate: {
        rank: ranking.rank, score: ranking.score, confidence_band: ranking.confidence_band,
        decision: decisions[ranking.candidate_id]?.decision ?? null,
      },
    });
  }
  for (const item of dossier.evidence) {
    nodes.set(item.evidence_id, {
      id: item.evidence_id, kind: 'evidence', label: item.title,
      evidence: {
        source: item.source, native_id: item.native_id, url: item.url, published: item.published,
        evidence_type: item.evidence_type, quality_tier: item.quality_tier, quality_score: item.quality_score,
      },
    });
  }
  for (const claim of dossier.claims) {
    entity(claim.subject);
    entity(claim.object);
    nodes.set(claim.claim_id, {
      id: claim.claim_id, kind: 'claim', label: claim.statement,
      claim: { relationship: claim.relationship, origin: claim.origin, citations: claim.citations },
    });
    edge({ source: claim.subject.id, target: claim.object.id, relation: claim.relationship, kind: 'claim_relation', claim_id: claim.claim_id });
    edge({ source: claim.claim_id, target: claim.subject.id, relation: 'subject', kind: 'claim_subject', claim_id: claim.claim_id });
    edge({ source: claim.claim_id, target: claim.object.id, relation: 'object', kind: 'claim_object', claim_id: claim.claim_id });
    for (const evidenceId of claim.evidence_ids) {
      // A claim may cite a record the dossier no longer lists; the graph never points at a missing node.
      if (!nodes.has(evidenceId)) continue;
      edge({ source: evidenceId, target: claim.claim_id, relation: 'evidence_for', kind: 'evidence', claim_id: claim.claim_id });
    }
  }
  const paths: EvidenceGraphPath[] = [];
  for (const explanation of dossier.graph_explanations) {
    const path = explanation.path;
    paths.push({
      explanation_id: explanation.explanation_id, candidate_id: explanation.candidate_id, status: explanation.status,
      node_ids: path?.nodes.map((n) => n.id) ?? [], reason: explanation.reason,
    });
    if (!path) continue;
    for (const n of path.nodes) entity(n);
    path.relationships.forEach((hop, i) => {
      const from = path.nodes[i];
      const to = path.nodes[i + 1];
      if (!from || !to) return;
      // The edge as stored: a step walked against it keeps its subject as source.
      const [source, target] = hop.direction === 'reverse' ? [to.id, from.id] : [from.id, to.id];
      edge({ source, target, relation: hop.relation, kind: 'kg_path', provenance: hop.provenance, explanation_ids: [explanation.explanation_id] });
    });
  }

  const kindOrder: GraphNodeKind[] = ['drug', 'target', 'pathway', 'disease', 'phenotype', 'claim', 'evidence'];
  return {
    nodes: [...nodes.values()].sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind)
      || (a.candidate?.rank ?? Infinity) - (b.candidate?.rank ?? Infinity) || a.id.localeCompare(b.id)),
    edges: [...edges.values()],
    paths,
    decisions,
  };
}
