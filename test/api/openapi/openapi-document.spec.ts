// buildOpenApiDocument on synthetic routes: the responses the cross-cutting layers add appear exactly
// where those layers apply, WebSocket and SSE routes are documented as such, and the result is valid 3.1.
import { expect } from 'chai';
import type { RouteDefinition } from '../../../api/http/registry';
import { buildOpenApiDocument, OpenApiOperation } from '../../../api/openapi/openapi-document';
import { validateOpenApi } from './openapi-helpers';

const info = { title: 'Synthetic', version: '1.2.3' };

const routes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/api/public',
    operationId: 'publicThing',
    summary: 'A public read without inputs',
    tags: ['things'],
    responses: { 200: { description: 'ok', schema: { type: 'object' } } },
  },
  {
    method: 'post',
    path: '/api/things/{thing_id}/notes',
    operationId: 'addNote',
    summary: 'A write (API key by default) for a signed-in researcher',
    tags: ['things'],
    principal: 'required',
    params: { type: 'object', properties: { thing_id: { type: 'string', format: 'uuid' } }, required: ['thing_id'] },
    query: { type: 'object', properties: { dry_run: { type: 'boolean', description: 'Preview only' }, tag: { type: 'string' } }, required: ['tag'] },
    body: {
      type: 'object',
      properties: { note: { $ref: '#/$defs/Note' } },
      required: ['note'],
      $defs: { Note: { type: 'string', minLength: 1, errorMessage: 'ajv-errors only' } },
    },
    responses: { 201: { description: 'Created', schema: { type: 'object' }, headers: { Location: { description: 'The note', schema: { type: 'string' } } } } },
  },
  {
    method: 'get',
    path: '/api/jobs/{job_id}/ws',
    operationId: 'jobSocket',
    summary: 'Job state stream',
    tags: ['jobs'],
    access: 'api-key',
    transport: 'websocket',
    params: { type: 'object', properties: { job_id: { type: 'string' } }, required: ['job_id'] },
    responses: {},
  },
  {
    method: 'get',
    path: '/api/stream/jobs/{job_id}',
    operationId: 'jobEvents',
    summary: 'Job state events',
    tags: ['jobs'],
    transport: 'sse',
    responses: { 401: { description: 'Declared by the route itself' } },
  },
];

describe('buildOpenApiDocument', function () {
  const doc = buildOpenApiDocument(routes, info);
  const op = (path: string, method: 'get' | 'post'): OpenApiOperation => {
    const found = doc.paths[path]?.[method];
    expect(found, `${method} ${path}`).to.not.equal(undefined);
    return found!;
  };

  it('is a valid OpenAPI 3.1 document with the 2020-12 dialect and a tags list', async function () {
    expect(doc.openapi).to.equal('3.1.0');
    expect(doc.jsonSchemaDialect).to.equal('https://spec.openapis.org/oas/3.1/dialect/base');
    expect(doc.info).to.deep.equal(info);
    expect(doc.servers).to.deep.equal([{ url: '/' }]);
    expect(doc.tags.map((t) => t.name)).to.deep.equal(['things', 'jobs']);
    const result = await validateOpenApi(doc);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).to.deep.equal([]);
  });

  it('the checker itself catches a broken $ref and a non-3.1 document', async function () {
    const broken = structuredClone(doc);
    broken.components.schemas.Error = { $ref: '#/components/schemas/Missing' };
    expect((await validateOpenApi(broken)).errors).to.have.length.greaterThan(0);
    expect((await validateOpenApi({ ...doc, openapi: '3.0.3' })).errors).to.have.length.greaterThan(0);
  });

  it('a public route without inputs gets only 429 and 500 added, and no security', function () {
    const get = op('/api/public', 'get');
    expect(Object.keys(get.responses)).to.deep.equal(['200', '429', '500']);
    expect(get.responses['429']).to.have.nested.property('headers.Retry-After');
    expect(get).to.not.have.property('security');
    expect(get).to.not.have.property('parameters');
  });

  it('an API-key route with inputs and a required principal gets 401, 403, 413 and 422, and both schemes', function () {
    const post = op('/api/things/{thing_id}/notes', 'post');
    expect(Object.keys(post.responses)).to.deep.equal(['201', '401', '403', '413', '422', '429', '500']);
    expect(post.responses['422']).to.deep.equal({
      description: 'Request validation failed: one entry per violation',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } },
    });
    expect(post.responses['401']!.description).to.match(/API key missing/).and.match(/sign in required/i);
    expect(post.responses['403']!.description).to.match(/API key wrong/);
    expect(post.responses['201']).to.have.nested.property('headers.Location.schema.type', 'string');
    expect(post.security).to.deep.equal([{ apiKey: [], researcherSession: [] }]);
    expect(doc.components.securitySchemes.apiKey).to.include({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.components.securitySchemes.researcherSession).to.include({ type: 'apiKey', in: 'cookie', name: 'evidence_session' });
  });

  it('parameters come from the params and query schemas; the body is a required JSON request body', function () {
    const post = op('/api/things/{thing_id}/notes', 'post');
    expect(post.parameters).to.deep.equal([
      { name: 'thing_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      { name: 'dry_run', in: 'query', required: false, schema: { type: 'boolean', description: 'Preview only' }, description: 'Preview only' },
      { name: 'tag', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    expect(post.requestBody).to.deep.equal({
      required: true,
      content: { 'application/json': { schema: { type: 'object', properties: { note: { $ref: '#/components/schemas/addNote.body.Note' } }, required: ['note'] } } },
    });
    // $defs move to components (a "#/$defs" ref would resolve against the document root); ajv-only keywords go.
    expect(doc.components.schemas['addNote.body.Note']).to.deep.equal({ type: 'string', minLength: 1 });
    expect(routes[1]!.body).to.have.property('$defs'); // the registry's own schema is untouched
  });

  it('a WebSocket route is a GET answering 101, flagged x-websocket, with the api_key query parameter', function () {
    const ws = op('/api/jobs/{job_id}/ws', 'get');
    expect(ws['x-websocket']).to.equal(true);
    expect(ws.responses['101']!.description).to.match(/Switching Protocols/);
    expect(ws.description).to.match(/WebSocket/).and.match(/api_key/);
    expect(ws.parameters!.map((p) => `${String(p.in)}:${String(p.name)}`)).to.deep.equal(['path:job_id', 'query:api_key']);
    expect(Object.keys(ws.responses)).to.include.members(['101', '401', '403', '422', '429', '500']);
    expect(ws.security).to.deep.equal([{ apiKey: [] }]);
  });

  it('an SSE route answers text/event-stream; a status the route declares itself is kept', function () {
    const sse = op('/api/stream/jobs/{job_id}', 'get');
    expect(sse.responses['200']).to.have.nested.property('content.text/event-stream');
    expect(sse.responses['401']).to.deep.equal({ description: 'Declared by the route itself' });
    // No params schema, yet the template name is still a required path parameter.
    expect(sse.parameters).to.deep.equal([{ name: 'job_id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(sse.responses).to.not.have.property('422');
  });
});
