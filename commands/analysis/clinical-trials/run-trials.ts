// The trials use case: the disease's ClinicalTrials.gov studies through the source framework (live, cached,
// or the bundled offline corpus — synthetic, marked), each classified by its results (domain/trials), counted
// by phase, status and intervention, and summarised per drug with the highest phase reached. Intervention
// names are matched to DrugBank compounds of the knowledge graph by exact name or synonym (case-insensitive).
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { perDrug, tally, type TrialOutcome } from '../../../domain/trials/trial-outcomes';
import { classifyTrialOutcome } from '../../../domain/workspace/trial-outcome';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { clinicalTrialsAdapter } from '../../../infra/sources/adapters/clinical_trials';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { sourceDisease } from '../source-context/source-disease';

export const TRIALS_MODULE_ID = 'clinical-trials';
export const TRIALS_METHOD = 'ClinicalTrials.gov API v2 studies of the disease, classified by their results (docs/outcome-classification.md): '
  + 'positive (a significant posted primary analysis, or the primary outcome met), null (posted primary analyses not significant), '
  + 'negative (terminated for futility or lack of efficacy), harm (terminated for safety; stop reasons as categorised by Williams et al., '
  + 'PLoS One 2015), unknown (no posted result); withdrawn or zero-enrolment trials excluded; comparator-only and background drugs are '
  + 'not interventions; per intervention the highest phase reached';

export interface TrialsParameters { disease_id: string; max_trials: number; query: string | null; no_cache: boolean }

/** The parameters as the route's schema gives them (defaults applied where the route is entered); a blank query: null. */
export function trialsParameters(input: Record<string, unknown>): TrialsParameters {
  const p = input as unknown as Omit<TrialsParameters, 'query'> & { query?: string };
  return { disease_id: p.disease_id, max_trials: p.max_trials, query: p.query !== undefined && p.query.trim() !== '' ? p.query.trim() : null, no_cache: p.no_cache };
}

/** Lower-cased compound names and synonyms -> node (first by id on a clash). */
function compoundNames(g: TypedKnowledgeGraph): Map<string, number> {
  const names = new Map<string, number>();
  for (let i = 0; i < g.nodeCount; i++) {
    if (g.typeOf(i) !== 'Compound') continue;
    for (const name of [g.label(i), ...g.synonymsOf(i)]) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), i);
  }
  return names;
}

function trialRow(r: SourceRecord) {
  const status = r.attributes.status ?? null;
  const read = classifyTrialOutcome(r);
  return {
    id: r.nativeId, title: r.title, url: r.synthetic ? null : r.url, synthetic: r.synthetic === true, phase: r.attributes.phase ?? null, status,
    enrollment: r.attributes.enrollment ?? null, start: r.published, interventions: r.structured.drugs,
    comparators: r.attributes.comparatorDrugs ?? [], background: r.attributes.backgroundDrugs ?? [],
    outcome: read.class, outcome_reason: read.reason, why_stopped: r.attributes.whyStopped ?? null,
  };
}

function summarise(rows: ReturnType<typeof trialRow>[], g: TypedKnowledgeGraph) {
  const kept = rows.filter((r) => r.outcome !== 'excluded') as (ReturnType<typeof trialRow> & { outcome: TrialOutcome })[];
  const names = compoundNames(g);
  const drugs = perDrug(kept.map((t) => ({ id: t.id, phase: t.phase, outcome: t.outcome, drugs: t.interventions }))).map((d) => {
    const node = names.get(d.name.toLowerCase());
    return { ...d, compound: node === undefined ? null : { curie: g.id(node), name: g.label(node) } };
  });
  return {
    counts: {
      retrieved: rows.length, excluded_withdrawn: rows.length - kept.length, analysed: kept.length,
      by_outcome: tally(kept, (t) => t.outcome), by_phase: tally(kept, (t) => t.phase ?? 'not given'), by_status: tally(kept, (t) => t.status ?? 'not given'),
    },
    drugs, trials: rows,
  };
}

export async function runTrials(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const p = trialsParameters(input);
  const disease = sourceDisease(deps, p.disease_id);
  if (disease.kind === 'not_found') return disease;
  if (!deps.sources) return { kind: 'not_available', reason: 'no evidence-source runner is wired in this process' };
  await context.progress(10, 'retrieving ClinicalTrials.gov studies');
  const run = await deps.sources(clinicalTrialsAdapter, { disease: disease.module, question: p.query ?? '', dateFrom: null, dateTo: null, limit: p.max_trials }, p.no_cache ? { cache: undefined } : {});
  if (run.status.status === 'error' || run.status.status === 'skipped') {
    return { kind: 'not_available', reason: `ClinicalTrials.gov is not available for ${disease.module.name}: ${run.status.warning ?? run.status.status}` };
  }
  const g = (await deps.graph()).graph;
  const body = summarise(run.records.map(trialRow), g);
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: TRIALS_MODULE_ID, method: TRIALS_METHOD, disease: { curie: disease.module.mondo_id, label: disease.module.name, module_id: disease.module.id },
      parameters: { ...p }, snapshots: g.snapshots.filter((s) => s.resource === 'drugbank'),
      body: {
        source: { status: run.status.status, retrieval_mode: run.status.retrieval_mode, warning: run.status.warning, query_terms: run.status.query_terms, synthetic: run.records.some((r) => r.synthetic === true) },
        ...body,
      },
    }),
  };
}
