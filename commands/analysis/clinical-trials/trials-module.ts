// The trials module (spec §4.4 legacy alias `trials`, §4.6 GET /api/trials): the disease's ClinicalTrials.gov
// studies by phase, status, intervention and result, with the highest phase per drug (run-trials.ts).
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import type { AnalysisModule } from '../analysis-module';
import { renderTrialsHtml } from './render-trials-html';
import { runTrials, TRIALS_MODULE_ID } from './run-trials';
import { DISEASE_MODULE_OR_MONDO_PATTERN } from '../../../domain/diseases/disease-id-patterns';

const counts = { type: 'object', additionalProperties: { type: 'integer' } };
const outcome = { enum: ['positive', 'null', 'negative', 'harm', 'unknown', 'excluded'] };

const querySchema = {
  type: 'object',
  properties: {
    disease_id: { type: 'string', maxLength: 100, pattern: DISEASE_MODULE_OR_MONDO_PATTERN, default: 'sle', description: 'Disease module id (sle) or the MONDO CURIE of a registry module: its ClinicalTrials.gov condition terms are searched' },
    max_trials: { type: 'integer', minimum: 1, maximum: 1000, default: 100, description: 'At most this many studies retrieved (one page of the API)' },
    query: { type: 'string', maxLength: 200, pattern: '^[^\\u0000-\\u001f]*$', description: 'Optional free text: its keywords narrow the search (query.term), e.g. an intervention' },
    no_cache: { type: 'boolean', default: false, description: 'Bypass the response cache (ask the provider again)' },
  },
  additionalProperties: false,
};

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    source: { type: 'object', properties: { status: { type: 'string' }, retrieval_mode: { type: ['string', 'null'] }, warning: { type: ['string', 'null'] }, query_terms: { type: 'array' }, synthetic: { type: 'boolean' } }, required: ['status', 'retrieval_mode', 'synthetic'] },
    counts: { type: 'object', properties: { retrieved: { type: 'integer' }, excluded_withdrawn: { type: 'integer' }, analysed: { type: 'integer' }, by_outcome: counts, by_phase: counts, by_status: counts }, required: ['retrieved', 'excluded_withdrawn', 'analysed', 'by_outcome', 'by_phase', 'by_status'] },
    drugs: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' }, highest_phase: { type: ['string', 'null'] }, trials: { type: 'integer' }, outcomes: counts, trial_ids: { type: 'array', items: { type: 'string' } },
          compound: { type: ['object', 'null'], properties: { curie: { type: 'string' }, name: { type: 'string' } } },
        },
        required: ['name', 'highest_phase', 'trials', 'outcomes', 'trial_ids', 'compound'],
      },
    },
    trials: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' }, title: { type: 'string' }, url: { type: ['string', 'null'] }, synthetic: { type: 'boolean' }, phase: { type: ['string', 'null'] }, status: { type: ['string', 'null'] },
          enrollment: { type: ['number', 'null'] }, start: { type: ['string', 'null'] }, interventions: { type: 'array', items: { type: 'string' } }, comparators: { type: 'array', items: { type: 'string' } },
          background: { type: 'array', items: { type: 'string' } }, outcome, outcome_reason: { type: 'string' }, why_stopped: { type: ['string', 'null'] },
        },
        required: ['id', 'title', 'url', 'synthetic', 'phase', 'status', 'interventions', 'comparators', 'background', 'outcome', 'outcome_reason'],
      },
    },
  },
  required: [...ENVELOPE_REQUIRED, 'source', 'counts', 'drugs', 'trials'],
};

export const trialsModule: AnalysisModule = {
  id: TRIALS_MODULE_ID,
  aliases: ['trials'],
  title: 'Clinical trials by phase, status, intervention and result',
  description: 'ClinicalTrials.gov studies of the disease through the evidence-source framework, classified positive / null / negative / harm / '
    + 'unknown from their posted results, withdrawn trials excluded, with the highest phase each intervention reached. Offline corpus records are synthetic and marked.',
  routes: [{
    path: '/api/trials', operationId: 'clinicalTrials',
    summary: 'A disease\'s clinical trials, results-aware, with the highest phase per drug',
    description: 'Retrieves up to max_trials ClinicalTrials.gov (API v2) studies for the disease\'s configured condition (and the keywords of query) '
      + 'through the source framework (EVIDENCE_SOURCE_MODE; response cache unless no_cache). Each trial is classified as the dossier reads it (docs/outcome-classification.md): '
      + 'positive (a significant posted primary analysis, or the primary outcome met), null (posted primary analyses not significant), negative '
      + '(terminated for futility / lack of efficacy), harm (terminated for safety), unknown (no result posted); WITHDRAWN or zero-enrolment trials '
      + 'are excluded and counted; drugs only in comparator arms or in every arm (background) are listed apart, never as interventions. Counts by outcome, phase and status; per intervention the highest phase, trial count and outcome counts, matched to a '
      + 'DrugBank compound by exact name where the knowledge graph has one. Offline corpus records are synthetic examples (synthetic: true, no link). '
      + '404 for a disease without a registry module; 409 when ClinicalTrials.gov and the corpus both fail or the disease has no trials configuration.',
    query: querySchema,
    resultSchema,
    run: runTrials,
  }],
  renderHtml: renderTrialsHtml,
};
