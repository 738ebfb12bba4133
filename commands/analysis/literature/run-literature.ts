// The literature use case: the disease's PubMed articles through the source framework (live, cache or the
// bundled offline corpus, whose records are synthetic examples and say so), mined for co-mentions with the
// exact entity linker (domain/literature/literature-mining.ts). `targeted` keeps the genes a compound
// TARGETS or BINDS in the knowledge graph of the active snapshots.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import { geneCompounds } from '../../../domain/knowledge-graph/gene-sets';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { mineLiterature, type LiteratureMining, type LiteratureRecord } from '../../../domain/literature/literature-mining';
import type { SourceRun } from '../../../infra/sources/source-runner';
import { pubmedAdapter } from '../../../infra/sources/adapters/pubmed';
import type { SourceRecord } from '../../../domain/workspace/sources';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { storeMentionView } from '../../../domain/knowledge-graph/mention-view';
import { entityIds } from './entity-ids';

export const LITERATURE_MODULE_ID = 'literature-mining';
export const LITERATURE_METHOD = 'Co-mention literature mining (PubGene: Jenssen et al., Nat Genet 2001): genes and drugs named together with '
  + 'the disease in its PubMed titles and abstracts, linked exactly (NCBI Gene / DrugBank lexicon and the store graph\'s compound and gene names, word boundaries, '
  + 'case and context rules; background and comparator drugs not counted), counted per entity and per year; each article\'s outcome '
  + 'statement classified by the rule set of docs/outcome-classification.md';
export const MAX_ARTICLES_LIMIT = 500;
export const TOP_ENTITIES = 50;

export interface LiteratureParameters { disease_id: string; max_articles: number; targeted: boolean; no_cache: boolean }

export function literatureParameters(input: Record<string, unknown>): LiteratureParameters {
  return {
    disease_id: typeof input.disease_id === 'string' ? input.disease_id : 'sle',
    max_articles: typeof input.max_articles === 'number' ? input.max_articles : 100,
    targeted: input.targeted === true,
    no_cache: input.no_cache === true,
  };
}

/** The registry module with the disease's PubMed search terms (by id, or the module with that MONDO id). */
function searchModule(deps: AnalysisDeps, moduleId: string | null, curie: string): DiseaseModule | undefined {
  if (moduleId) return deps.diseases.entry(moduleId)?.module ?? undefined;
  return deps.diseases.list().find((e) => e.module?.mondo_id === curie)?.module ?? undefined;
}

function toLiterature(r: SourceRecord): LiteratureRecord {
  return { pmid: r.nativeId, title: r.title, text: r.fullText ?? r.text, published: r.published, synthetic: r.synthetic === true, url: r.url };
}

function hasTargetEdges(g: TypedKnowledgeGraph): boolean {
  const counts = g.countsByEdgeType();
  return (counts.TARGETS ?? 0) + (counts.BINDS ?? 0) > 0;
}

function drugTarget(g: TypedKnowledgeGraph): (id: string | null) => boolean {
  return (id) => {
    const node = id === null ? undefined : g.lookup(id);
    return node !== undefined && g.typeOf(node) === 'Gene' && geneCompounds(g, node).length > 0;
  };
}

type Ready = { kind: 'ready'; disease: DiseaseModule; sources: NonNullable<AnalysisDeps['sources']> };

/** The disease's search module and the source framework, or why the module cannot run (409). */
function preconditions(deps: AnalysisDeps, g: TypedKnowledgeGraph, parameters: LiteratureParameters, moduleId: string | null, curie: string): Ready | AnalysisOutcome {
  const disease = searchModule(deps, moduleId, curie);
  if (!disease?.search.pubmed) return { kind: 'not_available', reason: `no disease module with PubMed search terms for ${curie}: add one to the disease registry` };
  if (!deps.sources) return { kind: 'not_available', reason: 'the evidence-source framework is not configured in this runtime' };
  if (parameters.targeted && !hasTargetEdges(g)) {
    return { kind: 'not_available', reason: 'targeted needs compound–gene TARGETS or BINDS edges: import drugcentral or bindingdb (with drugbank and ncbi_gene), or ask without targeted' };
  }
  return { kind: 'ready', disease, sources: deps.sources };
}

/** The result body: the source's status (no retrieved_at, so the same records give a byte-identical result) and the mining. */
function resultBody(run: SourceRun, mining: LiteratureMining) {
  const synthetic = mining.counts.synthetic_articles;
  return {
    source: {
      name: run.status.source, status: run.status.status, retrieval_mode: run.status.retrieval_mode, query_terms: run.status.query_terms,
      warning: run.status.warning, record_count: run.status.record_count, synthetic_records: synthetic,
    },
    note: synthetic > 0 ? `${synthetic} of ${mining.counts.articles_retrieved} articles are synthetic examples of the bundled offline corpus (not real PubMed records): counts and PMIDs illustrate the method only` : null,
    ...mining,
  };
}

export async function runLiterature(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = literatureParameters(input);
  const g = (await deps.graph()).graph;
  const resolved = resolveDisease(deps.diseases, g, parameters.disease_id);
  if (resolved.kind === 'not_found') return { kind: 'not_found', detail: resolved.detail };
  const ready = preconditions(deps, g, parameters, resolved.module_id, resolved.curie);
  if (ready.kind !== 'ready') return ready;
  const { disease } = ready;
  await context.progress(10, 'retrieving PubMed articles');
  const run = await ready.sources(pubmedAdapter, { disease, question: '', dateFrom: null, dateTo: null, limit: parameters.max_articles }, parameters.no_cache ? { cache: undefined } : {});
  if (run.status.status === 'error' || run.status.status === 'skipped') return { kind: 'not_available', reason: `PubMed could not be read: ${run.status.warning ?? run.status.status}` };
  await context.progress(50, 'linking genes and drugs');
  const mining = mineLiterature(run.records.map(toLiterature), {
    diseaseNames: [disease.name, ...disease.synonyms, ...disease.search.pubmed!.terms], graph: storeMentionView(g), ids: entityIds(g),
    ...(parameters.targeted ? { keepGene: drugTarget(g) } : {}), maxEntities: TOP_ENTITIES,
  });
  const body = resultBody(run, mining);
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: LITERATURE_MODULE_ID, method: LITERATURE_METHOD,
      disease: { curie: resolved.curie, label: resolved.label, module_id: disease.id },
      parameters: { ...parameters }, snapshots: g.snapshots, body,
    }),
  };
}
