// The semantic-search module (spec §4.6 GET /api/semantic/search; the spec leaves its parameter names open:
// query, top_k, disease_id, named like the other analysis routes' parameters). Lexical BM25 retrieval with
// ontology expansion (run-semantic-search.ts).
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import type { AnalysisModule } from '../analysis-module';
import { renderSearchHtml } from './render-search-html';
import { runSemanticSearch, SEARCH_MODULE_ID } from './run-semantic-search';
import { DISEASE_ID_PATTERN } from '../../../domain/diseases/disease-id-patterns';

const ref = { type: 'object', properties: { curie: { type: 'string' }, label: { type: 'string' } }, required: ['curie', 'label'] };
const added = { type: 'array', items: { type: 'object', properties: { curie: { type: 'string' }, label: { type: 'string' }, via: { type: 'string' } }, required: ['curie', 'label', 'via'] } };

const querySchema = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 500, pattern: '^[^\\u0000-\\u001f]*$', description: 'Words to search for (lexical: documents must share a word with the query or its expansion)' },
    top_k: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Results returned, best BM25 score first' },
    disease_id: { type: 'string', maxLength: 100, pattern: DISEASE_ID_PATTERN, description: 'Optional: only the disease (registry id or CURIE), its IS_A descendants, their claims and the terms those claims name' },
    expand: { type: 'boolean', default: true, description: 'Expand the query with matching ontology terms\' exact synonyms and IS_A descendants' },
    max_expansion: { type: 'integer', minimum: 0, maximum: 100, default: 25, description: 'At most this many IS_A descendants added' },
  },
  required: ['query'],
  additionalProperties: false,
};

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    lexical: { const: true },
    index: { type: 'object', properties: { terms: { type: 'integer' }, claims: { type: 'integer' }, scoped_documents: { type: ['integer', 'null'] } }, required: ['terms', 'claims', 'scoped_documents'] },
    query_tokens: { type: 'array', items: { type: 'string' } },
    expansion: { type: ['object', 'null'], properties: { matched: added, descendants: added, added_tokens: { type: 'array', items: { type: 'string' } } } },
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          rank: { type: 'integer' }, id: { type: 'string' }, score: { type: 'number' }, kind: { enum: ['term', 'claim'] },
          curie: { type: 'string' }, label: { type: 'string' }, term_kind: { type: 'string' }, resource: { type: 'string' }, definition: { type: ['string', 'null'] },
          subject: ref, predicate: { type: 'string' }, object: ref, snapshot_id: { type: 'string' }, claim_no: { type: 'integer' }, evidence: { type: 'array' },
        },
        required: ['rank', 'id', 'score', 'kind'],
      },
    },
  },
  required: [...ENVELOPE_REQUIRED, 'lexical', 'index', 'query_tokens', 'expansion', 'results'],
};

export const semanticSearchModule: AnalysisModule = {
  id: SEARCH_MODULE_ID,
  aliases: [],
  title: 'Search over terms and claims (lexical BM25 with ontology expansion)',
  description: 'Full-text retrieval over the ontology terms (labels, synonyms, definitions) and knowledge-graph claims of the active snapshots, ranked '
    + 'by Okapi BM25, with the query expanded through Disease Ontology, MONDO and HPO synonyms and IS_A descendants. Lexical, not embedding-based: '
    + 'it finds shared words, not meaning.',
  routes: [{
    path: '/api/semantic/search', operationId: 'semanticSearch',
    summary: 'Lexical search (BM25) over ontology terms and claims, with ontology expansion',
    description: 'Tokenizes the query (lower case, letters and digits, stopwords dropped, no stemming), adds the exact synonyms of the ontology terms '
      + '(DO, MONDO, HPO) whose label or exact synonym equals a run of the query\'s words and the labels of their IS_A descendants (at most '
      + 'max_expansion), and ranks documents by Okapi BM25 (k1 1.2, b 0.75; labels and synonyms weigh twice the definition or relation): every '
      + 'named term of the active snapshots and the claims TREATS, PALLIATES, ASSOCIATES, HAS_PHENOTYPE, TARGETS and BINDS, each claim with its first '
      + 'evidence links. This is lexical retrieval, not semantic embedding: a document sharing no word with the expanded query is not found. With '
      + 'disease_id, only the disease, its IS_A descendants, their claims and the terms those claims name. 422 for a query without a searchable word.',
    query: querySchema,
    resultSchema,
    run: runSemanticSearch,
  }],
  renderHtml: renderSearchHtml,
};
