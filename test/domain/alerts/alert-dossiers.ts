// Tiny dossiers for alert rules: each candidate is given a score, a rank and the evidence (id ->
// quality score) its one supporting claim cites.
import type { Dossier } from '../../../domain/workspace/dossier-types';

export interface CandidateSpec {
  id: string;
  type?: 'drug' | 'target';
  score: number;
  rank: number;
  evidence: Record<string, number>;
}

export type TinyDossier = Pick<Dossier, 'drug_rankings' | 'target_rankings' | 'claims' | 'evidence'>;

export function tinyDossier(candidates: CandidateSpec[]): TinyDossier {
  const dossier: TinyDossier = { drug_rankings: [], target_rankings: [], claims: [], evidence: [] };
  const seen = new Set<string>();
  for (const c of candidates) {
    const kind = c.type ?? 'drug';
    const claimId = `cl_${c.id}`;
    dossier.claims.push({
      claim_id: claimId, subject: { id: c.id, label: c.id.toUpperCase(), kind }, relationship: 'supports',
      object: { id: 'disease', label: 'Disease', kind: 'disease' as never }, statement: `${c.id} supports`, evidence_ids: Object.keys(c.evidence),
      citations: [], origin: 'deterministic',
    });
    for (const [id, quality] of Object.entries(c.evidence)) {
      if (seen.has(id)) continue;
      seen.add(id);
      dossier.evidence.push({ evidence_id: id, quality_score: quality } as Dossier['evidence'][number]);
    }
    const ranking = {
      candidate_id: c.id, label: c.id.toUpperCase(), kind, rank: c.rank, score: c.score, confidence_band: 'low' as const, component_scores: {},
      explanation: '', supporting_claim_ids: [claimId], contradicting_claim_ids: [], citation_ids: [], graph_explanation_ids: [],
    };
    (kind === 'drug' ? dossier.drug_rankings : dossier.target_rankings).push(ranking);
  }
  return dossier;
}
