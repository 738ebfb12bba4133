// The evidence-gathering use case: the requested evidence sources, in parallel, through the source framework
// (EVIDENCE_SOURCE_MODE, the response cache unless use_cache=false, the offline corpus), for the disease's
// search configuration and the keywords of q; every source's status kept (a failing source never fails the
// gathering) and every record normalized with its provenance (domain/evidence-gathering).
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { gatherRecords } from '../../../domain/evidence-gathering/normalize-records';
import { DEFAULT_SOURCES, SOURCE_NAMES, type SourceName } from '../../../domain/workspace/sources';
import { ALL_ADAPTERS } from '../../../infra/sources/adapters';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { sourceDisease } from '../source-context/source-disease';

export const GATHER_MODULE_ID = 'evidence-gathering';
export const GATHER_METHOD = 'Multi-source retrieval through the evidence-source framework (provider APIs, response cache or the offline corpus), '
  + 'records normalized with provenance (retrieval mode, synthetic flag, retrieval time) and cross-source duplicates (same PMID, NCT id or DOI) merged';

export interface GatherParameters { q: string; sources: SourceName[]; max_per_source: number; use_cache: boolean; disease_id: string }

/** The parameters as the route's schema gives them (defaults applied where the route is entered); `sources` split and kept to known names. */
export function gatherParameters(input: Record<string, unknown>): GatherParameters {
  const p = input as { q: string; sources?: string; max_per_source: number; use_cache: boolean; disease_id: string };
  const listed = p.sources !== undefined ? p.sources.split(',').map((s) => s.trim()).filter(Boolean) : [];
  const sources = SOURCE_NAMES.filter((s) => listed.includes(s));
  return { q: p.q.trim(), sources: sources.length > 0 ? sources : [...DEFAULT_SOURCES], max_per_source: p.max_per_source, use_cache: p.use_cache, disease_id: p.disease_id };
}

export async function runEvidenceGathering(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const p = gatherParameters(input);
  const disease = sourceDisease(deps, p.disease_id);
  if (disease.kind === 'not_found') return disease;
  const run = deps.sources;
  if (!run) return { kind: 'not_available', reason: 'no evidence-source runner is wired in this process' };
  await context.progress(5, `retrieving ${p.sources.join(', ')}`);
  const runs = await Promise.all(p.sources.map((source) => run(ALL_ADAPTERS[source], {
    disease: disease.module, question: p.q, dateFrom: null, dateTo: null, limit: p.max_per_source,
  }, p.use_cache ? {} : { cache: undefined })));
  const { records, merged } = gatherRecords(runs.map((r) => ({ records: r.records, retrieval_mode: r.status.retrieval_mode, retrieved_at: r.status.retrieved_at })));
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: GATHER_MODULE_ID, method: GATHER_METHOD, disease: { curie: disease.module.mondo_id, label: disease.module.name, module_id: disease.module.id },
      parameters: { ...p }, snapshots: [],
      body: {
        source_statuses: runs.map((r) => ({ ...r.status, synthetic: r.records.some((x) => x.synthetic === true) })),
        counts: { retrieved: runs.reduce((n, r) => n + r.records.length, 0), duplicates_merged: merged, records: records.length, synthetic: records.filter((r) => r.provenance.synthetic).length },
        records,
      },
    }),
  };
}
