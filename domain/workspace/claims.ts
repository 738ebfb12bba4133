// Deterministic claim extraction (pure). Every retained evidence item is read by these rules:
//
//   clinical trial naming a drug  → drug CONTRADICTS disease when the primary outcome was not met, or the
//                                   trial was terminated / withdrawn / suspended for lack of efficacy
//                                   (futility); SUPPORTS when the outcome was met, or the trial is a
//                                   completed phase ≥ 3 trial; else ASSOCIATED_WITH (studied in).
//   article / preprint naming a drug → outcomeMet attribute first; else the outcome classifier
//                                   (outcome-classifier.ts, docs/outcome-classification.md) over the sentences
//                                   of the WHOLE abstract (SourceRecord.fullText) that name the drug (all when
//                                   only one drug is named): harm, negative or null statement → CONTRADICTS
//                                   (harm first, then negative, then null: a null result is never outweighed by
//                                   a positive one); a positive statement → SUPPORTS (a hedged one without
//                                   statistics → ASSOCIATED_WITH); none → ASSOCIATED_WITH. The deciding sentence
//                                   is quoted in the claim's statement.
//   article / preprint naming a target → target ASSOCIATED_WITH disease.
//   GWAS / Open Targets / GTEx record naming a target → target ASSOCIATED_WITH disease.
//   bioactivity record naming a drug and a target → drug TARGETS target.
//   drug label whose indications mention the disease → drug SUPPORTS disease.
//   any record stating (structured) a target and a pathway → target PARTICIPATES_IN pathway.
//
// Claims with the same (subject, relationship, object) are one claim: their evidence ids and citations
// are merged. claim_id = "cl_" + 16 hex of SHA-256("<subject id>|<relationship>|<object id>").
import type { Claim, ClaimEntity, ClaimRelationship } from './dossier-types';
import type { DiseaseModule } from '../diseases/disease-module';
import type { GraphView } from '../kg/graph-view';
import type { NormalizedEvidence } from './normalize';
import { collapseWhitespace } from './normalize';
import { trialPhaseNumber, trialStatus } from './quality';
import { stableId } from './hashing';
import { classifyOutcomeSentence, OutcomeCall, sentences as outcomeSentences } from './outcome-classifier';

export const CLAIM_RELATIONSHIPS: readonly ClaimRelationship[] = ['supports', 'contradicts', 'associated_with', 'targets', 'participates_in'];

export function claimId(subjectId: string, relationship: ClaimRelationship, objectId: string): string {
  return stableId('cl_', `${subjectId}|${relationship}|${objectId}`);
}

/** The disease as a claim object: its knowledge-graph seed node and its name. */
export function diseaseEntity(disease: DiseaseModule): ClaimEntity {
  return { id: disease.kg_seeds.disease_node, label: disease.name, kind: 'disease' };
}

function mentions(sentence: string, names: readonly string[]): boolean {
  const lower = sentence.toLowerCase();
  return names.some((name) => {
    const n = name.trim().toLowerCase();
    if (!n) return false;
    const escaped = n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`, 'i').test(lower);
  });
}

// ---------------------------------------------------------------------------------------------
// Per-record rules

interface Finding {
  subject: ClaimEntity;
  relationship: ClaimRelationship;
  object: ClaimEntity;
  /** Why, for this record: goes into the claim's statement. */
  fragment: string;
}

const EFFICACY_STOP = /\b(?:lack of efficacy|futility|insufficient efficacy|ineffective|no efficacy|did not meet|not meet (?:its|the) primary)\b/i;

function phaseWords(phase: number | null): string {
  if (phase === null) return 'trial (phase not stated)';
  if (phase === 0.5) return 'early phase 1 trial';
  return `phase ${phase} trial`;
}

/** The relationship a clinical trial gives its drugs, with the fragment explaining it. */
export function classifyTrial(ne: NormalizedEvidence): { relationship: ClaimRelationship; fragment: string } {
  const record = ne.record;
  const status = trialStatus(record);
  const phase = trialPhaseNumber(record.attributes.phase);
  const cite = ne.citations[0]!;
  const statusWord = status ? status.toLowerCase().replace(/_/g, ' ') : 'status unknown';
  const base = `${cite}: ${statusWord} ${phaseWords(phase)}`;
  if (record.attributes.outcomeMet === false) return { relationship: 'contradicts', fragment: `${base}, primary outcome not met` };
  if (['TERMINATED', 'WITHDRAWN', 'SUSPENDED'].includes(status) && EFFICACY_STOP.test(`${record.title} ${record.text}`)) {
    return { relationship: 'contradicts', fragment: `${base}, stopped for lack of efficacy` };
  }
  if (record.attributes.outcomeMet === true) return { relationship: 'supports', fragment: `${base}, primary outcome met` };
  if (status === 'COMPLETED' && phase !== null && phase >= 3) return { relationship: 'supports', fragment: base };
  return { relationship: 'associated_with', fragment: base };
}

function drugNames(drug: ClaimEntity, graph: GraphView | undefined): string[] {
  const node = graph?.node(drug.id);
  return [drug.label, ...(node ? [node.label, ...(node.synonyms ?? [])] : [])];
}

/** The relationship an article or preprint gives one of the drugs it names. */
export function classifyArticleDrug(ne: NormalizedEvidence, drug: ClaimEntity, graph?: GraphView): { relationship: ClaimRelationship; fragment: string } {
  const record = ne.record;
  const cite = ne.citations[0]!;
  const kind = record.recordType === 'preprint' ? ' (preprint)' : '';
  if (record.attributes.outcomeMet === true) return { relationship: 'supports', fragment: `${cite}${kind} reports the primary outcome met` };
  if (record.attributes.outcomeMet === false) return { relationship: 'contradicts', fragment: `${cite}${kind} reports the primary outcome not met` };
  // The whole abstract when the source kept it (the snippet cuts RESULTS and CONCLUSIONS off).
  const all = [collapseWhitespace(record.title), ...outcomeSentences(record.fullText ?? record.text)].filter((s) => s.length > 0);
  const relevant = ne.drugs.length <= 1 ? all : all.filter((s) => mentions(s, drugNames(drug, graph)));
  const decided = decidingStatement(relevant);
  if (!decided) return { relationship: 'associated_with', fragment: `${cite}${kind} discusses it without an outcome statement` };
  const quote = `"${decided.sentence.length > 220 ? `${decided.sentence.slice(0, 217)}..."` : `${decided.sentence}"`}`;
  switch (decided.call.class) {
    case 'positive':
      // A hedged positive without statistics ("may be effective") is a lead, not support.
      if (decided.call.hedged && decided.call.rule !== 'statistic') return { relationship: 'associated_with', fragment: `${cite}${kind} states a hedged positive result: ${quote}` };
      return { relationship: 'supports', fragment: `${cite}${kind} reports a positive result: ${quote}` };
    case 'null': return { relationship: 'contradicts', fragment: `${cite}${kind} reports a null result: ${quote}` };
    case 'negative': return { relationship: 'contradicts', fragment: `${cite}${kind} reports a negative result: ${quote}` };
    default: return { relationship: 'contradicts', fragment: `${cite}${kind} reports harm: ${quote}` };
  }
}

const OUTCOME_PRIORITY = { harm: 4, negative: 3, null: 2, positive: 1, none: 0 } as const;

/**
 * The statement that decides an article's outcome for a drug (domain/workspace/outcome-classifier.ts): among
 * the given sentences, a harm, else a negative, else a null, else a positive statement — so a failed primary
 * endpoint is not outweighed by a secondary gain, and a safety signal is always heard.
 */
function decidingStatement(candidates: readonly string[]): { sentence: string; call: OutcomeCall } | undefined {
  let best: { sentence: string; call: OutcomeCall } | undefined;
  for (const sentence of candidates) {
    const call = classifyOutcomeSentence(sentence);
    if (call.class === 'none') continue;
    if (!best || OUTCOME_PRIORITY[call.class] > OUTCOME_PRIORITY[best.call.class]) best = { sentence, call };
  }
  return best;
}

function num(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

function findingsFor(ne: NormalizedEvidence, disease: ClaimEntity, graph: GraphView | undefined): Finding[] {
  const record = ne.record;
  const cite = ne.citations[0]!;
  const out: Finding[] = [];
  const structuredTargets = ne.targets.filter((t) => ne.structuredIds.has(t.id));
  const structuredDrugs = ne.drugs.filter((d) => ne.structuredIds.has(d.id));

  switch (record.recordType) {
    case 'clinical_trial': {
      const verdict = classifyTrial(ne);
      for (const drug of ne.drugs) out.push({ subject: drug, relationship: verdict.relationship, object: disease, fragment: verdict.fragment });
      break;
    }
    case 'article':
    case 'preprint': {
      for (const drug of ne.drugs) {
        const verdict = classifyArticleDrug(ne, drug, graph);
        out.push({ subject: drug, relationship: verdict.relationship, object: disease, fragment: verdict.fragment });
      }
      for (const target of ne.targets) {
        out.push({ subject: target, relationship: 'associated_with', object: disease, fragment: `${cite}${record.recordType === 'preprint' ? ' (preprint)' : ''} names it` });
      }
      break;
    }
    case 'gwas_association': {
      const p = record.attributes.pValue;
      const fragment = typeof p === 'number' ? `${cite}: GWAS association, p = ${p.toExponential(1)}` : `${cite}: GWAS association`;
      for (const target of ne.targets) out.push({ subject: target, relationship: 'associated_with', object: disease, fragment });
      break;
    }
    case 'target_association': {
      const s = record.attributes.associationScore;
      const fragment = typeof s === 'number' ? `${cite}: association score ${num(s, 2)}` : `${cite}: association`;
      for (const target of ne.targets) out.push({ subject: target, relationship: 'associated_with', object: disease, fragment });
      break;
    }
    case 'expression': {
      const tpm = record.attributes.medianTpm;
      const tissue = record.attributes.tissue?.trim() || 'the disease tissue';
      const fragment = typeof tpm === 'number' ? `${cite}: median TPM ${num(tpm, 1)} in ${tissue}` : `${cite}: expressed in ${tissue}`;
      for (const target of ne.targets) out.push({ subject: target, relationship: 'associated_with', object: disease, fragment });
      break;
    }
    case 'bioactivity': {
      const p = record.attributes.pchembl;
      const fragment = typeof p === 'number' ? `${cite}: pChEMBL ${num(p, 1)}` : `${cite}: bioactivity record`;
      for (const drug of structuredDrugs) for (const target of structuredTargets) out.push({ subject: drug, relationship: 'targets', object: target, fragment });
      break;
    }
    case 'drug_label': {
      if (record.attributes.indicationMatch === true) {
        for (const drug of ne.drugs) out.push({ subject: drug, relationship: 'supports', object: disease, fragment: `${cite}: approved label lists the indication` });
      }
      break;
    }
  }
  for (const target of structuredTargets) {
    for (const pathway of ne.pathways) out.push({ subject: target, relationship: 'participates_in', object: pathway, fragment: `${cite} states it` });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Merging into claims

const MAX_FRAGMENTS_IN_STATEMENT = 5;

/** A plain sentence for a claim, from the reasons of its records. */
export function claimStatement(subject: ClaimEntity, relationship: ClaimRelationship, object: ClaimEntity, fragments: readonly string[]): string {
  const shown = fragments.slice(0, MAX_FRAGMENTS_IN_STATEMENT);
  const more = fragments.length - shown.length;
  const why = shown.join('; ') + (more > 0 ? `; and ${more} more record${more === 1 ? '' : 's'}` : '');
  const s = subject.label;
  const o = object.label;
  switch (relationship) {
    case 'supports':
      return `Evidence supports ${s} for ${o} (${why}).`;
    case 'contradicts':
      return `Evidence does not support a benefit of ${s} in ${o} (${why}).`;
    case 'associated_with':
      return subject.kind === 'drug' ? `${s} has been studied in ${o} (${why}).` : `${s} is associated with ${o} (${why}).`;
    case 'targets':
      return `${s} acts on ${o} (${why}).`;
    case 'participates_in':
      return `${s} participates in ${o} (${why}).`;
  }
}

interface Accumulator {
  subject: ClaimEntity;
  relationship: ClaimRelationship;
  object: ClaimEntity;
  evidenceIds: string[];
  citations: string[];
  fragments: string[];
}

export interface ClaimContext {
  disease: ClaimEntity;
  /** Used for drug synonyms when scoping cue phrases to the sentences that name a drug. */
  graph?: GraphView;
}

/** Deterministic claims of the evidence items, in order of first appearance (evidence order). */
export function extractClaims(evidence: readonly NormalizedEvidence[], context: ClaimContext): Claim[] {
  const byKey = new Map<string, Accumulator>();
  for (const ne of evidence) {
    for (const finding of findingsFor(ne, context.disease, context.graph)) {
      if (finding.subject.id === finding.object.id) continue;
      const key = `${finding.subject.id}|${finding.relationship}|${finding.object.id}`;
      let acc = byKey.get(key);
      if (!acc) {
        acc = { subject: finding.subject, relationship: finding.relationship, object: finding.object, evidenceIds: [], citations: [], fragments: [] };
        byKey.set(key, acc);
      }
      if (!acc.evidenceIds.includes(ne.item.evidence_id)) acc.evidenceIds.push(ne.item.evidence_id);
      for (const c of ne.citations) if (!acc.citations.includes(c)) acc.citations.push(c);
      if (!acc.fragments.includes(finding.fragment)) acc.fragments.push(finding.fragment);
    }
  }
  return [...byKey.values()].map((acc) => ({
    claim_id: claimId(acc.subject.id, acc.relationship, acc.object.id),
    subject: { ...acc.subject },
    relationship: acc.relationship,
    object: { ...acc.object },
    statement: claimStatement(acc.subject, acc.relationship, acc.object, acc.fragments),
    evidence_ids: acc.evidenceIds,
    citations: acc.citations,
    origin: 'deterministic' as const,
  }));
}

// ---------------------------------------------------------------------------------------------
// LLM-proposed claims

/** A claim an LLM proposed, after schema validation elsewhere. */
export interface LlmClaimProposal {
  subject: ClaimEntity;
  relationship: ClaimRelationship;
  object: ClaimEntity;
  statement: string;
  evidence_ids: string[];
}

export interface LlmMergeResult {
  claims: Claim[];
  /** Proposals dropped or merged, for the dossier's warnings. */
  warnings: string[];
}

/**
 * Adds LLM claims (origin "llm") after the deterministic ones, which are never removed or changed.
 * A proposal is kept only if it cites evidence of this dossier (unknown evidence ids are dropped) and
 * its triple is not already a deterministic claim; proposals with the same triple merge. Citations
 * come from the cited evidence items, never from the model.
 */
export function mergeLlmClaims(deterministic: readonly Claim[], proposals: readonly LlmClaimProposal[], evidence: readonly NormalizedEvidence[]): LlmMergeResult {
  const citationsOf = new Map(evidence.map((ne) => [ne.item.evidence_id, ne.citations]));
  const taken = new Set(deterministic.map((c) => `${c.subject.id}|${c.relationship}|${c.object.id}`));
  const llm = new Map<string, Claim>();
  let uncited = 0;
  let alreadyDeterministic = 0;
  let invalid = 0;
  for (const proposal of proposals) {
    if (!CLAIM_RELATIONSHIPS.includes(proposal.relationship) || !proposal.subject?.id || !proposal.object?.id || proposal.subject.id === proposal.object.id) {
      invalid += 1;
      continue;
    }
    const ids = [...new Set(proposal.evidence_ids)].filter((id) => citationsOf.has(id));
    if (ids.length === 0) {
      uncited += 1;
      continue;
    }
    const key = `${proposal.subject.id}|${proposal.relationship}|${proposal.object.id}`;
    if (taken.has(key)) {
      alreadyDeterministic += 1;
      continue;
    }
    const existing = llm.get(key);
    const claim: Claim = existing ?? {
      claim_id: claimId(proposal.subject.id, proposal.relationship, proposal.object.id),
      subject: { id: proposal.subject.id, label: proposal.subject.label, kind: proposal.subject.kind },
      relationship: proposal.relationship,
      object: { id: proposal.object.id, label: proposal.object.label, kind: proposal.object.kind },
      statement: collapseWhitespace(proposal.statement),
      evidence_ids: [],
      citations: [],
      origin: 'llm',
    };
    for (const id of ids) {
      if (!claim.evidence_ids.includes(id)) claim.evidence_ids.push(id);
      for (const c of citationsOf.get(id) ?? []) if (!claim.citations.includes(c)) claim.citations.push(c);
    }
    llm.set(key, claim);
  }
  const warnings: string[] = [];
  if (uncited > 0) warnings.push(`LLM: ${uncited} proposed claim(s) dropped because they cite no evidence in this dossier.`);
  if (invalid > 0) warnings.push(`LLM: ${invalid} proposed claim(s) dropped as malformed.`);
  if (alreadyDeterministic > 0) warnings.push(`LLM: ${alreadyDeterministic} proposed claim(s) already found by deterministic extraction; the deterministic claim is kept.`);
  return { claims: [...deterministic, ...llm.values()], warnings };
}
