// The semantic-search use case: the query's tokens, expanded through the ontologies (synonyms, IS_A
// descendants), ranked by BM25 over the terms and claims of the active snapshots (search-corpus.ts); with
// disease_id, only the disease, its IS_A descendants, their claims and the terms at the other end of those
// claims. Lexical: a document that shares no word with the (expanded) query is never found.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { expandQuery } from '../../../domain/semantic-search/expansion';
import { tokens } from '../../../domain/retrieval/tokens';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { MIN_DOCS } from './search-index';
import { searchCorpus, type ClaimDoc, type SearchCorpus, type TermDoc } from './search-corpus';

export const SEARCH_MODULE_ID = 'semantic-search';
export const SEARCH_METHOD = 'Lexical retrieval: Okapi BM25 (Robertson & Zaragoza 2009; k1 1.2, b 0.75, names weighted 2) over the active snapshots\' '
  + 'ontology terms and knowledge-graph claims, the query expanded with matching ontology terms\' exact synonyms and IS_A descendants '
  + '(Disease Ontology, MONDO, HPO; Aronson & Rindflesch 1997)';

/**
 * The route's parameters as its query schema gives them (route-parameters.ts: types coerced, defaults filled
 * where the route or job is entered). disease_id has no default: absent means the whole index.
 */
export interface SearchParameters { query: string; top_k: number; disease_id?: string; expand: boolean; max_expansion: number }

const IS_A = edgeTypeIndex('IS_A')!;

/** Document ids within the disease's scope (see the header). */
function diseaseScope(g: TypedKnowledgeGraph, disease: number, corpus: SearchCorpus): Set<string> {
  const mask = new Uint8Array(32);
  mask[IS_A] = 1;
  const nodes = new Set([disease]);
  const queue = [disease];
  while (queue.length > 0) {
    const d = queue.shift()!;
    g.forEachStep(d, 'any', mask, (e, other) => { if (g.edgeTarget(e) === d && !nodes.has(other)) { nodes.add(other); queue.push(other); } });
  }
  const keep = new Set<string>();
  for (const n of nodes) for (const curie of [g.id(n), ...g.aliasesOf(n)]) keep.add(`term:${curie}`);
  for (const [id, doc] of corpus.docs) {
    if (doc.kind !== 'claim' || !(nodes.has(doc.subject) || nodes.has(doc.object))) continue;
    keep.add(id);
    for (const end of [doc.subject, doc.object]) keep.add(`term:${g.id(end)}`);
  }
  return keep;
}

async function evidenceOf(deps: AnalysisDeps, doc: ClaimDoc) {
  const { rows } = await deps.db.raw(`select source_file, source_line, reference, evidence_code from biomed.evidence_links
    where snapshot_id = ? and claim_no = ? order by link_no limit 5`, [doc.snapshot_id, doc.claim_no]);
  return rows as { source_file: string; source_line: number; reference: string | null; evidence_code: string | null }[];
}

async function hitView(deps: AnalysisDeps, g: TypedKnowledgeGraph, doc: TermDoc | ClaimDoc) {
  if (doc.kind === 'term') return { kind: 'term' as const, curie: doc.curie, label: doc.label, term_kind: doc.term_kind, resource: doc.resource, definition: doc.definition };
  return {
    kind: 'claim' as const, subject: { curie: g.id(doc.subject), label: g.label(doc.subject) }, predicate: doc.predicate,
    object: { curie: g.id(doc.object), label: g.label(doc.object) }, snapshot_id: doc.snapshot_id, resource: doc.resource, claim_no: doc.claim_no,
    evidence: await evidenceOf(deps, doc),
  };
}

export async function runSemanticSearch(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const p = input as unknown as SearchParameters;
  // What the schema cannot say: a query of stopwords and one-letter words has nothing to search for.
  const queryTokens = tokens(p.query);
  if (queryTokens.length === 0) return { kind: 'invalid', details: [{ loc: ['query', 'query'], msg: 'the query has no searchable word (letters or digits, two or more characters, not a stopword)', type: 'value_error' }] };
  const served = await deps.graph();
  const g = served.graph;
  const resolved = p.disease_id === undefined ? null : resolveDisease(deps.diseases, g, p.disease_id);
  if (resolved?.kind === 'not_found') return { kind: 'not_found', detail: resolved.detail };
  await context.progress(10, 'building the search index');
  const corpus = await searchCorpus(deps.db, served);
  if (corpus.index.size < MIN_DOCS) return { kind: 'not_available', reason: `the active snapshots hold ${corpus.index.size} searchable documents; BM25 needs at least ${MIN_DOCS}: import resources first` };
  const expansion = p.expand ? expandQuery(p.query, corpus.expansion, p.max_expansion) : null;
  const scope = resolved ? diseaseScope(g, resolved.node, corpus) : null;
  const hits = corpus.index.search([...queryTokens, ...(expansion?.added_tokens ?? [])], p.top_k, scope ? (id) => scope.has(id) : undefined);
  const results = [];
  for (const [i, h] of hits.entries()) results.push({ rank: i + 1, id: h.id, score: h.score, ...(await hitView(deps, g, corpus.docs.get(h.id)!)) });
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: SEARCH_MODULE_ID, method: SEARCH_METHOD, disease: resolved ? { curie: resolved.curie, label: resolved.label, module_id: resolved.module_id } : null,
      parameters: { ...p, disease_id: p.disease_id ?? null }, snapshots: g.snapshots,
      body: { lexical: true, index: { ...corpus.counts, scoped_documents: scope?.size ?? null }, query_tokens: queryTokens, expansion, results },
    }),
  };
}
