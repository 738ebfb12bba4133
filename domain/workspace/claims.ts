// Deterministic claim extraction (pure). Every retained evidence item is read by these rules; what a record
// says (its outcome class and deciding statement) comes from evidence-outcome.ts and trial-outcome.ts:
//
//   clinical trial naming a drug it tests (comparator-only and background drugs are not named: the adapter
//                                   keeps them apart by arm type) → by the trial's outcome: positive →
//                                   SUPPORTS; null / negative → CONTRADICTS; harm (stopped for safety) →
//                                   CONTRADICTS with qualifier "harm"; unknown (completed without posted
//                                   results, ongoing) → ASSOCIATED_WITH ("studied, outcome unknown"); withdrawn or
//                                   nobody enrolled → no claim. Since 1.6 that claim carries the primary
//                                   outcome whose posted analysis decided it, and each other posted outcome
//                                   with a deciding analysis (other primary ones, then secondary ones) makes a
//                                   claim of its own (outcome_reading other_outcome), which the ranking does
//                                   not count.
//   pharmacokinetic / bioavailability / bioequivalence study (its title says so, pharmacokinetic-study.ts)
//                                   → ASSOCIATED_WITH: exposure is not efficacy, neither for nor against.
//   article / preprint naming a drug → outcomeMet attribute first; else the outcome classifier
//                                   (outcome-classifier.ts, docs/outcome-classification.md) over the sentences
//                                   of the WHOLE abstract that name the drug (all when only one drug is named,
//                                   save an association with another exposure: another-exposure.ts):
//                                   harm → CONTRADICTS (harm); negative or null → CONTRADICTS (harm first, then
//                                   negative, then null: a null result is never outweighed by a positive one);
//                                   a positive statement → SUPPORTS (a hedged one without statistics →
//                                   ASSOCIATED_WITH); none → ASSOCIATED_WITH. A null between active drugs (a
//                                   named active comparator, or a group comparison in an article with no
//                                   placebo-type control: active-control.ts) → ASSOCIATED_WITH ("no better than
//                                   the comparator"). The deciding sentence is quoted.
//                                   Since 1.5 the effect reader reads it (primary outcome, then conclusions, then
//                                   results decide) and each other result sentence makes a claim of its own
//                                   (outcome_reading other_outcome), which the ranking does not count.
//   article / preprint naming a target → CONTRADICTS when a sentence naming it states a null or negative
//                                   result (a null Mendelian randomisation, a knockout that does not protect);
//                                   else ASSOCIATED_WITH.
//   GWAS / Open Targets record naming a target → target ASSOCIATED_WITH disease.
//   GTEx expression                 → no claim: healthy-tissue expression is context, not a disease association.
//   ChEMBL curated mechanism naming a drug and a target → drug TARGETS target.
//   drug label whose indications mention the disease → drug SUPPORTS disease; a boxed warning → drug
//                                   CONTRADICTS disease with qualifier "harm".
//   any record stating (structured) a target and a pathway → target PARTICIPATES_IN pathway.
//
// Claims with the same (subject, relationship, object) are one claim: their evidence ids and citations
// are merged. claim_id = "cl_" + 16 hex of SHA-256("<subject id>|<relationship>|<object id>").
import type { Claim, ClaimEntity, ClaimOutcome, ClaimRelationship } from './dossier-types';
import type { DiseaseModule } from '../diseases/disease-module';
import type { GraphView } from '../kg/graph-view';
import type { NormalizedEvidence } from './normalize';
import { collapseWhitespace } from './normalize';
import { trialPhaseNumber, trialStatus } from './quality';
import { stableId } from './hashing';
import { decidingStatement, quote, recordSentences } from './evidence-outcome';
import { classifyTrialOutcome } from './trial-outcome';
import { quotedAnalysis, trialOutcomeMeasures, type TrialOutcomeMeasure } from './trial-outcome-measures';
import type { SentenceEffect } from '../effects/abstract-effect';
import { effectSummary, outcomeClassOfEffect, outcomeRank, readRecordText } from './effect-outcome';
import { definedAbbreviation } from './reader-query';
import { isPharmacokineticStudy, PHARMACOKINETIC_STATEMENT } from './pharmacokinetic-study';
import type { OutcomeCall } from './outcome-classifier';
import { nullBetweenActiveTreatments, nullBetweenDoses, nullNamingTwoActives } from './active-control';
import { anotherInterventionStudied, comparesAnotherExposure, sentencesAboutAnotherExposure } from './another-exposure';

const HEDGE = /\b(?:may|might|could|possibly|potentially|suggests?|suggested|appears? to|seems? to)\b/i;

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
  /** The contradiction rests on a safety signal. */
  harm?: boolean;
  /** Since 1.5: an article's outcome reading (since 1.6 also a trial's); other outcomes are claims of their own (outcomeKey). */
  outcomeReading?: 'deciding' | 'other_outcome';
  outcome?: ClaimOutcome;
  outcomeKey?: string;
}

interface Verdict {
  relationship: ClaimRelationship;
  fragment: string;
  harm?: boolean;
}

function phaseWords(phase: number | null): string {
  if (phase === null) return 'trial (phase not stated)';
  if (phase === 0.5) return 'early phase 1 trial';
  return `phase ${phase} trial`;
}

/**
 * The relationship a clinical trial gives the drugs it tests (trial-outcome.ts): positive → supports; null or
 * negative → contradicts; harm → contradicts (harm); unknown → associated_with ("studied, outcome unknown");
 * excluded (withdrawn, nobody enrolled) → null: no claim at all.
 */
export function classifyTrial(ne: NormalizedEvidence): Verdict | null {
  const record = ne.record;
  const status = trialStatus(record);
  const phase = trialPhaseNumber(record.attributes.phase);
  const statusWord = status ? status.toLowerCase().replace(/_/g, ' ') : 'status unknown';
  const outcome = classifyTrialOutcome(record);
  if (outcome.class !== 'excluded' && isPharmacokineticStudy(record.title)) {
    return { relationship: 'associated_with', fragment: `${ne.citations[0]!}: ${statusWord} ${phaseWords(phase)}, ${PHARMACOKINETIC_STATEMENT}` };
  }
  const fragment = `${ne.citations[0]!}: ${statusWord} ${phaseWords(phase)}, ${outcome.reason}`;
  switch (outcome.class) {
    case 'excluded': return null;
    case 'positive': return { relationship: 'supports', fragment };
    case 'null':
    case 'negative': return { relationship: 'contradicts', fragment };
    case 'harm': return { relationship: 'contradicts', fragment, harm: true };
    default: return { relationship: 'associated_with', fragment };
  }
}

function entityNames(entity: ClaimEntity, graph: GraphView | undefined): string[] {
  const node = graph?.node(entity.id);
  return [entity.label, ...(node ? [node.label, ...(node.synonyms ?? [])] : [])];
}

/** The relationship an article or preprint gives one of the drugs it names. */
export function classifyArticleDrug(ne: NormalizedEvidence, drug: ClaimEntity, graph?: GraphView, read?: ReturnType<typeof readRecordText>): Verdict {
  const record = ne.record;
  const cite = ne.citations[0]!;
  const kind = record.recordType === 'preprint' ? ' (preprint)' : '';
  if (record.attributes.outcomeMet === true) return { relationship: 'supports', fragment: `${cite}${kind} reports the primary outcome met` };
  if (record.attributes.outcomeMet === false) return { relationship: 'contradicts', fragment: `${cite}${kind} reports the primary outcome not met` };
  // The whole abstract when the source kept it (the snippet cuts RESULTS and CONCLUSIONS off), read by the
  // effect reader: conclusions, then results, decide; background, objectives and the title never do.
  const reading = read ?? readArticleDrug(ne, drug, graph);
  const decided = reading.effects[0];
  if (!decided && reading.verdict) return verdictOf(reading.verdict, `${cite}${kind}`, activeComparison(ne));
  if (!decided) return { relationship: 'associated_with', fragment: `${cite}${kind} discusses it without an outcome statement` };
  return verdictOfEffect(decided, `${cite}${kind}`, activeComparison(ne));
}

/** Whether a null sentence of this record compares active treatments only (active-control.ts). */
function activeComparison(ne: NormalizedEvidence): (nullSentence: string) => boolean {
  // The drugs compared: the record's own, and those it names only as an active comparator ("versus rituximab").
  const text = ne.record.fullText ?? ne.record.text;
  const names = [...ne.drugs.map((d) => d.label), ...(ne.comparators ?? [])].map((n) => {
    const abbreviation = definedAbbreviation(text, n);
    return abbreviation ? [n, abbreviation] : [n];
  });
  return (sentence) => nullBetweenActiveTreatments(text, ne.drugs.length + (ne.comparators?.length ?? 0), sentence) || nullNamingTwoActives(sentence, names);
}

const NO_BETTER_THAN_DOSE = 'one dose no better than another (a dose comparison), not evidence of no benefit in the disease';
const NO_BETTER_THAN_ACTIVE = 'no better than the other active treatment it was compared with (no placebo-type control), not evidence of no benefit in the disease';

/** The record's text read for one drug (only the sentences naming it when the record names several drugs). */
function readArticleDrug(ne: NormalizedEvidence, drug: ClaimEntity, graph?: GraphView): ReturnType<typeof readRecordText> {
  const text = ne.record.fullText ?? ne.record.text;
  // A sentence naming the drug by the abbreviation the record defines ("tocilizumab (TCZ)") is about the drug too.
  const abbreviation = definedAbbreviation(text, drug.label);
  const names = [...entityNames(drug, graph), ...(abbreviation ? [abbreviation] : [])];
  const named = (sentence: string) => mentions(sentence, names);
  if (ne.drugs.length > 1 || anotherInterventionStudied(text, named)) return readRecordText(text, drug.label, named);
  // A one-drug record is read whole, save sentences comparing patients by another exposure (another-exposure.ts).
  const other = sentencesAboutAnotherExposure(text, named);
  return readRecordText(text, drug.label, (sentence) => named(sentence) || !(other.has(sentence) || comparesAnotherExposure(sentence)));
}

/** One outcome reading as a claim carries it. */
function claimOutcomeOf(e: SentenceEffect, evidenceId: string): ClaimOutcome {
  return {
    evidence_id: evidenceId, sentence: e.sentence, rank: outcomeRank(e.sentence),
    direction: e.reading.label as ClaimOutcome['direction'], favourability: e.favourability, statistics: effectSummary([e])!.statistics,
  };
}

/**
 * An article's or preprint's findings for one drug: one per outcome it reports. The deciding reading (primary
 * first, then conclusions, then results) gives the claim the ranking counts, as before; each other result
 * sentence gives a claim of its own ('other_outcome'), which the ranking leaves out and which never carries
 * the harm qualifier (the record's safety reading is its deciding one's).
 */
function articleDrugFindings(ne: NormalizedEvidence, drug: ClaimEntity, disease: ClaimEntity, graph?: GraphView): Finding[] {
  if (isPharmacokineticStudy(ne.record.title)) {
    const source = `${ne.citations[0]!}${ne.record.recordType === 'preprint' ? ' (preprint)' : ''}`;
    return [{ subject: drug, object: disease, relationship: 'associated_with', fragment: `${source}: ${PHARMACOKINETIC_STATEMENT}` }];
  }
  const read = typeof ne.record.attributes.outcomeMet === 'boolean' ? undefined : readArticleDrug(ne, drug, graph);
  const verdict = classifyArticleDrug(ne, drug, graph, read);
  const effects = read?.effects ?? [];
  const id = ne.item.evidence_id;
  const deciding: Finding = { subject: drug, object: disease, ...verdict, ...(effects[0] ? { outcomeReading: 'deciding' as const, outcome: claimOutcomeOf(effects[0], id) } : {}) };
  const source = `${ne.citations[0]!}${ne.record.recordType === 'preprint' ? ' (preprint)' : ''}`;
  const others = effects.slice(1).map((e, i): Finding => {
    const v = verdictOfEffect(e, `${source}, another outcome,`, activeComparison(ne));
    return { subject: drug, object: disease, relationship: v.relationship, fragment: v.fragment, outcomeReading: 'other_outcome', outcome: claimOutcomeOf(e, id), outcomeKey: `${id}#${i + 1}` };
  });
  return [deciding, ...others];
}

/**
 * A trial's findings for one drug it tests: one per posted outcome (trial-outcome-measures.ts). The record's
 * verdict (classifyTrial: its primary analyses together, or its stop reason) is the claim the ranking counts,
 * carrying the primary outcome whose analysis decided it; every other outcome with a deciding posted analysis
 * (the other primary ones, then the secondary ones) is a claim of its own ('other_outcome', since 1.6), keyed
 * by the outcome measure's title, which the ranking leaves out and which never carries the harm qualifier.
 */
function trialDrugFindings(ne: NormalizedEvidence, drug: ClaimEntity, disease: ClaimEntity): Finding[] {
  const verdict = classifyTrial(ne);
  if (!verdict) return [];
  // A pharmacokinetic trial's posted outcomes are exposures, not efficacy: no outcome claims.
  if (isPharmacokineticStudy(ne.record.title)) return [{ subject: drug, object: disease, ...verdict }];
  const id = ne.item.evidence_id;
  const measures = trialOutcomeMeasures(ne.record);
  const decidingAnalysis = classifyTrialOutcome(ne.record).deciding;
  const decidingMeasure = decidingAnalysis ? measures.find((m) => m.rank === 'primary' && m.outcome === decidingAnalysis.outcome) : undefined;
  const decidingOutcome = decidingMeasure ? trialClaimOutcome(decidingMeasure, id) : undefined;
  const deciding: Finding = {
    subject: drug, object: disease, ...verdict,
    ...(measures.length > 0 ? { outcomeReading: 'deciding' as const } : {}),
    ...(decidingOutcome ? { outcome: decidingOutcome } : {}),
  };
  const others = measures.filter((m) => m !== decidingMeasure).map((m): Finding => {
    const outcome = trialClaimOutcome(m, id);
    return {
      subject: drug, object: disease, relationship: m.class === 'positive' ? 'supports' : 'contradicts',
      fragment: `${ne.citations[0]!}, another outcome (${m.rank}), ${m.reason}`,
      outcomeReading: 'other_outcome', outcomeKey: `${id}#${m.rank}:${m.outcome}`, ...(outcome ? { outcome } : {}),
    };
  });
  return [deciding, ...others];
}

/** One posted outcome as a claim carries it (none when the direction cannot be read from the analysis). */
function trialClaimOutcome(m: TrialOutcomeMeasure, evidenceId: string): ClaimOutcome | undefined {
  if (m.direction === null) return undefined;
  return {
    evidence_id: evidenceId, sentence: quotedAnalysis(m), rank: m.rank, direction: m.direction, favourability: m.favourability,
    statistics: m.statistics, outcome: m.outcome, ...(m.arms.length > 0 ? { arms: m.arms } : {}),
  };
}

/** The relationship one result reading gives the drug (its outcome class, effect-outcome.ts). */
function verdictOfEffect(decided: SentenceEffect, source: string, activeOnly: (nullSentence: string) => boolean = () => false): Verdict {
  const quoted = quote(decided.sentence);
  const stats = effectSummary([decided])!.statistics;
  const read = `${decided.reading.label.replace('_', ' ')}${stats.length ? `, ${stats.join('; ')}` : ''}`;
  switch (outcomeClassOfEffect(decided)) {
    case 'positive':
      // A hedged positive without statistics ("may be effective") is a lead, not support.
      if (HEDGE.test(decided.sentence) && stats.length === 0) return { relationship: 'associated_with', fragment: `${source} states a hedged positive result: ${quoted}` };
      return { relationship: 'supports', fragment: `${source} reports a positive result (favourable: ${read}): ${quoted}` };
    case 'null':
      if (activeOnly(decided.sentence)) return { relationship: 'associated_with', fragment: `${source}: ${NO_BETTER_THAN_ACTIVE} (${read}): ${quoted}` };
      if (nullBetweenDoses(decided.sentence)) return { relationship: 'associated_with', fragment: `${source}: ${NO_BETTER_THAN_DOSE} (${read}): ${quoted}` };
      return { relationship: 'contradicts', fragment: `${source} reports a null result (${read}): ${quoted}` };
    case 'negative': return { relationship: 'contradicts', fragment: `${source} reports a negative result (unfavourable: ${read}): ${quoted}` };
    case 'harm': return { relationship: 'contradicts', fragment: `${source} reports harm (${read}): ${quoted}`, harm: true };
    default:
      if (decided.uncertain) return { relationship: 'associated_with', fragment: `${source}: studied, its reading uncertain (${decided.uncertain}): ${quoted}` };
      if (decided.activeComparator) return { relationship: 'associated_with', fragment: `${source}: no better than the comparator (${decided.activeComparator}), not evidence of no benefit in the disease: ${quoted}` };
      return { relationship: 'associated_with', fragment: `${source} reports a change (${read}) of an outcome whose favourability is unknown: ${quoted}` };
  }
}

/** A verdict sentence the effect reader does not read ("was effective"), by the cue rules (outcome-classifier.ts). */
function verdictOf(verdict: { sentence: string; call: OutcomeCall }, source: string, activeOnly: (nullSentence: string) => boolean = () => false): Verdict {
  const quoted = quote(verdict.sentence);
  switch (verdict.call.class) {
    case 'positive':
      if (verdict.call.hedged && verdict.call.rule !== 'statistic') return { relationship: 'associated_with', fragment: `${source} states a hedged positive result: ${quoted}` };
      return { relationship: 'supports', fragment: `${source} reports a positive result: ${quoted}` };
    case 'null':
      if (activeOnly(verdict.sentence)) return { relationship: 'associated_with', fragment: `${source}: ${NO_BETTER_THAN_ACTIVE}: ${quoted}` };
      return { relationship: 'contradicts', fragment: `${source} reports a null result: ${quoted}` };
    case 'negative': return { relationship: 'contradicts', fragment: `${source} reports a negative result: ${quoted}` };
    default: return { relationship: 'contradicts', fragment: `${source} reports harm: ${quoted}`, harm: true };
  }
}

/**
 * The relationship an article or preprint gives a target it names: a null or negative statement naming the
 * target (a null Mendelian-randomisation estimate, a knockout that "does not protect") → contradicts; else
 * associated_with. Only sentences that name the target count: a drug's failed trial says nothing of a gene.
 */
export function classifyArticleTarget(ne: NormalizedEvidence, target: ClaimEntity, graph?: GraphView): Verdict {
  const cite = ne.citations[0]!;
  const kind = ne.record.recordType === 'preprint' ? ' (preprint)' : '';
  const relevant = recordSentences(ne).filter((s) => mentions(s, entityNames(target, graph)));
  const decided = decidingStatement(relevant);
  if (decided && (decided.call.class === 'null' || decided.call.class === 'negative')) {
    return { relationship: 'contradicts', fragment: `${cite}${kind} reports a ${decided.call.class} result: ${quote(decided.sentence)}` };
  }
  return { relationship: 'associated_with', fragment: `${cite}${kind} names it` };
}

function num(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

/** The association with its direction kept: a protective allele is not a risk allele. */
function gwasFragment(ne: NormalizedEvidence): string {
  const a = ne.record.attributes;
  const p = typeof a.pValue === 'number' ? `, p = ${a.pValue.toExponential(1)}` : '';
  const effect = typeof a.oddsRatio === 'number' ? `OR ${num(a.oddsRatio, 2)}` : typeof a.beta === 'number' ? `beta ${num(a.beta, 3)}${a.betaUnit ? ` ${a.betaUnit}` : ''}` : '';
  const direction = a.effectDirection === 'protective' ? `protective allele${effect ? ` (${effect})` : ''}`
    : a.effectDirection === 'risk' ? `risk allele${effect ? ` (${effect})` : ''}` : effect;
  return `${ne.citations[0]!}: GWAS association${p}${direction ? `, ${direction}` : ''}`;
}

function articleFindings(ne: NormalizedEvidence, disease: ClaimEntity, graph: GraphView | undefined): Finding[] {
  const out: Finding[] = [];
  for (const drug of ne.drugs) out.push(...articleDrugFindings(ne, drug, disease, graph));
  for (const target of ne.targets) out.push({ subject: target, object: disease, ...classifyArticleTarget(ne, target, graph) });
  return out;
}

function labelFindings(ne: NormalizedEvidence, disease: ClaimEntity): Finding[] {
  const record = ne.record;
  const cite = ne.citations[0]!;
  const out: Finding[] = [];
  for (const drug of ne.drugs) {
    if (record.attributes.indicationMatch === true) out.push({ subject: drug, relationship: 'supports', object: disease, fragment: `${cite}: approved label lists the indication` });
    // A boxed warning is a safety flag of the drug (kept in the evidence item's outcome), not evidence
    // against its efficacy: it makes no contradicting claim.
  }
  return out;
}

function findingsFor(ne: NormalizedEvidence, disease: ClaimEntity, graph: GraphView | undefined): Finding[] {
  const record = ne.record;
  const cite = ne.citations[0]!;
  const out: Finding[] = [];
  const structuredTargets = ne.targets.filter((t) => ne.structuredIds.has(t.id));
  const structuredDrugs = ne.drugs.filter((d) => ne.structuredIds.has(d.id));
  const associate = (fragment: string) => {
    for (const target of ne.targets) out.push({ subject: target, relationship: 'associated_with', object: disease, fragment });
  };

  switch (record.recordType) {
    case 'clinical_trial':
      for (const drug of ne.drugs) out.push(...trialDrugFindings(ne, drug, disease));
      break;
    case 'article':
    case 'preprint':
      out.push(...articleFindings(ne, disease, graph));
      break;
    case 'gwas_association':
      associate(gwasFragment(ne));
      break;
    case 'target_association': {
      const s = record.attributes.associationScore;
      associate(typeof s === 'number' ? `${cite}: association score ${num(s, 2)}` : `${cite}: association`);
      break;
    }
    case 'expression':
      // Expression in healthy tissue is context (EvidenceItem.outcome), not an association with the disease.
      break;
    case 'bioactivity': {
      const p = record.attributes.pchembl;
      const fragment = typeof p === 'number' ? `${cite}: curated mechanism, pChEMBL ${num(p, 1)}` : `${cite}: curated mechanism`;
      for (const drug of structuredDrugs) for (const target of structuredTargets) out.push({ subject: drug, relationship: 'targets', object: target, fragment });
      break;
    }
    case 'drug_label':
      out.push(...labelFindings(ne, disease));
      break;
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
export function claimStatement(subject: ClaimEntity, relationship: ClaimRelationship, object: ClaimEntity, fragments: readonly string[], harm = false): string {
  const shown = fragments.slice(0, MAX_FRAGMENTS_IN_STATEMENT);
  const more = fragments.length - shown.length;
  const why = shown.join('; ') + (more > 0 ? `; and ${more} more record${more === 1 ? '' : 's'}` : '');
  const s = subject.label;
  const o = object.label;
  switch (relationship) {
    case 'supports':
      return `Evidence supports ${s} for ${o} (${why}).`;
    case 'contradicts':
      if (harm) return `Evidence of harm or a safety signal for ${s} in ${o} (${why}).`;
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
  harm: boolean;
  outcomeReading?: 'deciding' | 'other_outcome';
  outcomes: ClaimOutcome[];
  outcomeKey?: string;
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
      const key = `${finding.subject.id}|${finding.relationship}|${finding.object.id}${finding.outcomeKey ? `|${finding.outcomeKey}` : ''}`;
      let acc = byKey.get(key);
      if (!acc) {
        acc = { subject: finding.subject, relationship: finding.relationship, object: finding.object, evidenceIds: [], citations: [], fragments: [], harm: false, outcomes: [], ...(finding.outcomeKey ? { outcomeKey: finding.outcomeKey } : {}) };
        byKey.set(key, acc);
      }
      if (finding.outcomeReading) acc.outcomeReading ??= finding.outcomeReading;
      if (finding.outcome && !acc.outcomes.some((o) => o.evidence_id === finding.outcome!.evidence_id && o.sentence === finding.outcome!.sentence)) acc.outcomes.push(finding.outcome);
      if (!acc.evidenceIds.includes(ne.item.evidence_id)) acc.evidenceIds.push(ne.item.evidence_id);
      for (const c of ne.citations) if (!acc.citations.includes(c)) acc.citations.push(c);
      if (!acc.fragments.includes(finding.fragment)) acc.fragments.push(finding.fragment);
      if (finding.harm) acc.harm = true;
    }
  }
  return [...byKey.values()].map((acc) => ({
    claim_id: acc.outcomeKey ? stableId('cl_', `${acc.subject.id}|${acc.relationship}|${acc.object.id}|${acc.outcomeKey}`) : claimId(acc.subject.id, acc.relationship, acc.object.id),
    subject: { ...acc.subject },
    relationship: acc.relationship,
    object: { ...acc.object },
    statement: claimStatement(acc.subject, acc.relationship, acc.object, acc.fragments, acc.harm),
    evidence_ids: acc.evidenceIds,
    citations: acc.citations,
    origin: 'deterministic' as const,
    ...(acc.harm ? { qualifier: 'harm' as const } : {}),
    ...(acc.outcomeReading ? { outcome_reading: acc.outcomeReading } : {}),
    ...(acc.outcomes.length > 0 ? { outcomes: acc.outcomes } : {}),
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
