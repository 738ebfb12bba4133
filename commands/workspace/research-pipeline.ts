// The Workspace pipeline's outward part: retrieve every requested source (in parallel; a failing
// source never fails the run), optionally ask the LLM, then hand everything to the pure buildDossier
// and render the HTML. Used by the workspace job module and by `evidence workspace` (the CLI).
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { GraphView } from '../../domain/kg/graph-view';
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { buildDossier, type LlmOutcome } from '../../domain/workspace/build-dossier';
import type { DiseaseNames } from '../../domain/workspace/other-disease';
import type { Dossier, ResearchRequest } from '../../domain/workspace/dossier-types';
import type { CompoundSafetyFacts } from '../../domain/workspace/safety-flags';
import type { FaersInput } from '../../domain/pharmacovigilance/faers-signals';
import { normalizeEvidence, type SourceRun } from '../../domain/workspace/normalize';
import { renderDossierHtml } from '../../domain/workspace/render-html';
import type { SourceName, SourceRecord, SourceStatus } from '../../domain/workspace/sources';
import type { Clock } from '../../infra/clock/clock';
import type { LlmConfig } from '../../infra/llm/llm-enrichment';
import { enrichWithLlm } from '../../infra/llm/llm-enrichment';
import type { SourceAdapter } from '../../infra/sources/source-adapter';
import { runSource, type RunSourceOptions } from '../../infra/sources/source-runner';
import { analyzeQuestion } from '../../domain/workspace/question/analyze-question';
import { exactLinker, type QuestionEntityLinker } from '../../domain/workspace/question/entity-linker';
import { subDiseaseFinder } from '../../domain/workspace/question/sub-disease';
import { rankByRelevance, type RelevanceNote } from '../../domain/workspace/question/relevance';
import type { QuestionAnalysis } from '../../domain/workspace/question/types';
import { cleanSourceRuns } from '../../domain/workspace/record-hygiene';

export interface PipelineDeps {
  adapters: Readonly<Record<SourceName, SourceAdapter>>;
  /** Per-source runner options (mode, cache, base URL override...). */
  sourceOptions(source: SourceName): RunSourceOptions;
  llm: LlmConfig;
  llmFetch?: typeof fetch;
  /** Stamps the dossier's completion time. */
  clock: Clock;
  /**
   * openFDA FAERS report counts for the named drugs (commands/analysis/drug-safety/openfda-faers.ts), asked only
   * for a safety question's ranking. Absent: FAERS is not consulted (the ranking says so).
   */
  faers?: (disease: DiseaseModule, drugNames: readonly string[]) => Promise<FaersInput>;
}

/** FAERS is asked about the first this many drugs of the safety ranking (two openFDA requests each). */
export const FAERS_MAX_DRUGS = 10;

export interface PipelineHooks {
  /** Called as each source finishes, with the share of sources done. */
  sourceFinished?(status: SourceStatus, done: number, total: number): Promise<void>;
  llmStarted?(): Promise<void>;
}

export interface PipelineOutput {
  dossier: Dossier;
  html: string;
}

export async function runResearchPipeline(
  run: { runId: string; request: ResearchRequest; disease: DiseaseModule; graph: GraphView; knowledgeGraph?: TypedKnowledgeGraph; compoundSafety?: CompoundSafetyFacts; startedAt: Date; otherDiseases?: readonly DiseaseNames[] },
  deps: PipelineDeps,
  hooks: PipelineHooks = {},
): Promise<PipelineOutput> {
  const { request, disease, graph } = run;
  const linker = exactLinker(graph);
  const subDiseases = run.knowledgeGraph ? subDiseaseFinder(run.knowledgeGraph, disease) : undefined;
  const analysis = analyzeQuestion(request.question, { disease, linker, ...(subDiseases ? { subDiseases } : {}) }, (id) => graph.node(id)?.synonyms ?? []);
  const relevance: Partial<Record<SourceName, RelevanceNote>> = {};
  let done = 0;
  const sourceRuns: SourceRun[] = await Promise.all(request.sources.map(async (source) => {
    const result = await runSource(deps.adapters[source], {
      disease,
      question: request.question,
      focus: analysis,
      dateFrom: request.date_from,
      dateTo: request.date_to,
      limit: request.max_evidence,
    }, { ...deps.sourceOptions(source), offlineRelevance: offlineRanking(source, analysis, linker, relevance) });
    done++;
    await hooks.sourceFinished?.(result.status, done, request.sources.length);
    return result;
  }));

  let llm: LlmOutcome = { status: 'disabled', model: null, warnings: [] };
  if (request.enable_llm) {
    await hooks.llmStarted?.();
    // The LLM sees the same evidence the dossier will hold (normalization is pure and cheap).
    const { evidence } = normalizeEvidence(cleanSourceRuns(sourceRuns).runs, {
      dateFrom: request.date_from, dateTo: request.date_to, maxEvidence: request.max_evidence, citation: { efoId: disease.search.opentargets?.efo_id ?? disease.efo_id },
    }, graph);
    llm = await enrichWithLlm({ question: request.question, diseaseName: disease.name, evidence: evidence.map((e) => e.item), graph }, deps.llm, deps.llmFetch);
  }

  const input = {
    request,
    disease,
    sourceRuns,
    graph,
    ...(run.knowledgeGraph ? { knowledgeGraph: run.knowledgeGraph } : {}),
    ...(run.compoundSafety ? { compoundSafety: run.compoundSafety } : {}),
    ...(run.otherDiseases ? { otherDiseases: run.otherDiseases } : {}),
    runId: run.runId,
    startedAt: run.startedAt.toISOString(),
    completedAt: deps.clock.now().toISOString(),
    llm,
    question: { analysis, offlineRelevance: relevance },
  };
  let dossier = buildDossier(input);
  // A safety question's ranking reads FAERS disproportionality of its drugs, known only once the dossier is
  // built: ask openFDA about them, then build again with the counts (buildDossier is pure, so nothing else moves).
  const ranked = dossier.answer?.safety_ranking;
  if (deps.faers && ranked && ranked.length > 0) {
    const faers = await deps.faers(disease, ranked.slice(0, FAERS_MAX_DRUGS).map((r) => r.label));
    dossier = buildDossier({ ...input, faers });
  }
  return { dossier, html: renderDossierHtml(dossier) };
}

/** The question-aware order (and selection) of a source's offline corpus records; notes what it did. */
function offlineRanking(source: SourceName, analysis: QuestionAnalysis, linker: QuestionEntityLinker, notes: Partial<Record<SourceName, RelevanceNote>>) {
  return (records: SourceRecord[]): SourceRecord[] => {
    const outcome = rankByRelevance(source, records, analysis, linker);
    notes[source] = outcome.note;
    return outcome.records;
  };
}
