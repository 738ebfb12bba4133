// Cache administration (spec §4.7), protected by the API key when API_KEY is set: namespace statistics,
// clearing all namespaces or one. An unknown namespace is 404.
import { CacheAdminDeps, cacheStats, clearCache } from '../../commands/cache-admin/cache-admin';
import type { RouteDefinition } from '../http/registry';
import { operatorContext } from './operator-principal';

const deleteSchema = {
  type: 'object',
  properties: { removed: { type: 'integer', minimum: 0 }, namespace: { type: ['string', 'null'] } },
  required: ['removed', 'namespace'],
};
const statsSchema = {
  type: 'object',
  properties: {
    namespaces: {
      type: 'array',
      items: {
        type: 'object',
        properties: { namespace: { type: 'string' }, kind: { enum: ['source', 'module', 'other'] }, entries: { type: 'integer' }, bytes: { type: 'integer' } },
        required: ['namespace', 'kind', 'entries', 'bytes'],
      },
    },
    total_entries: { type: 'integer' },
    total_bytes: { type: 'integer' },
  },
  required: ['namespaces', 'total_entries', 'total_bytes'],
};
const notFound = { description: 'Unknown namespace', schema: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } };

export function cacheRoutes(deps: CacheAdminDeps): RouteDefinition[] {
  return [
    {
      method: 'get', path: '/api/system/cache/stats', operationId: 'cacheStats', tags: ['system'], access: 'api-key',
      summary: 'Cache namespaces (one per evidence source and per module) with unexpired entry counts and bytes',
      responses: { 200: { description: 'Namespace statistics', schema: statsSchema } },
      handler: async ({ res }) => { res.json(await cacheStats(deps)); },
    },
    {
      method: 'delete', path: '/api/system/cache', operationId: 'clearCache', tags: ['system'], access: 'api-key', principal: 'optional',
      summary: 'Clear every cache namespace (recorded as a CacheCleared event)',
      responses: { 200: { description: 'Entries removed; namespace is null (all)', schema: deleteSchema } },
      handler: async (context) => { context.res.json(strip(await clearCache(deps, operatorContext(context), null))); },
    },
    {
      method: 'delete', path: '/api/system/cache/{namespace}', operationId: 'clearCacheNamespace', tags: ['system'], access: 'api-key', principal: 'optional',
      summary: 'Clear one cache namespace (e.g. gwas, pubmed, a module id); recorded as a CacheCleared event',
      params: { type: 'object', properties: { namespace: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' } }, required: ['namespace'] },
      responses: { 200: { description: 'Entries removed from the namespace', schema: deleteSchema }, 404: notFound },
      handler: async (context) => {
        const outcome = await clearCache(deps, operatorContext(context), context.params.namespace as string);
        if (outcome.kind === 'not_found') context.res.status(404).json({ detail: outcome.detail });
        else context.res.json(strip(outcome));
      },
    },
  ];
}

function strip(outcome: Awaited<ReturnType<typeof clearCache>>) {
  return outcome.kind === 'ok' ? { removed: outcome.removed, namespace: outcome.namespace } : outcome;
}
