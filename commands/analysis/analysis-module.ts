// An analysis module (spec §1.3, §4.4, §4.6): one use case per route, reachable both as a synchronous GET
// route (api/analysis/analysis-routes.ts) and, for its main route, as a job (analysis-job.ts) with the
// module's id and legacy aliases. Use cases return an outcome union and never throw for expected failures:
//   ok            -> 200 with the result (the job's result)
//   not_found     -> 404 (an unknown disease, gene or compound)
//   not_available -> 409 ModuleNotAvailableError (a tool or the data the method needs is missing; never a
//                    fake result) — the job fails with the same reason
//   invalid       -> 422 with the spec's detail list (a parameter combination the schema cannot express)
import type { Knex } from 'knex';
import type { ValidationDetail, JsonSchema } from '../../domain/shared/schema-validation';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import type { ServedGraph } from '../../infra/kg/store-graph-cache';
import type { LlmConfig } from '../../infra/llm/llm-enrichment';
import type { runSource, SourceMode } from '../../infra/sources/source-runner';
import type { Availability } from '../jobs/module-registry';

export type AnalysisOutcome<R = unknown> =
  | { kind: 'ok'; result: R }
  | { kind: 'not_found'; detail: string }
  | { kind: 'not_available'; reason: string }
  | { kind: 'invalid'; details: ValidationDetail[] };

export interface AnalysisDeps {
  /** The knowledge graph of the snapshots active now (built once per active set). */
  graph(): Promise<ServedGraph>;
  diseases: Pick<DiseaseRegistry, 'entry' | 'list'>;
  /** The store, for reads the graph does not hold (citations, term attributes). */
  db: Knex;
  settings: { dataDir: string; screeningReceptorsDir?: string | null; llm?: LlmConfig };
  /**
   * The evidence-source runner (infra/sources/source-runner.ts runSource) with the service's options for the
   * adapter's source already bound (EVIDENCE_SOURCE_MODE, response cache when USE_CACHE, base URL override,
   * offline corpus); options given here override them (e.g. { cache: undefined } to bypass the cache).
   * Absent where no sources are wired (unit tests): the modules that need it answer 409.
   */
  sources?: typeof runSource;
  /** EVIDENCE_SOURCE_MODE the runner is bound with: offline, FAERS counts come from the store's faers snapshot. */
  sourceMode?: SourceMode;
}

export interface AnalysisRunContext {
  /** 0-100 with a message; a no-op on the synchronous route. */
  progress(percent: number, message: string): Promise<void>;
  signal: AbortSignal;
}

export interface AnalysisRoute {
  /** OpenAPI style: /api/repurpose/gene/{gene_id}. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  params?: JsonSchema;
  /** Query parameters (validated with coercion, defaults applied; 422 otherwise). */
  query: JsonSchema;
  resultSchema: JsonSchema;
  run(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome>;
}

export interface AnalysisModule {
  id: string;
  /** Legacy aliases of spec §4.4 (POST /api/jobs/{alias}). */
  aliases: readonly string[];
  title: string;
  description: string;
  /** The routes; the first is the one the job form runs (its query schema is the job's). */
  routes: readonly AnalysisRoute[];
  /**
   * Optional JSON body of the job form (validated at submission; `{}` when none is sent), passed to the
   * first route's run as `input.body`. The GET routes never have one.
   */
  bodySchema?: JsonSchema;
  /** A tool the module cannot run without (vina, obabel); data availability is checked per run. */
  availability?(deps: AnalysisDeps): Availability;
  /** The HTML report of the main route's result (export_html); escape everything from data. */
  renderHtml(result: unknown): string;
}
