// JSON schemas of the universal biomedical API (spec §4.2, limits of §8): they validate requests (422)
// and document the routes in /api/openapi.json.
import { CURIE_PATTERN } from '../../domain/biomed/curie';
import { EVIDENCE_DIRECTIONS, PREDICATES } from '../../domain/biomed/claims';
import { BIOMED_RESOURCES } from '../../domain/biomed/resources';
import { SNAPSHOT_STATUSES } from '../../domain/biomed/snapshot-lifecycle';

export const disclaimerProperty = { type: 'string', description: 'Research-only notice carried by every /api/v1 response' };

/** An object schema whose responses always carry the disclaimer. */
export function withDisclaimer(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties: { ...properties, disclaimer: disclaimerProperty }, required: [...required, 'disclaimer'] };
}

export const notFoundSchema = withDisclaimer({ detail: { type: 'string' } }, ['detail']);

export const curieParams = {
  type: 'object',
  properties: { curie: { type: 'string', pattern: CURIE_PATTERN, maxLength: 100, description: 'Condition CURIE, e.g. MONDO:0007915 or HP:0001369' } },
  required: ['curie'],
};

export const limitProperty = { type: 'integer', minimum: 1, maximum: 200, default: 50, description: 'Page size (1-200)' };

export const searchQuery = {
  type: 'object',
  properties: { q: { type: 'string', minLength: 1, maxLength: 200, description: 'Text in the label or a synonym (case-insensitive)' }, limit: limitProperty },
  required: ['q'],
  additionalProperties: false,
};

export const hierarchyQuery = {
  type: 'object',
  properties: { depth: { type: 'integer', minimum: 0, maximum: 3, default: 1, description: 'IS_A steps up and down (0-3)' } },
  additionalProperties: false,
};

export const claimsQuery = {
  type: 'object',
  properties: {
    predicate: { enum: [...PREDICATES], description: 'Only claims with this predicate' },
    evidence_direction: { enum: [...EVIDENCE_DIRECTIONS] },
    limit: limitProperty,
  },
  additionalProperties: false,
};

export const snapshotsQuery = {
  type: 'object',
  properties: { resource: { enum: [...BIOMED_RESOURCES], description: 'Only snapshots of this resource' } },
  additionalProperties: false,
};

export const snapshotIdParams = {
  type: 'object',
  properties: { snapshot_id: { type: 'string', pattern: '^[a-z][a-z_]*-[0-9a-f]{12}-[0-9]{1,6}$', description: '<resource>-<sha256 prefix>-<attempt>' } },
  required: ['snapshot_id'],
};

const activeSnapshot = {
  type: 'object',
  properties: { snapshot_id: { type: 'string' }, resource: { type: 'string' }, version: { type: ['string', 'null'] }, activated_at: { type: ['string', 'null'] } },
  required: ['snapshot_id', 'resource'],
};
export const activeSnapshotsProperty = { type: 'array', items: activeSnapshot, description: 'The active snapshots the answer was read from' };

export const snapshotSchema = {
  type: 'object',
  properties: {
    snapshot_id: { type: 'string' }, resource: { type: 'string' }, version: { type: ['string', 'null'] },
    status: { enum: [...SNAPSHOT_STATUSES] }, active: { type: 'boolean' }, forced: { type: 'boolean' },
    artifact_sha256: { type: 'string' }, bytes: { type: 'integer' }, artifacts: { type: 'array', items: { type: 'object' } },
    counts: { type: ['object', 'null'] }, error: { type: ['string', 'null'] }, created_at: { type: 'string' },
    completed_at: { type: ['string', 'null'] }, activated_at: { type: ['string', 'null'] }, deactivated_at: { type: ['string', 'null'] },
  },
  required: ['snapshot_id', 'resource', 'status', 'active', 'forced', 'artifact_sha256'],
};

export const readinessTierProperty = { enum: ['L0', 'L1', 'L2', 'L3'] };

export const comparisonBody = {
  type: 'object',
  properties: {
    left_curie: { type: 'string', pattern: CURIE_PATTERN, maxLength: 100, description: 'First condition, e.g. MONDO:0007915' },
    right_curie: { type: 'string', pattern: CURIE_PATTERN, maxLength: 100, description: 'Second condition' },
  },
  required: ['left_curie', 'right_curie'],
  additionalProperties: false,
};

export const runIdParams = {
  type: 'object',
  properties: { run_id: { type: 'string', maxLength: 64, description: 'Research run id (a UUID)' } },
  required: ['run_id'],
};

export const pairQuery = {
  type: 'object',
  properties: {
    left_curie: { type: 'string', pattern: CURIE_PATTERN, maxLength: 100, description: 'First condition CURIE' },
    right_curie: { type: 'string', pattern: CURIE_PATTERN, maxLength: 100, description: 'Second condition CURIE' },
  },
  required: ['left_curie', 'right_curie'],
  additionalProperties: false,
};

// Graph analytics (limits of spec §8).
const curieProperty = (description: string) => ({ type: 'string', pattern: CURIE_PATTERN, maxLength: 100, description });

export const entityCurieParams = {
  type: 'object',
  properties: { curie: curieProperty('Entity CURIE: a term of the active snapshots or a claim subject/object, e.g. MONDO:0007915') },
  required: ['curie'],
};

export const diseaseCurieParams = {
  type: 'object',
  properties: { disease_curie: curieProperty('Disease CURIE, e.g. MONDO:0007915') },
  required: ['disease_curie'],
};

export const targetsQuery = {
  type: 'object',
  properties: { top_k: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Number of targets (1-100)' } },
  additionalProperties: false,
};

export const prioritizationQuery = {
  type: 'object',
  properties: { top_k: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Number of targets (1-50)' } },
  additionalProperties: false,
};

export const subgraphQuery = {
  type: 'object',
  properties: {
    max_hops: { type: 'integer', minimum: 1, maximum: 4, default: 2, description: 'Breadth-first claim steps (1-4)' },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100, description: 'Maximum nodes, the centre included (1-500)' },
  },
  additionalProperties: false,
};

export const claimPathsQuery = {
  type: 'object',
  properties: {
    start_curie: curieProperty('Entity the paths start from'),
    target_curie: curieProperty('Entity the paths end at'),
    max_depth: { type: 'integer', minimum: 1, maximum: 5, default: 3, description: 'Maximum claims per path (1-5)' },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Maximum paths (1-50)' },
  },
  required: ['start_curie', 'target_curie'],
  additionalProperties: false,
};

export const graphNodeSchema = {
  type: 'object',
  properties: { curie: { type: 'string' }, kind: { type: 'string' }, label: { type: ['string', 'null'] } },
  required: ['curie', 'kind', 'label'],
};

export const graphEdgeSchema = {
  type: 'object',
  properties: {
    subject: { type: 'string' }, predicate: { enum: [...PREDICATES] }, object: { type: 'string' },
    evidence_direction: { enum: [...EVIDENCE_DIRECTIONS] }, snapshot_id: { type: 'string' }, claim_no: { type: 'integer' },
  },
  required: ['subject', 'predicate', 'object', 'evidence_direction', 'snapshot_id', 'claim_no'],
};
