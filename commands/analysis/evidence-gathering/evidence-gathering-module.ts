// The evidence-gathering module (spec §4.6 GET /api/evidence/gather: q, sources, max_per_source, use_cache,
// disease_id): multi-source retrieval with provenance (run-evidence-gathering.ts).
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { SOURCE_NAMES } from '../../../domain/workspace/sources';
import type { AnalysisModule } from '../analysis-module';
import { renderGatherHtml } from './render-gather-html';
import { GATHER_MODULE_ID, runEvidenceGathering } from './run-evidence-gathering';
import { DISEASE_MODULE_OR_MONDO_PATTERN } from '../../../domain/diseases/disease-id-patterns';

const NAME = `(${SOURCE_NAMES.join('|')})`;

const querySchema = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 500, pattern: '^[^\\u0000-\\u001f]*$', default: '', description: 'The research question or keywords; its keywords narrow each source\'s search' },
    sources: { type: 'string', maxLength: 200, pattern: `^ *${NAME} *(, *${NAME} *)*$`, description: `Comma-separated source names (${SOURCE_NAMES.join(', ')}); default pubmed,clinical_trials` },
    max_per_source: { type: 'integer', minimum: 1, maximum: 200, default: 20, description: 'Records wanted per source' },
    use_cache: { type: 'boolean', default: true, description: 'Read and write the response cache (false: ask every provider again)' },
    disease_id: { type: 'string', maxLength: 100, pattern: DISEASE_MODULE_OR_MONDO_PATTERN, default: 'sle', description: 'Disease module id or its MONDO CURIE: whose search configuration the sources use' },
  },
  additionalProperties: false,
};

const provenance = { type: 'object', properties: { mode: { enum: ['live', 'cache', 'offline_corpus'] }, synthetic: { type: 'boolean' }, retrieved_at: { type: 'string' } }, required: ['mode', 'synthetic', 'retrieved_at'] };
const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    source_statuses: { type: 'array', items: { type: 'object', properties: { source: { type: 'string' }, status: { type: 'string' }, record_count: { type: 'integer' }, retrieval_mode: { type: ['string', 'null'] }, warning: { type: ['string', 'null'] }, synthetic: { type: 'boolean' } }, required: ['source', 'status', 'record_count', 'retrieval_mode', 'warning'] } },
    counts: { type: 'object', properties: { retrieved: { type: 'integer' }, duplicates_merged: { type: 'integer' }, records: { type: 'integer' }, synthetic: { type: 'integer' } }, required: ['retrieved', 'duplicates_merged', 'records', 'synthetic'] },
    records: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          evidence_id: { type: 'string' }, source: { type: 'string' }, native_id: { type: 'string' }, type: { type: 'string' }, title: { type: 'string' }, url: { type: ['string', 'null'] },
          snippet: { type: 'string' }, published: { type: ['string', 'null'] }, structured: { type: 'object' }, attributes: { type: 'object' }, provenance, also_found_in: { type: 'array' },
        },
        required: ['evidence_id', 'source', 'native_id', 'type', 'title', 'url', 'snippet', 'published', 'provenance', 'also_found_in'],
      },
    },
  },
  required: [...ENVELOPE_REQUIRED, 'source_statuses', 'counts', 'records'],
};

export const evidenceGatheringModule: AnalysisModule = {
  id: GATHER_MODULE_ID,
  aliases: [],
  title: 'Evidence gathering across sources, with provenance',
  description: 'Retrieves records from the requested evidence sources through the source framework and returns them normalized, each with its provenance '
    + '(live, cache or offline corpus; synthetic or not; when), cross-source duplicates merged, and every source\'s status.',
  routes: [{
    path: '/api/evidence/gather', operationId: 'evidenceGather',
    summary: 'Records from several evidence sources, normalized, with provenance',
    description: 'Runs each requested source (sources, default pubmed and clinical_trials) for the disease\'s search configuration and the keywords of q, '
      + 'in parallel, through the evidence-source framework (EVIDENCE_SOURCE_MODE: live, offline corpus, or live with the corpus as fallback; the response '
      + 'cache unless use_cache=false), at most max_per_source records each. A failing source is reported in source_statuses and never fails the request. '
      + 'Records carry a stable evidence id, canonical URL (none for synthetic corpus examples), snippet, date, type, structured entities and provenance '
      + '{mode, synthetic, retrieved_at}; records naming the same PMID, NCT id or DOI are merged (also_found_in). 404 for a disease without a registry module.',
    query: querySchema,
    resultSchema,
    run: runEvidenceGathering,
  }],
  renderHtml: renderGatherHtml,
};
