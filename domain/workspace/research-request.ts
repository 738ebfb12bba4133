// The ResearchRequest (spec §2.1, limits §8): the body of POST /api/jobs/workspace.
//
// parseResearchRequest() is the one place a request body becomes a ResearchRequest:
//   1. the question is trimmed before its 2–500 character rule is checked;
//   2. sources may be an array or a comma-separated string ("pubmed, gwas"): a string is split on
//      commas, every name is trimmed and lower-cased, and empty pieces of a string are dropped;
//   3. defaults are applied (disease_id "sle", sources pubmed + clinical_trials, dates null,
//      candidate_type both, max_evidence 50, enable_llm true);
//   4. the normalized body is validated against researchRequestSchema (every violation is reported,
//      with loc ["body", field, ...]), and date_from > date_to is rejected at ["body", "date_to"].
// Any violation throws RequestValidationError, which the HTTP layer turns into a 422 detail list.
import { RequestValidationError, validate, type JsonSchema, type ValidationDetail } from '../shared/schema-validation';
import type { ResearchRequest } from './dossier-types';
import { DISEASE_MODULE_ID_PATTERN } from '../diseases/disease-id-patterns';
import { DEFAULT_SOURCES, SOURCE_NAMES, type SourceName } from './sources';

export const QUESTION_MIN_LENGTH = 2;
export const QUESTION_MAX_LENGTH = 500;
export const MAX_EVIDENCE_MIN = 1;
export const MAX_EVIDENCE_MAX = 200;
export const MAX_EVIDENCE_DEFAULT = 50;
export const DEFAULT_DISEASE_ID = 'sle';

const dateOrNull = (description: string): JsonSchema => ({
  type: ['string', 'null'],
  format: 'date',
  default: null,
  description,
});

/** The normalized request (after trimming and splitting): JSON Schema 2020-12, validated with ajv. */
export const researchRequestSchema: JsonSchema = {
  type: 'object',
  properties: {
    disease_id: {
      type: 'string',
      pattern: DISEASE_MODULE_ID_PATTERN,
      default: DEFAULT_DISEASE_ID,
      description: 'A discovered disease module id (sle, ra, ms, ...).',
    },
    question: {
      type: 'string',
      minLength: QUESTION_MIN_LENGTH,
      maxLength: QUESTION_MAX_LENGTH,
      description: 'The research question; trimmed, then 2–500 characters.',
    },
    sources: {
      type: 'array',
      items: { type: 'string', enum: [...SOURCE_NAMES] },
      minItems: 1,
      uniqueItems: true,
      default: [...DEFAULT_SOURCES],
      description: 'Evidence sources to search.',
    },
    date_from: dateOrNull('Inclusive earliest source date (YYYY-MM-DD).'),
    date_to: dateOrNull('Inclusive latest source date (YYYY-MM-DD).'),
    candidate_type: {
      type: 'string',
      enum: ['drugs', 'targets', 'both'],
      default: 'both',
      description: 'Which rankings to produce.',
    },
    max_evidence: {
      type: 'integer',
      minimum: MAX_EVIDENCE_MIN,
      maximum: MAX_EVIDENCE_MAX,
      default: MAX_EVIDENCE_DEFAULT,
      description: 'Maximum normalized evidence records retained.',
    },
    enable_llm: {
      type: 'boolean',
      default: true,
      description: 'Optional LLM enrichment; deterministic extraction runs regardless.',
    },
  },
  required: ['question'],
  additionalProperties: false,
};

/**
 * The wire form, for a route's `body` (OpenAPI and the registry's pre-check): it admits everything
 * parseResearchRequest() may accept (sources as a string, names in any case, untrimmed questions), so
 * the registry never rejects a body the parser would have normalized. parseResearchRequest() still
 * runs the full rules; use it in the handler.
 */
export const researchRequestBodySchema: JsonSchema = {
  type: 'object',
  properties: {
    ...(researchRequestSchema.properties as Record<string, JsonSchema>),
    question: {
      type: 'string',
      description: 'The research question; trimmed, then 2–500 characters.',
    },
    sources: {
      anyOf: [
        { type: 'array', items: { type: 'string' } },
        { type: 'string' },
      ],
      default: [...DEFAULT_SOURCES],
      description: `Array of source names, or a comma-separated string. Supported: ${SOURCE_NAMES.join(', ')}. Non-empty, no repeats.`,
    },
  },
  required: ['question'],
  additionalProperties: false,
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizeSources(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.split(',').map((part) => part.trim().toLowerCase()).filter((part) => part.length > 0);
  }
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? item.trim().toLowerCase() : item));
  }
  return value;
}

/** Parses and validates a request body; throws RequestValidationError (422) listing every violation. */
export function parseResearchRequest(body: unknown): ResearchRequest {
  if (!isPlainObject(body)) {
    throw new RequestValidationError([{ loc: ['body'], msg: 'must be a JSON object', type: 'type' }]);
  }
  const candidate: Record<string, unknown> = { ...body };
  if (typeof candidate.question === 'string') candidate.question = candidate.question.trim();
  if ('sources' in candidate) candidate.sources = normalizeSources(candidate.sources);

  const details: ValidationDetail[] = validate(researchRequestSchema, candidate, 'body');
  const fieldFailed = (field: string) => details.some((d) => d.loc[1] === field);
  const { date_from: from, date_to: to } = candidate;
  if (typeof from === 'string' && typeof to === 'string' && !fieldFailed('date_from') && !fieldFailed('date_to') && from > to) {
    details.push({ loc: ['body', 'date_to'], msg: 'must be on or after date_from', type: 'date_order' });
  }
  if (details.length > 0) throw new RequestValidationError(details);

  return {
    disease_id: candidate.disease_id as string,
    question: candidate.question as string,
    sources: [...(candidate.sources as SourceName[])],
    date_from: (candidate.date_from as string | null) ?? null,
    date_to: (candidate.date_to as string | null) ?? null,
    candidate_type: candidate.candidate_type as ResearchRequest['candidate_type'],
    max_evidence: candidate.max_evidence as number,
    enable_llm: candidate.enable_llm as boolean,
  };
}
