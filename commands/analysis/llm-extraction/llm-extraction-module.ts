// The LLM-extraction module (spec §4.6 GET /api/llm/extract — GET, as the section's routes are unless stated;
// its parameter names are left open by the spec: text, pmids, disease_id). 409 when no LLM is configured.
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { ENTITY_TYPES, RELATIONS } from '../../../domain/llm-extraction/claim-schema';
import { llmConfigured } from '../../../infra/llm/llm-enrichment';
import type { AnalysisModule } from '../analysis-module';
import { renderLlmHtml } from './render-llm-html';
import { LLM_MODULE_ID, NOT_CONFIGURED, runLlmExtraction } from './run-llm-extraction';
import { DISEASE_MODULE_OR_MONDO_PATTERN } from '../../../domain/diseases/disease-id-patterns';

const entity = { type: 'object', properties: { name: { type: 'string' }, type: { enum: ENTITY_TYPES }, curie: { type: ['string', 'null'] }, label: { type: ['string', 'null'] } }, required: ['name', 'type', 'curie', 'label'] };

const querySchema = {
  type: 'object',
  properties: {
    text: { type: 'string', maxLength: 8000, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]*$', description: 'Text to extract claims from (up to 8,000 characters)' },
    pmids: { type: 'string', maxLength: 200, pattern: '^ *[0-9]{1,9} *(, *[0-9]{1,9} *){0,19}$', description: 'Up to 20 comma-separated PubMed ids whose abstracts are read (through the evidence-source framework)' },
    disease_id: { type: 'string', maxLength: 100, pattern: DISEASE_MODULE_OR_MONDO_PATTERN, default: 'sle', description: 'Disease module id or its MONDO CURIE: the context given to the model and of the offline PubMed corpus' },
  },
  additionalProperties: false,
};

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    model: { type: 'string' },
    documents: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' }, title: { type: 'string' }, synthetic: { type: 'boolean' }, retrieval_mode: { type: ['string', 'null'] } }, required: ['key', 'title', 'synthetic'] } },
    missing_pmids: { type: 'array', items: { type: 'string' } },
    counts: { type: 'object', properties: { proposed: { type: 'integer' }, kept: { type: 'integer' }, dropped_ungrounded: { type: 'integer' } }, required: ['proposed', 'kept', 'dropped_ungrounded'] },
    claims: {
      type: 'array',
      items: {
        type: 'object',
        properties: { subject: entity, relation: { enum: RELATIONS }, object: entity, direction: { enum: ['supports', 'contradicts', 'neutral'] }, quote: { type: 'string' }, source: { type: 'string' }, source_synthetic: { type: 'boolean' } },
        required: ['subject', 'relation', 'object', 'direction', 'quote', 'source', 'source_synthetic'],
      },
    },
  },
  required: [...ENVELOPE_REQUIRED, 'model', 'documents', 'missing_pmids', 'counts', 'claims'],
};

export const llmExtractionModule: AnalysisModule = {
  id: LLM_MODULE_ID,
  aliases: [],
  title: 'Claim extraction with a language model (schema-validated, quote-grounded)',
  description: 'Structured claims from a text or PubMed abstracts through the configured OpenAI-compatible endpoint, validated against a JSON schema and '
    + 'kept only with a verbatim quote; 409 ModuleNotAvailableError when no LLM is configured.',
  routes: [{
    path: '/api/llm/extract', operationId: 'llmExtract',
    summary: 'Structured claims from text or PMIDs through the configured LLM',
    description: 'Sends the text and/or the abstracts of the PMIDs (efetch through the evidence-source framework; offline, the disease\'s synthetic corpus, '
      + 'marked) to the OpenAI-compatible chat completions endpoint of LLM_BASE_URL (temperature 0, JSON output). The answer must match the claim '
      + 'schema (subject and object with a type, relation, direction, verbatim quote, cited source); claims whose quote is not in the cited text are '
      + 'dropped and counted; entity names are linked to knowledge-graph nodes by exact name. 409 ModuleNotAvailableError without LLM_BASE_URL and '
      + 'LLM_API_KEY, or when the endpoint fails or answers outside the schema (never a made-up claim); 422 without text and pmids; 404 when none of '
      + 'the PMIDs is found.',
    query: querySchema,
    resultSchema,
    run: runLlmExtraction,
  }],
  availability: (deps) => (deps.settings.llm && llmConfigured(deps.settings.llm) ? { available: true } : { available: false, reason: NOT_CONFIGURED }),
  renderHtml: renderLlmHtml,
};
