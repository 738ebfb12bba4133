// JSON schemas of the across-runs routes (compare, trends, candidate history, evidence graph, review
// bundle). They validate the requests and document the responses in /api/openapi.json.
const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };
const int = { type: 'integer' };
const num = { type: 'number' };
const uuid = { type: 'string', format: 'uuid' };
/** A run id as a caller may send it: any id that names none of the caller's runs is a 404, not a 422. */
const runIdInput = { type: 'string', minLength: 1, maxLength: 100, description: 'A run id (UUID); an unknown id of any shape is 404' };
const decision = { enum: ['pin', 'reject'] };
const candidateType = { enum: ['drug', 'target'] };
const band = { enum: ['high', 'medium', 'low'] };
const runStatus = { enum: ['running', 'completed', 'failed'] };

export const runIdParams = { type: 'object', properties: { run_id: runIdInput }, required: ['run_id'] };

export const compareQuery = {
  type: 'object',
  properties: {
    left: { ...runIdInput, description: 'The earlier (baseline) run' },
    right: { ...runIdInput, description: 'The later run, compared against left' },
  },
  required: ['left', 'right'],
  additionalProperties: false,
};

export const trendsQuery = {
  type: 'object',
  properties: {
    run_ids: {
      type: 'array', items: runIdInput, minItems: 1, maxItems: 100,
      description: 'Runs to include (repeat the parameter). Default: the caller\'s latest completed runs.',
    },
    disease_id: { type: 'string', minLength: 1, maxLength: 100, description: 'Without run_ids: only runs of this disease' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'At most this many runs (the latest ones)' },
  },
  additionalProperties: false,
};

export const candidateHistoryQuery = {
  type: 'object',
  properties: {
    candidate_id: { type: 'string', minLength: 1, maxLength: 200, description: 'A candidate id as the rankings give it, e.g. drug:belimumab or target:TNFSF13B' },
    candidate_type: candidateType,
    disease_id: { type: 'string', minLength: 1, maxLength: 100, description: 'Only runs of this disease' },
  },
  required: ['candidate_id', 'candidate_type'],
  additionalProperties: false,
};

const rankedPoint = {
  type: 'object',
  properties: { score: num, rank: int, confidence_band: band },
  required: ['score', 'rank', 'confidence_band'],
};

const rankingChange = {
  type: 'object',
  properties: {
    candidate_id: str, label: str, kind: candidateType,
    left: { oneOf: [rankedPoint, { type: 'null' }] },
    right: { oneOf: [rankedPoint, { type: 'null' }] },
    score_delta: { type: ['number', 'null'], description: 'right.score - left.score; null unless ranked in both runs' },
    rank_delta: { type: ['integer', 'null'], description: 'left.rank - right.rank: positive means moved up; null unless ranked in both runs' },
    change: { enum: ['appeared', 'disappeared', 'moved_up', 'moved_down', 'same_rank'] },
  },
  required: ['candidate_id', 'label', 'kind', 'left', 'right', 'score_delta', 'rank_delta', 'change'],
};

const evidenceRef = {
  type: 'object',
  properties: { evidence_id: str, source: str, native_id: str, title: str, quality_tier: { enum: ['high', 'moderate', 'low'] } },
  required: ['evidence_id', 'source', 'native_id', 'title', 'quality_tier'],
};

const runRef = {
  type: 'object',
  properties: {
    run_id: uuid, disease_id: str, question: str, status: runStatus,
    requested_at: { type: 'string', format: 'date-time' }, finished_at: { type: ['string', 'null'], format: 'date-time' },
    fingerprint: nullableStr, evidence_count: { type: ['integer', 'null'] }, claim_count: { type: ['integer', 'null'] },
  },
  required: ['run_id', 'disease_id', 'question', 'status', 'requested_at', 'finished_at', 'fingerprint'],
};

const decisionAt = {
  type: 'object',
  properties: { decision, updated_at: str, changed_mind: nullableStr },
  required: ['decision', 'updated_at'],
};

export const compareResponse = {
  type: 'object',
  properties: {
    left: runRef,
    right: runRef,
    same_disease: { type: 'boolean' },
    fingerprints: {
      type: 'object',
      properties: { left: str, right: str, equal: { type: 'boolean' } },
      required: ['left', 'right', 'equal'],
    },
    rankings: {
      type: 'object',
      properties: { drugs: { type: 'array', items: rankingChange }, targets: { type: 'array', items: rankingChange } },
      required: ['drugs', 'targets'],
    },
    evidence: {
      type: 'object',
      properties: {
        added: { type: 'array', items: evidenceRef, description: 'Records in right only' },
        removed: { type: 'array', items: evidenceRef, description: 'Records in left only' },
        added_ids: { type: 'array', items: str },
        removed_ids: { type: 'array', items: str },
        unchanged_count: int,
        by_source: {
          type: 'array',
          items: { type: 'object', properties: { source: str, left: int, right: int, delta: int }, required: ['source', 'left', 'right', 'delta'] },
        },
      },
      required: ['added', 'removed', 'added_ids', 'removed_ids', 'unchanged_count', 'by_source'],
    },
    reviews: {
      type: 'array',
      description: 'Every candidate the caller reviewed in either run',
      items: {
        type: 'object',
        properties: {
          candidate_id: str, candidate_type: candidateType,
          left: { oneOf: [decisionAt, { type: 'null' }] },
          right: { oneOf: [decisionAt, { type: 'null' }] },
          change: { enum: ['same', 'changed', 'only_left', 'only_right'] },
        },
        required: ['candidate_id', 'candidate_type', 'left', 'right', 'change'],
      },
    },
  },
  required: ['left', 'right', 'same_disease', 'fingerprints', 'rankings', 'evidence', 'reviews'],
};

const seriesPoint = {
  type: 'object',
  properties: { run_id: uuid, finished_at: nullableStr, score: num, rank: int, confidence_band: band },
  required: ['run_id', 'finished_at', 'score', 'rank'],
};

const series = {
  type: 'object',
  description: 'candidate_id → one point per run the candidate is ranked in, in time order',
  additionalProperties: { type: 'array', items: seriesPoint },
};

export const trendsResponse = {
  type: 'object',
  properties: {
    runs: {
      type: 'array',
      description: 'Run summaries, oldest first',
      items: {
        ...runRef,
        properties: {
          ...runRef.properties,
          top_drugs: { type: 'array', items: { type: 'object' } },
          top_targets: { type: 'array', items: { type: 'object' } },
          warning_count: { type: ['integer', 'null'] },
        },
      },
    },
    drug_series: series,
    target_series: series,
    labels: { type: 'object', additionalProperties: str, description: 'candidate_id → label' },
    evidence_changes: {
      type: 'array',
      description: 'Between each pair of consecutive completed runs',
      items: {
        type: 'object',
        properties: {
          from_run_id: uuid, to_run_id: uuid, same_disease: { type: 'boolean' },
          added_ids: { type: 'array', items: str }, removed_ids: { type: 'array', items: str },
          candidates: {
            type: 'array',
            items: {
              type: 'object',
              properties: { candidate_id: str, kind: candidateType, label: str, added: { type: 'array', items: str }, removed: { type: 'array', items: str } },
              required: ['candidate_id', 'kind', 'label', 'added', 'removed'],
            },
          },
        },
        required: ['from_run_id', 'to_run_id', 'same_disease', 'added_ids', 'removed_ids', 'candidates'],
      },
    },
    limit: int,
    truncated: { type: 'boolean', description: 'More runs matched than limit' },
  },
  required: ['runs', 'drug_series', 'target_series', 'labels', 'evidence_changes', 'limit', 'truncated'],
};

export const candidateHistoryResponse = {
  type: 'object',
  properties: {
    candidate_id: str,
    candidate_type: candidateType,
    disease_id: nullableStr,
    label: nullableStr,
    runs: {
      type: 'array',
      description: 'Oldest first: every completed run that ranks the candidate, and the other runs of the same diseases (present: false)',
      items: {
        type: 'object',
        properties: {
          run_id: uuid, disease_id: str, question: str, requested_at: str, finished_at: nullableStr,
          present: { type: 'boolean' }, score: { type: ['number', 'null'] }, rank: { type: ['integer', 'null'] },
          confidence_band: { oneOf: [band, { type: 'null' }] }, evidence_ids: { type: 'array', items: str },
          decision: { oneOf: [decisionAt, { type: 'null' }] },
        },
        required: ['run_id', 'disease_id', 'present', 'score', 'rank', 'confidence_band', 'evidence_ids', 'decision'],
      },
    },
    evidence_changes: {
      type: 'array',
      description: 'Between consecutive runs of the same disease',
      items: {
        type: 'object',
        properties: { from_run_id: uuid, to_run_id: uuid, added: { type: 'array', items: evidenceRef }, removed: { type: 'array', items: evidenceRef } },
        required: ['from_run_id', 'to_run_id', 'added', 'removed'],
      },
    },
    reviews: {
      type: 'array',
      description: 'The caller\'s saves of this candidate, and withdrawals of them (event "withdrawn", decision null), oldest first',
      items: {
        type: 'object',
        properties: {
          event: { enum: ['saved', 'withdrawn'] }, run_id: uuid, event_id: str, saved_at: str, decision: { oneOf: [decision, { type: 'null' }] },
          previous_decision: { oneOf: [decision, { type: 'null' }] }, reason: str,
          rationale: str, notes: str, tags: { type: 'array', items: str }, changed_mind: nullableStr,
        },
        required: ['run_id', 'event_id', 'saved_at', 'decision', 'previous_decision'],
      },
    },
    truncated: { type: 'boolean', description: 'Only the latest 100 completed runs were considered' },
  },
  required: ['candidate_id', 'candidate_type', 'disease_id', 'label', 'runs', 'evidence_changes', 'reviews', 'truncated'],
};

export const graphResponse = {
  type: 'object',
  properties: {
    run_id: uuid,
    disease_id: str,
    nodes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: str,
          kind: { enum: ['drug', 'target', 'pathway', 'disease', 'phenotype', 'claim', 'evidence'] },
          label: str,
          candidate: {
            type: 'object',
            properties: { rank: int, score: num, confidence_band: band, decision: { oneOf: [decision, { type: 'null' }] } },
          },
          claim: { type: 'object', properties: { relationship: str, origin: str, citations: { type: 'array', items: str } } },
          evidence: { type: 'object' },
        },
        required: ['id', 'kind', 'label'],
      },
    },
    edges: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: str, source: str, target: str, relation: str,
          kind: { enum: ['claim_relation', 'claim_subject', 'claim_object', 'evidence', 'kg_path'] },
          claim_id: str, provenance: str, explanation_ids: { type: 'array', items: str },
        },
        required: ['id', 'source', 'target', 'relation', 'kind'],
      },
    },
    paths: {
      type: 'array',
      description: 'Knowledge-graph explanations: the node ids of each found path, or why none was found',
      items: {
        type: 'object',
        properties: { explanation_id: str, candidate_id: str, status: { enum: ['found', 'no_path_found'] }, node_ids: { type: 'array', items: str }, reason: nullableStr },
        required: ['explanation_id', 'candidate_id', 'status', 'node_ids', 'reason'],
      },
    },
    decisions: {
      type: 'object',
      description: 'candidate_id → the caller\'s current decision',
      additionalProperties: {
        type: 'object',
        properties: { candidate_type: candidateType, decision, updated_at: str },
        required: ['candidate_type', 'decision', 'updated_at'],
      },
    },
  },
  required: ['run_id', 'disease_id', 'nodes', 'edges', 'paths', 'decisions'],
};
