// GET /api/system/diseases: the discovered disease registry and its counts, with an optional type-ahead
// prefix. Served from the registry loaded at start; a request never reads a module file.
import type { DiseaseEntry, DiseaseRegistry } from '../../infra/diseases/disease-registry';
import { SOURCE_NAMES } from '../../domain/workspace/sources';
import type { RouteDefinition } from '../http/registry';

const countsSchema = {
  type: 'object',
  properties: { total: { type: 'integer' }, valid: { type: 'integer' }, invalid: { type: 'integer' } },
  required: ['total', 'valid', 'invalid'],
};

const diseaseSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: ['string', 'null'] },
    synonyms: { type: 'array', items: { type: 'string' } },
    mondo_id: { type: ['string', 'null'] },
    efo_id: { type: ['string', 'null'] },
    sources_configured: { type: 'array', items: { enum: [...SOURCE_NAMES] } },
    valid: { type: 'boolean' },
  },
  required: ['id', 'name', 'synonyms', 'mondo_id', 'efo_id', 'sources_configured', 'valid'],
};

export const diseaseListSchema = {
  type: 'object',
  properties: {
    counts: countsSchema,
    diseases: { type: 'array', items: diseaseSchema },
    invalid: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, problems: { type: 'array', items: { type: 'string' } } },
        required: ['id', 'problems'],
      },
    },
  },
  required: ['counts', 'diseases', 'invalid'],
};

export function diseaseRoutes(registry: DiseaseRegistry): RouteDefinition[] {
  return [{
    method: 'get',
    path: '/api/system/diseases',
    operationId: 'listDiseases',
    summary: 'Discovered disease registry and counts',
    description: 'Every disease module discovered at start, valid or not, sorted by id; `q` narrows it to a type-ahead '
      + '(case-insensitive prefix of the id, name or a synonym, then of a later word of them). Invalid modules are listed '
      + 'with what is missing and cannot be used for research requests.',
    tags: ['system'],
    access: 'public',
    query: {
      type: 'object',
      properties: {
        q: { type: 'string', maxLength: 200, description: 'Prefix of an id, name or synonym (type-ahead)' },
        limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
        offset: { type: 'integer', minimum: 0, default: 0 },
      },
      additionalProperties: false,
    },
    responses: {
      200: { description: 'Registry counts, one page of modules, and every invalid module with its problems', schema: diseaseListSchema },
    },
    handler: ({ query, res }) => {
      const { q, limit, offset } = query as { q?: string; limit: number; offset: number };
      const page = q !== undefined && q.trim() !== ''
        ? registry.search(q, offset + limit).slice(offset)
        : registry.list(offset, limit);
      res.json({
        counts: registry.counts(),
        diseases: page.map(describe),
        invalid: registry.invalid().map(({ id, problems }) => ({ id, problems })),
      });
    },
  }];
}

function describe(entry: DiseaseEntry) {
  const { id, name, synonyms, mondo_id, efo_id, sources_configured, valid } = entry.summary;
  return { id, name, synonyms, mondo_id, efo_id, sources_configured, valid };
}
