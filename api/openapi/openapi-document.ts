// The OpenAPI 3.1 description, generated from the route registry (the single source of truth, so the
// docs cannot drift from what is served). Route schemas are JSON Schema 2020-12, OpenAPI 3.1's own
// dialect, so they go in as they are; the builder adds what the cross-cutting layers answer: 422
// (validation), 401/403 (API key), 401 (sign-in), 413 (body size), 429 (rate limit) and 500.
import fs from 'node:fs';
import path from 'node:path';
import { defaultAccess, HttpMethod, ResponseSpec, RouteDefinition } from '../http/registry';
import type { JsonSchema } from '../../domain/shared/schema-validation';

type Json = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  security?: Record<string, string[]>[];
  'x-websocket'?: true;
  'x-websocket-message-schema'?: JsonSchema;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: OpenApiInfo;
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, Json> };
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const VALIDATION_REF = { $ref: '#/components/schemas/ValidationError' };
const SESSION_COOKIE = 'evidence_session';

const DESCRIPTION = `Research-only biomedical evidence service. **It accepts no patient or case data and gives no medical advice.**
Scores are prioritization heuristics, not probabilities of benefit or safety. Every \`/api/v1\` response carries a \`disclaimer\`.

## Authentication
- **API key**: when the deployment sets \`API_KEY\`, send it in the \`X-API-Key\` header on POST, PUT, PATCH and DELETE and on
  protected reads (evidence, jobs, job streams, cache). Missing key: 401; wrong key: 403. WebSocket clients may pass \`?api_key=\`.
- **Researcher**: the researcher owning reviews, alerts, notifications and digests is derived by the server, from the session
  cookie set by \`POST /api/auth/login\` (AUTH_MODE=local) or a trusted proxy header (AUTH_MODE=proxy), never from a request body.
  Routes that need one answer 401 without it.

Validation failures answer 422 with \`{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}\`; throttled requests answer 429 with \`Retry-After\`.`;

const TAG_DESCRIPTIONS: Record<string, string> = {
  operations: 'Liveness and readiness',
  docs: 'This API description and its interactive viewers',
  auth: 'Researcher sign-in (session cookie)',
  analysis: 'Analysis modules over the knowledge graph (docs/modules.md): each a synchronous GET route and a job (POST /api/jobs/{module or alias})',
  'knowledge-graph': 'The drug-gene-disease graph built from the active snapshots of the biomedical store (docs/knowledge-graph.md): typed nodes and directed, cited edges; paths, neighbours, centrality, communities',
};

export function serviceInfo(): OpenApiInfo {
  return { title: 'Evidence Research Service', version: packageVersion(), description: DESCRIPTION };
}

export function buildOpenApiDocument(routes: readonly RouteDefinition[], info: OpenApiInfo): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { Error: errorSchema(), ValidationError: validationErrorSchema() };
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Map<string, string | undefined>();
  for (const route of routes) {
    // WebSocket routes are an upgraded GET whatever the registry calls them.
    const method: HttpMethod = route.transport === 'websocket' ? 'get' : route.method;
    (paths[route.path] ??= {})[method] = operation(route, schemas);
    for (const tag of route.tags) tags.set(tag, TAG_DESCRIPTIONS[tag]);
  }
  return {
    openapi: '3.1.0',
    // OpenAPI 3.1's default dialect (JSON Schema 2020-12 plus the OAS vocabulary): the one Swagger UI renders.
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info,
    servers: [{ url: '/' }],
    tags: [...tags].map(([name, description]) => (description ? { name, description } : { name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Required when the deployment sets API_KEY. Missing: 401; wrong: 403.' },
        researcherSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'HttpOnly researcher session set by POST /api/auth/login (AUTH_MODE=local). With AUTH_MODE=proxy the researcher comes from a trusted proxy header instead.',
        },
      },
    },
  };
}

function operation(route: RouteDefinition, components: Record<string, JsonSchema>): OpenApiOperation {
  const schema = (where: string, value: JsonSchema) => prepareSchema(value, `${safeName(route.operationId)}.${where}`, components);
  const access = defaultAccess(route);
  const websocket = route.transport === 'websocket';
  const description = [route.description, websocket ? websocketNote(access) : undefined].filter(Boolean).join('\n\n');
  const op: OpenApiOperation = {
    operationId: route.operationId, summary: route.summary, ...(description ? { description } : {}), tags: route.tags, responses: {},
  };

  const parameters = [
    ...pathParameters(route, route.params && schema('params', route.params)),
    ...objectParameters(route.query && schema('query', route.query), 'query'),
  ];
  if (websocket && access === 'api-key' && !parameters.some((p) => p.in === 'query' && p.name === 'api_key')) {
    parameters.push({ name: 'api_key', in: 'query', required: false, description: 'The API key, for WebSocket clients that cannot set X-API-Key.', schema: { type: 'string' } });
  }
  if (parameters.length > 0) op.parameters = parameters;
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: schema('body', route.body) } } };

  for (const [status, spec] of Object.entries(route.responses)) {
    if (websocket && status === '101') {
      // A 101 has no body: a declared schema describes the messages on the socket instead.
      op.responses[status] = { description: spec.description };
      if (spec.schema) op['x-websocket-message-schema'] = schema('messages', spec.schema);
      continue;
    }
    const contentType = spec.contentType ?? (route.transport === 'sse' && status === '200' ? 'text/event-stream' : undefined);
    op.responses[status] = response(spec, contentType, (value) => schema(`response${status}`, value));
  }
  if (websocket) {
    op['x-websocket'] = true;
    op.responses['101'] ??= { description: 'Switching Protocols: the connection is upgraded to a WebSocket carrying the message stream' };
  }
  if (route.transport === 'sse') {
    op.responses['200'] ??= { description: 'Server-sent event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } };
  }
  addStandardResponses(route, op.responses);
  const security = securityRequirements(route);
  if (security) op.security = security;
  return op;
}

function response(spec: ResponseSpec, contentType: string | undefined, schema: (value: JsonSchema) => JsonSchema): Json {
  const out: Json = { description: spec.description };
  if (spec.headers) {
    out.headers = Object.fromEntries(Object.entries(spec.headers).map(([name, h]) => [name, { description: h.description, schema: schema(h.schema) }]));
  }
  const type = contentType ?? (spec.schema ? 'application/json' : undefined);
  if (type) out.content = { [type]: spec.schema ? { schema: schema(spec.schema) } : {} };
  return out;
}

/** The answers every route may give besides its own; a status the route declares itself wins. */
function addStandardResponses(route: RouteDefinition, responses: Record<string, Json>): void {
  const add = (status: string, description: string, schema: Json = ERROR_REF, extra: Json = {}) => {
    responses[status] ??= { description, content: { 'application/json': { schema } }, ...extra };
  };
  const apiKey = defaultAccess(route) === 'api-key';
  if (route.params || route.query || route.body) add('422', 'Request validation failed: one entry per violation', VALIDATION_REF);
  if (apiKey && route.principal === 'required') {
    add('401', 'API key missing (X-API-Key, when the deployment sets API_KEY), or sign in required: no researcher principal on this request');
  } else if (apiKey) {
    add('401', 'API key missing: X-API-Key is required when the deployment sets API_KEY');
  } else if (route.principal === 'required') {
    add('401', 'Sign in required: no researcher principal on this request');
  }
  if (apiKey) add('403', 'API key wrong: X-API-Key does not match');
  if (route.body && ['post', 'put', 'patch'].includes(route.method)) add('413', 'Request body too large (MAX_REQUEST_BODY_BYTES)');
  add('429', 'Rate limited: too many requests from this client in the window', ERROR_REF, {
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } } },
  });
  add('500', 'Internal error; the body carries the correlation id to quote', {
    type: 'object', properties: { detail: { type: 'string' }, correlation_id: { type: 'string' } }, required: ['detail'],
  });
}

function securityRequirements(route: RouteDefinition): Record<string, string[]>[] | undefined {
  const key: Record<string, string[]> = defaultAccess(route) === 'api-key' ? { apiKey: [] } : {};
  if (route.principal === 'required') return [{ ...key, researcherSession: [] }];
  // Optional principal: with or without a session (an empty requirement means "none").
  if (route.principal === 'optional') return [{ ...key, researcherSession: [] }, key];
  return 'apiKey' in key ? [key] : undefined;
}

function websocketNote(access: string): string {
  return 'WebSocket: open with an HTTP GET Upgrade request (ws:// or wss://). After the 101 the server pushes JSON text '
    + 'messages on the socket (their shape is `x-websocket-message-schema` when documented) and closes the connection when the stream ends.'
    + (access === 'api-key' ? ' Browsers cannot set headers on a WebSocket, so the API key may be given as `?api_key=`.' : '');
}

function pathParameters(route: RouteDefinition, params: JsonSchema | undefined): Json[] {
  // Every template name is a required path parameter, documented or not (OpenAPI requires them).
  const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const documented = new Map(objectParameters(params, 'path').map((p) => [p.name, p]));
  return names.map((name) => ({ ...(documented.get(name) ?? { name, in: 'path', schema: { type: 'string' } }), required: true }));
}

function objectParameters(schema: JsonSchema | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const parameter: Json = { name, in: where, required: where === 'path' || required.has(name), schema: property };
    if (typeof property.description === 'string') parameter.description = property.description;
    return parameter;
  });
}

// Keywords only ajv (or its plugins) understands; OpenAPI tools would show them as noise.
const AJV_ONLY = new Set(['$async', 'errorMessage', 'instanceof', 'typeof', 'regexp', 'transform', 'dynamicDefaults', 'uniqueItemProperties',
  'allRequired', 'anyRequired', 'oneRequired', 'patternRequired', 'prohibited', 'deepProperties', 'deepRequired', 'select', 'selectCases', 'selectDefault']);
// Keywords whose value maps names to schemas (the names are data, not keywords).
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
// Keywords whose value is instance data, copied untouched.
const DATA = new Set(['const', 'enum', 'default', 'examples', 'example', 'dependentRequired']);

/**
 * A copy of a route schema fit for the document: ajv-only keywords dropped, and root $defs moved to
 * components.schemas (a "#/$defs/x" reference inside the document would resolve against its root).
 */
function prepareSchema(schema: JsonSchema, name: string, components: Record<string, JsonSchema>): JsonSchema {
  const hoist = typeof schema.$id !== 'string';
  const rewrite = (ref: string) => {
    const match = hoist ? /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref) : null;
    return match ? `#/components/schemas/${name}.${safeName(decodeURIComponent(match[1]!).replace(/~1/g, '/').replace(/~0/g, '~'))}` : ref;
  };
  const copy = clean(schema, rewrite) as JsonSchema;
  if (!hoist) return copy;
  for (const keyword of ['$defs', 'definitions']) {
    const defs = copy[keyword] as Record<string, JsonSchema> | undefined;
    if (!defs) continue;
    for (const [def, value] of Object.entries(defs)) components[`${name}.${safeName(def)}`] = value;
    delete copy[keyword];
  }
  return copy;
}

function clean(value: unknown, rewrite: (ref: string) => string, isMap = false): unknown {
  if (Array.isArray(value)) return value.map((item) => clean(item, rewrite));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (isMap) out[key] = clean(child, rewrite);
    else if (AJV_ONLY.has(key)) continue;
    else if (DATA.has(key)) out[key] = structuredClone(child);
    else if (key === '$ref' && typeof child === 'string') out[key] = rewrite(child);
    else out[key] = clean(child, rewrite, SCHEMA_MAPS.has(key));
  }
  return out;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

function errorSchema(): JsonSchema {
  return { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] };
}

function validationErrorSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['detail'],
    properties: {
      detail: {
        type: 'array',
        items: {
          type: 'object',
          required: ['loc', 'msg', 'type'],
          properties: {
            loc: { type: 'array', items: { type: ['string', 'integer'] }, description: 'Where: "body", "query", "path" or "header", then the property path' },
            msg: { type: 'string', description: 'What is wrong, for a person' },
            type: { type: 'string', description: 'The JSON Schema keyword that failed' },
          },
        },
      },
    },
  };
}

let version: string | undefined;

function packageVersion(): string {
  // Walk up from this file (source or dist/) to the service's package.json.
  for (let dir = __dirname; version === undefined; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'evidence-research-service') version = pkg.version ?? '0.0.0';
    }
    if (path.dirname(dir) === dir) version ??= '0.0.0';
  }
  return version;
}
