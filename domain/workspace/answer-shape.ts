// The question decides the answer's shape (issue 28 §2; docs/scoring.md §5):
//   efficacy / general  the efficacy ranking;
//   repurposing         drugs already indicated for the disease (a retrieved label whose indications name it,
//                       or a store fact passed in: PharmacotherapyDB, ChEMBL phase 4) are listed apart as
//                       "already indicated"; the new candidates are ranked;
//   safety              a safety ranking (safety-ranking.ts) beside the efficacy one, with its own wording;
//   a named drug        that drug's evidence profile first (efficacy, safety, mechanism, trials by phase),
//                       the ranking after it as comparators.
// Exclusions the question states ("who failed TNF inhibitors") take the excluded drugs, and every drug acting
// on the excluded class's targets, out of the ranking into set_apart, and the answer says so.
import type { Answer, CandidateRanking, Claim, DrugProfile, EvidenceItem, SetApart } from './dossier-types';

export type { Answer, AnswerShape, DrugProfile, SetApart } from './dossier-types';
import type { QuestionAnalysis } from './question/types';
import { safetyRanking } from './safety-ranking';
import type { FaersInput } from '../pharmacovigilance/faers-signals';

export interface ShapeInput {
  analysis: QuestionAnalysis;
  drugRankings: readonly CandidateRanking[];
  claims: readonly Claim[];
  evidence: readonly EvidenceItem[];
  /** True when the drug acts on the target (a mechanism claim of the dossier or a knowledge-graph edge). */
  actsOn: (drugId: string, targetId: string) => boolean;
  /** Drugs a store says are already indicated for the disease (candidate id → source); optional. */
  alreadyIndicated?: ReadonlyMap<string, string>;
  /** openFDA FAERS report counts for the drugs (safety questions); undefined when FAERS was not consulted. */
  faers?: FaersInput;
}

/** Drugs a retrieved label says are indicated for the disease: candidate id → citation. */
function labelIndicated(claims: readonly Claim[], evidence: readonly EvidenceItem[]): Map<string, string> {
  const byId = new Map(evidence.map((e) => [e.evidence_id, e]));
  const out = new Map<string, string>();
  for (const c of claims) {
    if (c.subject.kind !== 'drug' || c.relationship !== 'supports') continue;
    for (const id of c.evidence_ids) {
      const e = byId.get(id);
      if (e?.evidence_type === 'drug_label' && e.scoring_inputs?.indication_match === true && !out.has(c.subject.id)) out.set(c.subject.id, `label ${e.native_id}`);
    }
  }
  return out;
}

function rerank(rows: readonly CandidateRanking[]): CandidateRanking[] {
  // Keep shared ranks shared: a row's new rank is 1 + the number of rows strictly before its old rank.
  return rows.map((r) => ({ ...r, rank: 1 + rows.filter((o) => o.rank < r.rank).length }));
}

function profileOf(row: CandidateRanking | undefined, id: string, label: string, claims: readonly Claim[], evidence: readonly EvidenceItem[]): DrugProfile {
  const byId = new Map(evidence.map((e) => [e.evidence_id, e]));
  const own = claims.filter((c) => c.subject.id === id);
  const harm = own.filter((c) => c.relationship === 'contradicts' && c.qualifier === 'harm');
  const boxed = [...byId.values()].filter((e) => e.outcome?.boxed_warning && e.entities.drugs.includes(id)).map((e) => e.native_id);
  const mech = own.filter((c) => c.relationship === 'targets');
  const trials: Record<string, number> = {};
  for (const e of new Set(own.flatMap((c) => c.evidence_ids))) {
    const item = byId.get(e);
    if (item?.evidence_type !== 'clinical_trial') continue;
    const phase = item.scoring_inputs?.phase;
    const key = phase === null || phase === undefined ? 'no phase' : phase === 0.5 ? 'early phase 1' : `phase ${phase}`;
    trials[key] = (trials[key] ?? 0) + 1;
  }
  return {
    candidate_id: id,
    label,
    efficacy: { score: row?.score ?? 0, confidence_band: row?.confidence_band ?? 'low', confidence_basis: row?.confidence_basis ?? null, rank: row?.rank ?? null },
    safety: { harm_citations: [...new Set(harm.flatMap((c) => c.citations))], boxed_warnings: [...new Set(boxed)], flags: (row?.safety_flags ?? []).map((f) => f.statement) },
    mechanism: { targets: [...new Set(mech.map((c) => c.object.label))], citations: [...new Set(mech.flatMap((c) => c.citations))] },
    trials_by_phase: trials,
  };
}

export function shapeAnswer(input: ShapeInput): { drugRankings: CandidateRanking[]; answer: Answer } {
  const { analysis } = input;
  const setApart: SetApart[] = [];
  const apart = (row: CandidateRanking, reason: SetApart['reason'], statement: string) => setApart.push({ candidate_id: row.candidate_id, label: row.label, reason, statement, ranking: { ...row } });
  const exclusions = analysis.exclusions ?? [];
  const kept: CandidateRanking[] = [];
  const indicated = analysis.intent === 'repurposing' ? new Map([...labelIndicated(input.claims, input.evidence), ...(input.alreadyIndicated ?? new Map<string, string>())]) : new Map<string, string>();
  for (const row of input.drugRankings) {
    const excludedBy = exclusions.find((x) => x.drug_ids.includes(row.candidate_id) || x.target_ids.some((t) => input.actsOn(row.candidate_id, t)));
    if (excludedBy) {
      apart(row, 'excluded_by_question', `${row.label} is set apart: the question excludes "${excludedBy.phrase}".`);
      continue;
    }
    const source = indicated.get(row.candidate_id);
    if (source) {
      apart(row, 'already_indicated', `${row.label} is already indicated for the disease (${source}): not a repurposing candidate.`);
      continue;
    }
    kept.push(row);
  }
  const drugRankings = rerank(kept);
  const sub = analysis.sub_disease;
  const subWords = sub ? ` Asked about ${sub.label} (${sub.curie}), a form of ${sub.parent.label}: its own term is searched first, the parent disease's evidence is the context.` : '';
  const excludedWords0 = exclusions.length > 0 ? ` Set apart as the question excludes them (${exclusions.map((x) => `"${x.phrase}"`).join(', ')}): ${setApart.filter((s) => s.reason === 'excluded_by_question').length} drug(s).` : '';
  const excludedWords = `${excludedWords0}${subWords}`;

  const named = analysis.entities.find((e) => e.kind === 'drug' && e.id !== null && !exclusions.some((x) => x.drug_ids.includes(e.id!)));
  if (analysis.intent === 'safety') {
    const rows = safetyRanking(input.drugRankings, input.claims, input.evidence, input.faers);
    return { drugRankings, answer: { shape: 'safety_ranking', statement: `A safety question: drugs are ranked by the harm their retrieved records, trials' serious adverse events by arm, store facts and FAERS disproportionality show (safety_ranking: a concern heuristic, not a probability of harm; each row lists its terms); the efficacy ranking follows for context.${excludedWords}`, set_apart: setApart, safety_ranking: rows } };
  }
  if (analysis.intent === 'repurposing') {
    const n = setApart.filter((s) => s.reason === 'already_indicated').length;
    return { drugRankings, answer: { shape: 'repurposing', statement: `A repurposing question: ${n} drug(s) already indicated for the disease are listed apart; the ranking holds new candidates only.${excludedWords}`, set_apart: setApart } };
  }
  if (named) {
    const row = input.drugRankings.find((r) => r.candidate_id === named.id);
    return { drugRankings, answer: { shape: 'drug_profile', statement: `A question about ${named.label}: its evidence profile comes first; the ranking follows as comparators.${excludedWords}`, set_apart: setApart, profile: profileOf(row ? drugRankings.find((r) => r.candidate_id === row.candidate_id) ?? row : undefined, named.id!, named.label, input.claims, input.evidence) } };
  }
  return { drugRankings, answer: { shape: 'efficacy_ranking', statement: `Drugs ranked by the favourable evidence of benefit in the disease, net of unfavourable results (docs/scoring.md).${excludedWords}`, set_apart: setApart } };
}
