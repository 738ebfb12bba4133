// GET /api/system/modules: the module catalog with ids, aliases, request schemas and contracts.
import { listModules, ModuleCatalogEntry } from '../../commands/jobs/list-modules';
import type { ModuleRegistry } from '../../commands/jobs/module-registry';
import type { RouteDefinition } from '../http/registry';
import { DISEASE_MODULE_ID_PATTERN } from '../../domain/diseases/disease-id-patterns';

export function systemModuleRoutes(modules: ModuleRegistry): RouteDefinition[] {
  return [{
    method: 'get',
    path: '/api/system/modules',
    operationId: 'listModules',
    summary: 'Module catalog: ids, aliases, request schemas, contracts and availability',
    tags: ['system'],
    query: {
      type: 'object',
      properties: { disease: { type: 'string', pattern: DISEASE_MODULE_ID_PATTERN, default: 'sle', description: 'Disease context of the listing' } },
      additionalProperties: false,
    },
    responses: {
      200: {
        description: 'Every module a job can run',
        schema: {
          type: 'object',
          properties: {
            disease: { type: 'string' },
            modules: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' }, aliases: { type: 'array', items: { type: 'string' } }, title: { type: 'string' },
                  description: { type: 'string' }, request_schema: { type: 'object' }, body_schema: { type: ['object', 'null'] },
                  contract: { type: 'object' }, available: { type: 'boolean' }, unavailable_reason: { type: ['string', 'null'] },
                },
                required: ['id', 'aliases', 'request_schema', 'contract', 'available'],
              },
            },
          },
          required: ['disease', 'modules'],
        },
      },
    },
    handler: ({ query, res }) => {
      res.json({ disease: query.disease, modules: listModules(modules).map(describe) });
    },
  }];
}

function describe({ module, requestSchema }: ModuleCatalogEntry) {
  const availability = module.availability();
  return {
    id: module.id,
    aliases: [...(module.aliases ?? [])],
    title: module.title,
    description: module.description,
    request_schema: requestSchema,
    body_schema: module.bodySchema ?? null,
    contract: module.contract,
    available: availability.available,
    unavailable_reason: availability.available ? null : availability.reason,
  };
}
