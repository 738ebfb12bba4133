// The Workspace pipeline after retrieval, as one pure function: source runs → evidence → claims →
// graph explanations → rankings → Dossier. No I/O, no clock, no randomness: the run id and timestamps
// are inputs, so replaying the same inputs reproduces the dossier exactly (and its fingerprint, which
// excludes them).
import type { DiseaseModule } from '../diseases/disease-module';
import type { GraphView } from '../kg/graph-view';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';
import { explainWithKnowledgeGraph } from './knowledge-graph-explanations';
import type { CompoundSafetyFacts } from './safety-flags';
import { DISCLAIMER, DOSSIER_SCHEMA_VERSION, type ClaimEntity, type Dossier, type EvidenceItem, type GraphExplanation, type LlmStatus, type ResearchRequest, type RetrievalManifest } from './dossier-types';
import type { SourceName, SourceStatus } from './sources';
import { normalizeEvidence, type NormalizeStats, type SourceRun } from './normalize';
import { diseaseEntity, extractClaims, mergeLlmClaims, type LlmClaimProposal } from './claims';
import { explainCandidates } from './graph-explanations';
import { evidenceOutcome } from './evidence-outcome';
import { compareSeriousAdverseEvents } from '../trials/serious-adverse-events';
import type { FaersInput } from '../pharmacovigilance/faers-signals';
import { scoringInputs } from './evidence-strength';
import { collectCandidates, rankCandidates, resolveScoring, type ScoringOverrides } from './ranking';
import { provenanceFingerprint, provenanceInputs } from './fingerprint';
import { cleanSourceRuns } from './record-hygiene';
import type { DiseaseNames } from './other-disease';
import { explainWithForms, mergeSaltForms } from './salt-forms';
import { restsOn } from './rests-on';
import { shapeAnswer } from './answer-shape';
import { storeIndications } from './store-indications';
import { analyzeQuestion } from './question/analyze-question';
import { exactLinker } from './question/entity-linker';
import type { RelevanceNote } from './question/relevance';
import type { QuestionAnalysis } from './question/types';
import type { QuestionAnalysisRecord } from './dossier-types';

export type { SourceRun } from './normalize';

export interface LlmOutcome {
  status: LlmStatus;
  model: string | null;
  warnings: string[];
  /** Proposed claims, already validated against the LLM output schema; used only when status is ok. */
  claims?: LlmClaimProposal[];
}

export interface BuildDossierInput {
  request: ResearchRequest;
  disease: DiseaseModule;
  /** One per requested source (a requested source without a run is reported as skipped). */
  sourceRuns: readonly SourceRun[];
  graph: GraphView;
  runId: string;
  startedAt: string;
  completedAt: string;
  llm: LlmOutcome;
  scoring?: ScoringOverrides;
  /**
   * The knowledge graph of the active snapshots: when given, it explains the candidates (typed, directed,
   * cited paths; cross-disease hops labelled); otherwise the curated graph above does.
   */
  knowledgeGraph?: TypedKnowledgeGraph;
  /**
   * How the pipeline read the question and ranked the offline corpus by it; when absent the question is
   * read here with the graph's resolver (the same analysis the pipeline makes).
   */
  question?: { analysis: QuestionAnalysis; offlineRelevance?: Partial<Record<SourceName, RelevanceNote>> };
  /** Store facts about compounds (DrugBank withdrawn, SIDER designated medical events), read with the knowledge graph. */
  compoundSafety?: CompoundSafetyFacts;
  /**
   * openFDA FAERS report counts for the drugs (a safety question's ranking reads their disproportionality);
   * undefined when FAERS was not consulted, not_available when it could not answer: absence either way.
   */
  faers?: FaersInput;
  /**
   * The service's other disease modules (names and synonyms): a record whose title names one of them and not the
   * question's disease is left out (record-hygiene.ts rule 4). Absent: no record is left out for that reason.
   */
  otherDiseases?: readonly DiseaseNames[];
}

function questionRecord(input: BuildDossierInput): QuestionAnalysisRecord {
  const analysis = input.question?.analysis
    ?? analyzeQuestion(input.request.question, { disease: input.disease, linker: exactLinker(input.graph) }, (id) => input.graph.node(id)?.synonyms ?? []);
  return { ...analysis, offline_relevance: { ...(input.question?.offlineRelevance ?? {}) } };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function were(n: number): string {
  return n === 1 ? 'was' : 'were';
}

function sourceStatuses(request: ResearchRequest, runs: readonly SourceRun[], startedAt: string): { statuses: SourceStatus[]; used: SourceRun[]; ignored: SourceName[] } {
  const statuses: SourceStatus[] = [];
  const used: SourceRun[] = [];
  for (const source of request.sources) {
    const run = runs.find((r) => r.status.source === source);
    if (!run) {
      statuses.push({ source, status: 'skipped', record_count: 0, query_terms: [], retrieval_mode: null, warning: 'no result was produced for this source', retrieved_at: startedAt });
      continue;
    }
    statuses.push({ ...run.status, query_terms: [...run.status.query_terms], record_count: run.records.length });
    used.push(run);
  }
  const ignored = [...new Set(runs.map((r) => r.status.source).filter((s) => !request.sources.includes(s)))];
  return { statuses, used, ignored };
}

function searchTerms(statuses: readonly SourceStatus[]): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const status of statuses) {
    for (const raw of status.query_terms) {
      const term = raw.replace(/\s+/g, ' ').trim();
      const key = term.toLowerCase();
      if (!term || seen.has(key)) continue;
      seen.add(key);
      terms.push(term);
    }
  }
  return terms;
}

function sourceWarnings(statuses: readonly SourceStatus[]): string[] {
  const warnings: string[] = [];
  for (const s of statuses) {
    if (s.warning) warnings.push(`${s.source}: ${s.warning}`);
    else if (s.status === 'error') warnings.push(`${s.source}: retrieval failed`);
    else if (s.status === 'skipped') warnings.push(`${s.source}: skipped`);
  }
  return warnings;
}

const LLM_PROBLEM: Partial<Record<LlmStatus, string>> = {
  not_configured: 'LLM enrichment not configured',
  timeout: 'LLM enrichment timed out',
  quota_exceeded: 'LLM quota exceeded',
  failed: 'LLM enrichment failed',
  invalid_output: 'LLM output was invalid and was discarded',
};

function limitationsFor(request: ResearchRequest, statuses: readonly SourceStatus[], stats: NormalizeStats, evidenceCount: number, llmClaims: number, knowledgeGraph: TypedKnowledgeGraph | undefined, syntheticCount: number): string[] {
  const out: string[] = [];
  if (syntheticCount > 0) {
    const which = syntheticCount === evidenceCount
      ? (evidenceCount === 1 ? 'The one evidence record is a synthetic example' : `All ${evidenceCount} evidence records are synthetic examples`)
      : `${syntheticCount} of the ${plural(evidenceCount, 'evidence record')} ${syntheticCount === 1 ? 'is a synthetic example' : 'are synthetic examples'}`;
    out.push(`${which} from the offline corpus, not real publications, trials or measurements: this dossier shows how the method works, not what is known.`);
  }
  out.push('Scores are prioritization heuristics computed from the retrieved records only; they are not probabilities of benefit or safety.');
  const byMode = (mode: string) => statuses.filter((s) => s.status !== 'skipped' && s.status !== 'error' && s.retrieval_mode === mode).map((s) => s.source);
  const offline = byMode('offline');
  if (offline.length > 0) out.push(`Offline corpus used for: ${offline.join(', ')}; these results reflect the bundled corpus, not the providers' current data.`);
  const cached = byMode('cache');
  if (cached.length > 0) out.push(`Cached provider responses used for: ${cached.join(', ')}.`);
  const skipped = statuses.filter((s) => s.status === 'skipped').map((s) => s.source);
  if (skipped.length > 0) out.push(`Sources skipped: ${skipped.join(', ')}; they contributed no evidence.`);
  const failed = statuses.filter((s) => s.status === 'error').map((s) => s.source);
  if (failed.length > 0) out.push(`Sources that failed: ${failed.join(', ')}; their evidence is missing from this dossier.`);
  if (stats.duplicatesMerged > 0) out.push(`${plural(stats.duplicatesMerged, 'duplicate record')} (the same article, trial or DOI found more than once) ${were(stats.duplicatesMerged)} merged; see also_found_in.`);
  if (stats.excludedByDate > 0) out.push(`${plural(stats.excludedByDate, 'record')} outside the date range ${request.date_from ?? 'any'} to ${request.date_to ?? 'any'} ${were(stats.excludedByDate)} excluded.`);
  if (stats.undatedKept > 0) out.push(`The date filter applies to dated records only; ${plural(stats.undatedKept, 'undated record')} ${were(stats.undatedKept)} kept.`);
  if (stats.truncated > 0) out.push(`Only the ${request.max_evidence} highest-quality records were retained (max_evidence); ${plural(stats.truncated, 'further record')} ${were(stats.truncated)} not used.`);
  if (evidenceCount === 0) out.push('No evidence records were retained, so there are no claims or rankings. Absent data is not evidence against any candidate.');
  else out.push('Absent evidence is not contradictory evidence: a candidate without records in a source is not penalised for it.');
  out.push('Claims are extracted by fixed rules from titles, abstracts and structured fields; cue-phrase reading can miss nuance, so check each claim against its cited records.');
  if (knowledgeGraph) {
    const resources = [...new Set(knowledgeGraph.snapshots.map((s) => s.resource))].sort().join(', ');
    out.push(`Knowledge-graph explanations come from the graph of the active snapshots (${resources || 'none active'}); every step cites its claims, `
      + 'a path through another disease is labelled cross_disease and scores less, and "no path found" does not mean that no mechanism exists.');
  } else {
    out.push('Knowledge-graph explanations use curated, sourced edges only; "no path found" does not mean that no mechanism exists.');
  }
  if (llmClaims > 0) out.push(`${plural(llmClaims, 'claim')} proposed by an LLM (origin "llm") ${llmClaims === 1 ? 'cites' : 'cite'} evidence of this dossier but ${were(llmClaims)} not extracted by rules; treat them as leads.`);
  return out;
}

function retrievalManifest(items: readonly EvidenceItem[], fallbackSources: SourceName[]): RetrievalManifest {
  const byMode = { live: 0, cache: 0, offline_corpus: 0, mirror: 0 };
  for (const item of items) if (item.provenance) byMode[item.provenance.mode] += 1;
  const { mirror, ...others } = byMode;
  return {
    records_by_mode: mirror > 0 ? byMode : others, // 'mirror' only when a mirror answered (1.2 dossiers unchanged)
    synthetic_records: items.filter((i) => i.provenance?.synthetic).length,
    fallback_sources: fallbackSources,
    fallback_records: items.filter((i) => i.provenance?.fallback).length,
  };
}

/** Builds the dossier (spec §2.4). Throws if the request names another disease than the module given. */
export function buildDossier(input: BuildDossierInput): Dossier {
  const { request, disease, graph } = input;
  if (request.disease_id !== disease.id) throw new Error(`request disease ${request.disease_id} does not match disease module ${disease.id}`);
  const scoring = resolveScoring(input.scoring);

  const { statuses, used, ignored } = sourceStatuses(request, input.sourceRuns, input.startedAt);
  const hygiene = cleanSourceRuns(used, input.otherDiseases ? { disease, others: input.otherDiseases } : undefined);
  const { evidence, stats } = normalizeEvidence(hygiene.runs, {
    dateFrom: request.date_from,
    dateTo: request.date_to,
    maxEvidence: request.max_evidence,
    citation: { efoId: disease.search.opentargets?.efo_id ?? disease.efo_id },
  }, graph);

  const fallbackSources = used.filter((run) => run.fallback === true).map((run) => run.status.source);
  for (const ne of evidence) {
    if (ne.item.provenance && fallbackSources.includes(ne.item.source)) ne.item.provenance.fallback = true;
    ne.item.outcome = evidenceOutcome(ne);
    ne.item.scoring_inputs = scoringInputs(ne);
    // A trial's posted serious adverse events by arm, compared drug vs placebo-type comparator (issue 27 §3).
    const sae = ne.record.attributes.adverseEventsByArm ? compareSeriousAdverseEvents(ne.record.attributes.adverseEventsByArm) : null;
    if (sae) ne.item.serious_adverse_events = sae;
  }
  const diseaseNode = diseaseEntity(disease);
  const deterministic = extractClaims(evidence, { disease: diseaseNode, graph });
  const llmWarnings: string[] = [...input.llm.warnings];
  let claims = deterministic;
  const proposals = input.llm.claims ?? [];
  if (proposals.length > 0) {
    if (request.enable_llm && input.llm.status === 'ok') {
      const merged = mergeLlmClaims(deterministic, proposals, evidence);
      claims = merged.claims;
      llmWarnings.push(...merged.warnings);
    } else {
      llmWarnings.push(`LLM: ${plural(proposals.length, 'proposed claim')} ignored (enrichment ${request.enable_llm ? `status ${input.llm.status}` : 'disabled'}).`);
    }
  }
  const llmClaimCount = claims.length - deterministic.length;
  // A salt or ester form and its parent are one drug (salt-forms.ts): "Betamethasone dipropionate" is Betamethasone.
  const saltForms = mergeSaltForms(claims);
  claims = saltForms.claims;

  const candidates = collectCandidates(claims, request.candidate_type, scoring);
  const kg = input.knowledgeGraph;
  const explainOne = (c: ClaimEntity): GraphExplanation => {
    if (!kg) return explainCandidates(graph, [c], disease.kg_seeds.disease_node)[0]!;
    const known = graph.node(c.id);
    return explainWithKnowledgeGraph({ graph: kg, diseaseCurie: disease.mondo_id }, { ...c, synonyms: known?.synonyms, xrefs: known?.xrefs });
  };
  const explanationList = [...candidates.drugs, ...candidates.targets].map((c) => explainWithForms(c, saltForms.forms.get(c.id) ?? [], explainOne));
  const explanations = new Map(explanationList.map((e) => [e.candidate_id, e]));
  const rankings = rankCandidates({ candidates, claims, evidence, explanations, config: scoring, ...(input.compoundSafety ? { safety: input.compoundSafety } : {}) });
  const graphExplanations: GraphExplanation[] = [...rankings.drugs, ...rankings.targets]
    .map((r) => explanations.get(r.candidate_id))
    .filter((e): e is GraphExplanation => e !== undefined);

  const warnings = [...sourceWarnings(statuses), ...hygiene.warnings];
  for (const source of ignored) warnings.push(`${source}: results ignored because the source was not requested`);
  // One warning per LLM problem: the outcome's own words when it has them, else the generic line.
  const problem = LLM_PROBLEM[input.llm.status];
  if (request.enable_llm && problem && input.llm.warnings.length === 0) warnings.push(`${problem}; deterministic claims only.`);
  for (const w of llmWarnings) warnings.push(/^LLM\b/.test(w) ? w : `LLM: ${w}`);

  const items = evidence.map((ne) => ne.item);
  const question = questionRecord(input);
  // The question decides the answer's shape: repurposing sets already-indicated drugs apart, exclusions
  // ("who failed TNF inhibitors") set their drugs apart, a safety question gets a safety ranking, a named
  // drug its profile (answer-shape.ts).
  // Already indicated per the store (TREATS claims): read only for a repurposing question, by the candidate's linked node.
  const inStore = kg && question.intent === 'repurposing' ? storeIndications(kg, disease.mondo_id) : new Map<string, string>();
  const alreadyIndicated = new Map<string, string>();
  for (const e of explanationList) if (e.candidate_node && inStore.has(e.candidate_node)) alreadyIndicated.set(e.candidate_id, inStore.get(e.candidate_node)!);
  const mechanismClaims = new Set(claims.filter((c) => c.relationship === 'targets').map((c) => `${c.subject.id}|${c.object.id}`));
  const shaped = shapeAnswer({
    analysis: question, drugRankings: rankings.drugs, claims, evidence: items, alreadyIndicated, ...(input.faers ? { faers: input.faers } : {}),
    actsOn: (drugId, targetId) => mechanismClaims.has(`${drugId}|${targetId}`) || graph.findPath({ from: drugId, to: targetId, maxHops: 1, relations: ['targets'] }) !== undefined,
  });
  const inputs = provenanceInputs({ request, disease, sources: statuses, scoring, evidence: items, ...(kg ? { knowledgeGraphSnapshots: kg.snapshots } : {}) });

  const dossier: Dossier = {
    schema_version: DOSSIER_SCHEMA_VERSION,
    rests_on: restsOn(statuses, items, kg ? kg.snapshots.map((s) => s.resource) : undefined),
    answer: shaped.answer,
    run_id: input.runId,
    started_at: input.startedAt,
    completed_at: input.completedAt,
    request: { ...request, sources: [...request.sources] },
    disease: { id: disease.id, name: disease.name, mondo_id: disease.mondo_id, efo_id: disease.efo_id },
    search_terms: searchTerms(statuses),
    question_analysis: question,
    source_statuses: statuses,
    evidence: items,
    claims,
    drug_rankings: shaped.drugRankings,
    target_rankings: rankings.targets,
    graph_explanations: graphExplanations,
    warnings,
    limitations: limitationsFor(request, statuses, stats, items.length, llmClaimCount, kg, items.filter((i) => i.provenance?.synthetic).length),
    manifest: {
      provenance: { algorithm: 'sha256', fingerprint: provenanceFingerprint(inputs), inputs: inputs as unknown as Record<string, unknown> },
      llm: { status: input.llm.status, model: input.llm.model, warnings: llmWarnings },
      retrieval: retrievalManifest(items, fallbackSources),
    },
    disclaimer: DISCLAIMER,
  };
  // The JSON-safe form: plain data only, shared with no input.
  return JSON.parse(JSON.stringify(dossier)) as Dossier;
}
