// JSON Schema (2020-12) of the Dossier (dossier-types.ts, spec §2.4). Every built dossier validates
// against it; it also describes the Workspace job result in OpenAPI.
import type { JsonSchema } from '../shared/schema-validation';
import { researchRequestSchema } from './research-request';
import { SOURCE_NAMES } from './sources';
import { EDGE_TYPE_NAMES } from '../knowledge-graph/metagraph';

const string: JsonSchema = { type: 'string' };
const stringList: JsonSchema = { type: 'array', items: { type: 'string' } };
const nullableString: JsonSchema = { type: ['string', 'null'] };
const isoDate: JsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const sourceName: JsonSchema = { type: 'string', enum: [...SOURCE_NAMES] };
const recordType: JsonSchema = { type: 'string', enum: ['article', 'preprint', 'clinical_trial', 'gwas_association', 'drug_label', 'target_association', 'expression', 'bioactivity'] };
const retrievalMode: JsonSchema = { type: 'string', enum: ['live', 'cache', 'offline'] };
const nodeKind: JsonSchema = { type: 'string', enum: ['drug', 'target', 'pathway', 'disease', 'phenotype'] };
const edgeRelation: JsonSchema = { type: 'string', enum: ['targets', 'participates_in', 'associated_with', 'implicated_in', 'has_phenotype', 'treats', ...EDGE_TYPE_NAMES] };
const score100: JsonSchema = { type: 'number', minimum: 0, maximum: 100 };

const obj = (properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

/** An object schema with further properties that may be absent. */
const withOptional = (schema: JsonSchema, optional: Record<string, JsonSchema>): JsonSchema => ({
  ...schema,
  properties: { ...(schema.properties as Record<string, JsonSchema>), ...optional },
});

const claimEntity = obj({ id: { type: 'string', minLength: 1 }, label: string, kind: nodeKind });

const requestSchema = obj(
  Object.fromEntries(
    Object.entries(researchRequestSchema.properties as Record<string, JsonSchema>).map(([k, v]) => {
      const { default: _default, description: _description, format: _format, ...rest } = v as Record<string, unknown>;
      void _default; void _description; void _format;
      return [k, k === 'date_from' || k === 'date_to' ? { anyOf: [isoDate, { type: 'null' }] } : rest];
    }),
  ),
);

const sourceStatus = obj({
  source: sourceName,
  status: { type: 'string', enum: ['ok', 'warning', 'error', 'skipped'] },
  record_count: { type: 'integer', minimum: 0 },
  query_terms: stringList,
  retrieval_mode: { anyOf: [retrievalMode, { type: 'null' }] },
  warning: nullableString,
  retrieved_at: string,
  // optional (issue 26): the local-mirror snapshot that answered
  snapshot_id: { type: 'string', minLength: 1 },
}, { required: ['source', 'status', 'record_count', 'query_terms', 'retrieval_mode', 'warning', 'retrieved_at'] });

const evidenceItemRequired = obj({
  evidence_id: { type: 'string', pattern: '^ev_[0-9a-f]{16}$' },
  source: sourceName,
  native_id: { type: 'string', minLength: 1 },
  also_found_in: { type: 'array', items: obj({ source: sourceName, native_id: string, url: string }) },
  url: string,
  title: string,
  snippet: { type: 'string', maxLength: 300 },
  published: { anyOf: [isoDate, { type: 'null' }] },
  evidence_type: recordType,
  quality_tier: { type: 'string', enum: ['high', 'moderate', 'low'] },
  quality_score: { type: 'number', minimum: 0, maximum: 1 },
  quality_rationale: { type: 'string', minLength: 1 },
  query_context: stringList,
  retrieval_mode: retrievalMode,
  retrieved_at: string,
  entities: obj({ drugs: stringList, targets: stringList }),
});

/** Optional since 1.1: where the record came from, and whether it is a synthetic example. */
const evidenceItem: JsonSchema = {
  ...evidenceItemRequired,
  properties: {
    ...(evidenceItemRequired.properties as Record<string, JsonSchema>),
    provenance: obj(
      { mode: { type: 'string', enum: ['live', 'cache', 'offline_corpus', 'mirror'] }, synthetic: { type: 'boolean' }, retrieved_at: string, fallback: { type: 'boolean' }, snapshot_id: { type: 'string', minLength: 1 } },
      { required: ['mode', 'synthetic', 'retrieved_at'] },
    ),
    // Optional since 1.2: what the record says and the words that decided it.
    outcome: obj(
      {
        class: { type: 'string', enum: ['positive', 'null', 'negative', 'harm', 'unknown', 'excluded', 'context'] },
        statement: nullableString,
        // Optional since 1.4: a drug label's boxed warning (a safety fact, not efficacy evidence).
        boxed_warning: string,
        // Optional since 1.4: the effect reader's reading (domain/effects).
        effect: {
          type: 'object',
          properties: {
            direction: { type: 'string', enum: ['increased', 'decreased', 'no_difference', 'none'] },
            favourability: { type: 'string', enum: ['favourable', 'unfavourable', 'null', 'unknown'] },
            deciding: string,
            statistics: { type: 'array', items: string },
            active_comparator: string,
            uncertain: string,
            other_outcomes: { type: 'array', items: { type: 'object' } },
          },
          required: ['direction', 'favourability', 'deciding', 'statistics'],
        },
      },
      { required: ['class', 'statement'] },
    ),
    scoring_inputs: {
      type: 'object',
      properties: {
        record_score: { type: 'number', minimum: 0, maximum: 1 },
        phase: { type: ['number', 'null'] },
        enrollment: { type: ['number', 'null'] },
        p_value: { type: 'number' },
        genetic_association_score: { type: 'number' },
        indication_match: { type: 'boolean' },
      },
      required: ['record_score'],
      additionalProperties: false,
    },
    // Optional since 1.4: a trial's posted serious adverse events compared by arm (domain/trials/serious-adverse-events.ts).
    serious_adverse_events: obj({
      drug_arms: stringList,
      comparator_arms: stringList,
      drug: obj({ affected: { type: 'integer', minimum: 0 }, at_risk: { type: 'integer', minimum: 1 } }),
      comparator: obj({ affected: { type: 'integer', minimum: 0 }, at_risk: { type: 'integer', minimum: 1 } }),
      risk_difference: { type: 'number', minimum: -1, maximum: 1 },
      ci_lower: { type: 'number', minimum: -1, maximum: 1 },
      ci_upper: { type: 'number', minimum: -1, maximum: 1 },
      verdict: { type: 'string', enum: ['excess', 'no_excess_shown', 'lower_on_drug'] },
      method: string,
      statement: string,
    }),
  },
};

const claimRequired = obj({
  claim_id: { type: 'string', pattern: '^cl_[0-9a-f]{16}$' },
  subject: claimEntity,
  relationship: { type: 'string', enum: ['supports', 'contradicts', 'associated_with', 'targets', 'participates_in'] },
  object: claimEntity,
  statement: { type: 'string', minLength: 1 },
  evidence_ids: { type: 'array', items: { type: 'string' }, minItems: 1 },
  citations: stringList,
  origin: { type: 'string', enum: ['deterministic', 'llm'] },
});

/** Optional since 1.5: one outcome reading of a claim; since 1.6 optionally the outcome measure's title and arms. */
const claimOutcomeRequired = obj({
  evidence_id: { type: 'string', minLength: 1 },
  sentence: { type: 'string', minLength: 1 },
  rank: { type: 'string', enum: ['primary', 'secondary', 'unstated'] },
  direction: { type: 'string', enum: ['increased', 'decreased', 'no_difference'] },
  favourability: { type: 'string', enum: ['favourable', 'unfavourable', 'null', 'unknown'] },
  statistics: stringList,
});
const claimOutcome: JsonSchema = {
  ...claimOutcomeRequired,
  properties: {
    ...(claimOutcomeRequired.properties as Record<string, JsonSchema>),
    outcome: { type: 'string', minLength: 1 },
    arms: stringList,
  },
};

/** Optional since 1.2: a contradiction resting on a safety signal. Optional since 1.5: the outcome readings. */
const claim: JsonSchema = {
  ...claimRequired,
  properties: {
    ...(claimRequired.properties as Record<string, JsonSchema>),
    qualifier: { type: 'string', enum: ['harm'] },
    outcome_reading: { type: 'string', enum: ['deciding', 'other_outcome'] },
    outcomes: { type: 'array', items: claimOutcome, minItems: 1 },
  },
};

const rankingRequired = obj({
  candidate_id: { type: 'string', minLength: 1 },
  label: string,
  kind: { type: 'string', enum: ['drug', 'target'] },
  rank: { type: 'integer', minimum: 1 },
  score: score100,
  confidence_band: { type: 'string', enum: ['high', 'medium', 'low'] },
  component_scores: { type: 'object', additionalProperties: score100 },
  explanation: { type: 'string', minLength: 1 },
  supporting_claim_ids: stringList,
  contradicting_claim_ids: stringList,
  citation_ids: stringList,
  graph_explanation_ids: stringList,
});

/** Optional since 1.2: safety facts from the store. */
const ranking: JsonSchema = {
  ...rankingRequired,
  properties: {
    ...(rankingRequired.properties as Record<string, JsonSchema>),
    confidence_basis: string,
    safety_flags: {
      type: 'array',
      items: withOptional(
        obj({ flag: { type: 'string', enum: ['withdrawn', 'designated_medical_event'] }, node: string, source: { type: 'string', enum: ['drugbank', 'sider'] }, snapshot_id: string, statement: string }),
        // Since 1.3 (always written since; a 1.2 dossier's withdrawn flag has neither and stays valid).
        { terms: { type: 'array', items: string }, affects_confidence: { type: 'boolean' } },
      ),
    },
  },
};

const relationship: JsonSchema = {
  type: 'object',
  properties: {
    relation: edgeRelation, provenance: string, direction: { type: 'string', enum: ['forward', 'reverse'] },
    citations: { type: 'array', items: obj({ snapshot_id: string, resource: string, claim_no: { type: ['integer', 'null'] } }) },
  },
  required: ['relation', 'provenance'],
  additionalProperties: false,
};

/** Optional since 1.1 (knowledge-graph explanations). */
const explanationExtras: Record<string, JsonSchema> = {
  graph: { type: 'string', enum: ['knowledge_graph', 'curated'] },
  candidate_node: nullableString,
  linked_by: nullableString,
  cross_disease: { type: 'boolean' },
  via_diseases: { type: 'array', items: claimEntity },
};

const graphExplanationRequired = obj({
  explanation_id: { type: 'string', pattern: '^gx_[0-9a-f]{16}$' },
  candidate_id: string,
  status: { type: 'string', enum: ['found', 'no_path_found'] },
  path: {
    anyOf: [
      obj({
        nodes: { type: 'array', items: claimEntity, minItems: 2 },
        relationships: { type: 'array', items: relationship, minItems: 1 },
      }),
      { type: 'null' },
    ],
  },
  reason: nullableString,
}, {
  // found ⇒ a path and no reason; no_path_found ⇒ no path and a reason.
  oneOf: [
    { properties: { status: { const: 'found' }, path: { type: 'object' }, reason: { type: 'null' } } },
    { properties: { status: { const: 'no_path_found' }, path: { type: 'null' }, reason: { type: 'string', minLength: 1 } } },
  ],
});
const graphExplanation: JsonSchema = {
  ...graphExplanationRequired,
  properties: { ...(graphExplanationRequired.properties as Record<string, JsonSchema>), ...explanationExtras },
};

/** Optional since 1.2: how the question was read and used (domain/workspace/question). */
const questionEntity: JsonSchema = {
  type: 'object',
  properties: {
    id: nullableString,
    kind: { type: 'string', enum: ['drug', 'target', 'pathway', 'disease', 'phenotype', 'unlinked'] },
    label: string,
    matched: string,
    via: { type: 'string', enum: ['mention', 'concept', 'name_shape'] },
    concept: string,
  },
  required: ['id', 'kind', 'label', 'matched', 'via'],
  additionalProperties: false,
};
const intentName: JsonSchema = { type: 'string', enum: ['efficacy', 'safety', 'mechanism', 'biomarker', 'repurposing', 'genetics'] };
const questionExclusion = obj({ matched: string, phrase: string, concept: { type: ['string', 'null'] }, target_ids: stringList, drug_ids: stringList });

const questionAnalysisRequired = obj({
  question: string,
  intent: { anyOf: [intentName, { const: 'general' }] },
  intents: { type: 'array', items: obj({ intent: intentName, cues: stringList }) },
  entities: { type: 'array', items: questionEntity },
  keywords: stringList,
  boost_terms: stringList,
  ranking_terms: stringList,
  linker: string,
  offline_relevance: {
    type: 'object',
    propertyNames: sourceName,
    additionalProperties: obj({ ranked_by: { const: 'bm25' }, entity_filter: { type: 'boolean' }, kept: { type: 'integer', minimum: 0 }, of: { type: 'integer', minimum: 0 } }),
  },
});
/** exclusions optional since 1.4. */
const questionAnalysis = withOptional(questionAnalysisRequired, {
  exclusions: { type: 'array', items: questionExclusion },
  sub_disease: obj({ curie: string, label: string, matched: string, parent: obj({ curie: string, label: string }) }),
});

/** Optional since 1.4: what the dossier rests on (rests-on.ts). */
const sourceNameList: JsonSchema = { type: 'array', items: { type: 'string' } };
const restsOnSchema: JsonSchema = obj({
  real_and_complete: { type: 'boolean' },
  headline: { type: 'string', minLength: 1 },
  records: { type: 'integer', minimum: 0 },
  synthetic_records: { type: 'integer', minimum: 0 },
  graph: obj({ kind: { type: 'string', enum: ['knowledge_graph', 'curated_seed'] }, resources: sourceNameList }),
  offline_sources: { type: 'array', items: obj({ source: { type: 'string' }, read_at: { type: 'string' } }) },
  cached_sources: sourceNameList,
  failed_sources: sourceNameList,
  skipped_sources: sourceNameList,
});

/** Optional since 1.4: the answer's shape (answer-shape.ts). */
const answerSchema: JsonSchema = withOptional(obj({
  shape: { type: 'string', enum: ['efficacy_ranking', 'repurposing', 'safety_ranking', 'drug_profile'] },
  statement: { type: 'string', minLength: 1 },
  set_apart: { type: 'array', items: obj({ candidate_id: string, label: string, reason: { type: 'string', enum: ['already_indicated', 'excluded_by_question'] }, statement: string, ranking }) },
}), {
  profile: { type: 'object' },
  safety_ranking: { type: 'array', items: withOptional(obj({ candidate_id: string, label: string, rank: { type: 'integer', minimum: 1 }, concern: score100, concern_band: { type: 'string', enum: ['signal', 'synthetic_only', 'none_found'] }, statement: string, citations: stringList }), {
    // Optional since 1.4: the terms behind the concern and what FAERS said (domain/workspace/safety-ranking.ts).
    terms: { type: 'array', items: obj({
      term: { type: 'string', enum: ['harm_result', 'sae_excess', 'sae_by_arm', 'boxed_warning', 'withdrawn', 'ema_dme', 'faers_signal'] },
      what: string, counted: { type: 'boolean' },
      data_type: { anyOf: [{ type: 'string', enum: ['clinical', 'literature', 'spontaneous_reports'] }, { type: 'null' }] },
      score: { anyOf: [{ type: 'number', minimum: 0, maximum: 1 }, { type: 'null' }] },
      record: string, citation: string, synthetic: { type: 'boolean' },
    }) },
    faers: obj({ status: { type: 'string', enum: ['signals', 'no_signal_met', 'not_available', 'not_requested'] }, statement: string }),
  }) },
});

const dossierRequired: JsonSchema = obj({
  schema_version: string,
  run_id: { type: 'string', minLength: 1 },
  started_at: string,
  completed_at: string,
  request: requestSchema,
  disease: obj({ id: string, name: string, mondo_id: string, efo_id: string }),
  search_terms: stringList,
  source_statuses: { type: 'array', items: sourceStatus },
  evidence: { type: 'array', items: evidenceItem },
  claims: { type: 'array', items: claim },
  drug_rankings: { type: 'array', items: ranking },
  target_rankings: { type: 'array', items: ranking },
  graph_explanations: { type: 'array', items: graphExplanation },
  warnings: stringList,
  limitations: stringList,
  manifest: obj({
    provenance: obj({
      algorithm: { const: 'sha256' },
      fingerprint: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      inputs: { type: 'object' },
    }),
    llm: obj({
      status: { type: 'string', enum: ['disabled', 'ok', 'not_configured', 'timeout', 'quota_exceeded', 'failed', 'invalid_output'] },
      model: nullableString,
      warnings: stringList,
    }),
    retrieval: obj({
      records_by_mode: obj({ live: { type: 'integer', minimum: 0 }, cache: { type: 'integer', minimum: 0 }, offline_corpus: { type: 'integer', minimum: 0 }, mirror: { type: 'integer', minimum: 0 } }, { required: ['live', 'cache', 'offline_corpus'] }),
      synthetic_records: { type: 'integer', minimum: 0 },
      fallback_sources: { type: 'array', items: sourceName },
      fallback_records: { type: 'integer', minimum: 0 },
    }),
  }, { required: ['provenance', 'llm'] }),
  disclaimer: { type: 'string', minLength: 1 },
}, { title: 'EvidenceDossier' });

export const dossierJsonSchema: JsonSchema = {
  ...dossierRequired,
  properties: { ...(dossierRequired.properties as Record<string, JsonSchema>), question_analysis: questionAnalysis, rests_on: restsOnSchema, answer: answerSchema },
};
