// The safety ranking a safety question gets (issue 28 §2; docs/scoring.md §5): drugs ordered by the harm their
// evidence shows, with its own bands and wording — a concern heuristic, never a probability of harm, and never
// "safe": no harm among the retrieved records is absence of evidence, not evidence of safety.
// Harm evidence, each record once: records behind the drug's harm claims (a trial stopped for safety, an
// article reporting deaths or serious adverse events, a label's boxed warning), scored as in the efficacy
// method (record score: quality, or a trial's phase × size), and the store facts that affect confidence
// (DrugBank withdrawal 1.0; a designated medical event higher on drug than placebo in the label's own
// controlled trials 0.9, an RCT's quality). Combined with Open Targets' harmonic sums per data type (clinical:
// trials, labels and store facts; literature 0.2), as the efficacy pulls are.
import type { CandidateRanking, Claim, EvidenceItem, SafetyRankingRow } from './dossier-types';

export type { SafetyRankingRow } from './dossier-types';
import { DATA_TYPE_OF_SOURCE, evidenceStrength, type ScoredRecord } from './evidence-strength';
import { DEFAULT_SCORING } from './ranking';

const round2 = (x: number) => Math.round(x * 100) / 100;

export function safetyRanking(drugs: readonly CandidateRanking[], claims: readonly Claim[], evidence: readonly EvidenceItem[]): SafetyRankingRow[] {
  const byId = new Map(evidence.map((e) => [e.evidence_id, e]));
  const rows = drugs.map((drug) => {
    const harmIds = new Set(claims.filter((c) => c.subject.id === drug.candidate_id && c.relationship === 'contradicts' && c.qualifier === 'harm').flatMap((c) => c.evidence_ids));
    // Boxed warnings make no claim (they are not efficacy evidence); the labels carrying them are harm evidence here.
    for (const e of evidence) if (e.outcome?.boxed_warning && e.entities.drugs.includes(drug.candidate_id)) harmIds.add(e.evidence_id);
    const items = [...harmIds].map((id) => byId.get(id)).filter((e): e is EvidenceItem => e !== undefined);
    const scored: ScoredRecord[] = items.map((e) => ({ dataType: DATA_TYPE_OF_SOURCE[e.source], score: e.scoring_inputs?.record_score ?? e.quality_score }));
    const facts: string[] = [];
    for (const f of drug.safety_flags ?? []) {
      if (f.flag === 'withdrawn') { scored.push({ dataType: 'clinical', score: 1 }); facts.push('withdrawn (DrugBank)'); }
      else if (f.affects_confidence) { scored.push({ dataType: 'clinical', score: 0.9 }); facts.push('designated medical event above placebo (SIDER label frequencies)'); }
    }
    const concern = round2(100 * evidenceStrength(scored, DEFAULT_SCORING.data_type_weights).overall);
    const real = items.filter((e) => e.provenance?.synthetic !== true).length + facts.length;
    const band: SafetyRankingRow['concern_band'] = real > 0 ? 'signal' : items.length > 0 ? 'synthetic_only' : 'none_found';
    const cites = items.map((e) => e.native_id);
    const statement = band === 'none_found'
      ? `No harm among the retrieved records or store facts for ${drug.label}: absence of evidence, not evidence of safety.`
      : `${drug.label}: harm shown by ${[...cites, ...facts].join(', ')}${band === 'synthetic_only' ? ' (synthetic examples only: not evidence)' : ''}; concern ${concern.toFixed(2)} of 100, a heuristic, not a probability of harm.`;
    return { candidate_id: drug.candidate_id, label: drug.label, rank: 0, concern, concern_band: band, statement, citations: cites };
  });
  const bandOrder = { signal: 0, synthetic_only: 1, none_found: 2 } as const;
  rows.sort((a, b) => bandOrder[a.concern_band] - bandOrder[b.concern_band] || b.concern - a.concern || (a.candidate_id < b.candidate_id ? -1 : 1));
  rows.forEach((r, i) => { r.rank = i > 0 && rows[i - 1]!.concern === r.concern && rows[i - 1]!.concern_band === r.concern_band ? rows[i - 1]!.rank : i + 1; });
  return rows;
}
