// The safety ranking a safety question gets (issue 28 §2; docs/scoring.md §5): drugs ordered by the harm their
// evidence shows, with its own bands and wording — a concern heuristic, never a probability of harm, and never
// "safe": no harm among the retrieved records is absence of evidence, not evidence of safety.
// Each row lists its terms, each saying what it is and whether it counts in the concern:
//   harm_result     a retrieved record behind the drug's harm claims (a trial stopped for safety, an article
//                   reporting deaths or serious adverse events in excess): its record score (quality, or a
//                   trial's phase × size), data type of its source;
//   sae_excess      a trial's posted serious adverse events higher on drug than on the placebo-type comparator,
//                   the Newcombe interval of the risk difference above 0 (domain/trials/serious-adverse-events.ts):
//                   the trial's record score, clinical. A comparison that shows no excess is listed (sae_by_arm),
//                   never counted and never reassurance;
//   boxed_warning   a retrieved label's boxed warning: the label's record score, clinical;
//   withdrawn       DrugBank withdrawn: 1.0, clinical;
//   ema_dme         a designated medical event higher on drug than placebo in the label's controlled trials
//                   (SIDER): 0.9, clinical; listed only (not counted) when no frequency puts it above placebo;
//   faers_signal    an event meeting Evans' 2001 criteria in openFDA FAERS (domain/pharmacovigilance/faers-signals.ts):
//                   1 per signalling event, in its own data type, spontaneous_reports, weighted 0.2 like
//                   literature (reports generate hypotheses; they are not incidence and do not show causation).
// One record counts once: a trial that is both a harm result and an SAE excess is one clinical score.
// Combined with Open Targets' harmonic sums per data type, then across types with weights clinical 1,
// literature 0.2, spontaneous_reports 0.2 (evidence-strength.ts).
import type { CandidateRanking, Claim, EvidenceItem, SafetyRankingRow, SafetyTerm } from './dossier-types';

export type { SafetyRankingRow, SafetyTerm } from './dossier-types';
import { DATA_TYPE_OF_SOURCE, normalizedHarmonicSum } from './evidence-strength';
import { FAERS_CAVEAT, faersSignalsFor, type FaersInput } from '../pharmacovigilance/faers-signals';

const round2 = (x: number) => Math.round(x * 100) / 100;
const round4 = (x: number) => Math.round(x * 10000) / 10000;

/** Weights of the concern's data types (Open Targets' clinical 1 and literature 0.2; FAERS as literature). */
export const SAFETY_DATA_TYPE_WEIGHTS = { clinical: 1, literature: 0.2, spontaneous_reports: 0.2 } as const;
type SafetyDataType = keyof typeof SAFETY_DATA_TYPE_WEIGHTS;

const safetyTypeOf = (e: EvidenceItem): SafetyDataType => (DATA_TYPE_OF_SOURCE[e.source] === 'clinical' ? 'clinical' : 'literature');
const recordScoreOf = (e: EvidenceItem) => e.scoring_inputs?.record_score ?? e.quality_score;

/** The concern 0..100: harmonic sum per data type, then across types with their weights (the scores' inputs are in the terms). */
export function safetyConcern(terms: readonly Pick<SafetyTerm, 'counted' | 'data_type' | 'score' | 'record'>[]): number {
  const perType = new Map<SafetyDataType, Map<string, number>>();
  for (const t of terms) {
    if (!t.counted || t.score === null || t.data_type === null) continue;
    const scores = perType.get(t.data_type) ?? new Map<string, number>();
    // One record counts once (its highest score), whatever terms it appears under.
    scores.set(t.record, Math.max(scores.get(t.record) ?? 0, t.score));
    perType.set(t.data_type, scores);
  }
  const weighted = [...perType].map(([type, scores]) => SAFETY_DATA_TYPE_WEIGHTS[type] * normalizedHarmonicSum([...scores.values()]));
  return round2(100 * normalizedHarmonicSum(weighted));
}

type FaersNote = NonNullable<SafetyRankingRow['faers']>;

function termsFor(drug: CandidateRanking, claims: readonly Claim[], evidence: readonly EvidenceItem[], faers: FaersInput | undefined): { terms: SafetyTerm[]; faers: FaersNote } {
  const byId = new Map(evidence.map((e) => [e.evidence_id, e]));
  const terms: SafetyTerm[] = [];
  const record = (e: EvidenceItem, term: SafetyTerm['term'], what: string, counted: boolean) => terms.push({
    term, what, counted, data_type: counted ? safetyTypeOf(e) : null, score: counted ? round4(recordScoreOf(e)) : null,
    record: e.evidence_id, citation: e.native_id, synthetic: e.provenance?.synthetic === true,
  });
  const harmIds = new Set(claims.filter((c) => c.subject.id === drug.candidate_id && c.relationship === 'contradicts' && c.qualifier === 'harm').flatMap((c) => c.evidence_ids));
  for (const id of harmIds) {
    const e = byId.get(id);
    if (e) record(e, 'harm_result', `harm reported by ${e.native_id}: ${e.outcome?.statement ?? e.title}`, true);
  }
  for (const e of evidence) {
    if (!e.entities.drugs.includes(drug.candidate_id)) continue;
    // Boxed warnings make no claim (they are not efficacy evidence); the labels carrying them are harm evidence here.
    if (e.outcome?.boxed_warning) record(e, 'boxed_warning', `boxed warning on label ${e.native_id} (the FDA's strongest label warning): ${e.outcome.boxed_warning.slice(0, 200)}`, true);
    const sae = e.serious_adverse_events;
    if (sae) record(e, sae.verdict === 'excess' ? 'sae_excess' : 'sae_by_arm', `${e.native_id}: ${sae.statement}`, sae.verdict === 'excess');
  }
  for (const f of drug.safety_flags ?? []) {
    const store = { record: `${f.source}:${f.snapshot_id}:${f.flag}`, citation: `${f.source} ${f.snapshot_id}`, synthetic: false };
    if (f.flag === 'withdrawn') terms.push({ term: 'withdrawn', what: f.statement, counted: true, data_type: 'clinical', score: 1, ...store });
    else terms.push({ term: 'ema_dme', what: f.statement, counted: f.affects_confidence, data_type: f.affects_confidence ? 'clinical' : null, score: f.affects_confidence ? 0.9 : null, ...store });
  }
  if (faers === undefined) return { terms, faers: { status: 'not_requested', statement: 'FAERS was not consulted for this dossier: absence, not reassurance.' } };
  const found = faersSignalsFor(faers, drug.label);
  if (found.status === 'not_available') return { terms, faers: { status: 'not_available', statement: `FAERS not available (${found.reason}): absence, never a signal and never reassurance.` } };
  for (const s of found.signals) {
    terms.push({
      term: 'faers_signal', counted: true, data_type: 'spontaneous_reports', score: 1, record: `faers:${drug.label}:${s.term}`, citation: `openFDA FAERS ${s.term}`, synthetic: false,
      what: `FAERS: ${s.term} in ${s.reports} reports naming ${drug.label}, PRR ${s.prr.value.toFixed(2)} (95% CI ${s.prr.ci_lower.toFixed(2)}–${s.prr.ci_upper.toFixed(2)}), χ² ${s.chi_square_yates.toFixed(1)}: meets Evans 2001 criteria. ${FAERS_CAVEAT}.`,
    });
  }
  const statement = found.status === 'signals'
    ? `FAERS: ${found.signals.length} of ${found.events_tested} tested events meet Evans 2001 criteria among ${found.reports} reports naming ${drug.label}. ${FAERS_CAVEAT}.`
    : `FAERS: none of ${found.events_tested} tested events meets Evans 2001 criteria among ${found.reports} reports naming ${drug.label}: not reassurance. ${FAERS_CAVEAT}.`;
  return { terms, faers: { status: found.status, statement } };
}

/** The safety ranking; faers is the FAERS answer for the drugs (undefined when FAERS was not consulted). */
export function safetyRanking(drugs: readonly CandidateRanking[], claims: readonly Claim[], evidence: readonly EvidenceItem[], faers?: FaersInput): SafetyRankingRow[] {
  const rows = drugs.map((drug): SafetyRankingRow => {
    const { terms, faers: faersNote } = termsFor(drug, claims, evidence, faers);
    const counted = terms.filter((t) => t.counted);
    const concern = safetyConcern(counted);
    const real = counted.filter((t) => !t.synthetic);
    const band: SafetyRankingRow['concern_band'] = real.length > 0 ? 'signal' : counted.length > 0 ? 'synthetic_only' : 'none_found';
    const cites = [...new Set(counted.map((t) => t.citation))];
    const statement = band === 'none_found'
      ? `No harm among the retrieved records or store facts for ${drug.label}: absence of evidence, not evidence of safety. ${faersNote.statement}`
      : `${drug.label}: harm shown by ${cites.join(', ')}${band === 'synthetic_only' ? ' (synthetic examples only: not evidence)' : ''}; concern ${concern.toFixed(2)} of 100, a heuristic, not a probability of harm. ${faersNote.statement}`;
    return { candidate_id: drug.candidate_id, label: drug.label, rank: 0, concern, concern_band: band, statement, citations: cites, terms, faers: faersNote };
  });
  const bandOrder = { signal: 0, synthetic_only: 1, none_found: 2 } as const;
  rows.sort((a, b) => bandOrder[a.concern_band] - bandOrder[b.concern_band] || b.concern - a.concern || (a.candidate_id < b.candidate_id ? -1 : 1));
  rows.forEach((r, i) => { r.rank = i > 0 && rows[i - 1]!.concern === r.concern && rows[i - 1]!.concern_band === r.concern_band ? rows[i - 1]!.rank : i + 1; });
  return rows;
}
