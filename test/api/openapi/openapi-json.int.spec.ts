// /api/openapi.json on a real listening server: valid OpenAPI 3.1, and in one-to-one correspondence with
// what the service serves (the registry's routes, and every route layer mounted on the Express app).
import { expect } from 'chai';
import type { OpenApiDocument } from '../../../api/openapi/openapi-document';
import { startTestServer, TestServer } from '../../support/test-server';
import { validateOpenApi } from './openapi-helpers';

interface ExpressLayer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: ExpressLayer[] };
}

/** Every method+path the Express app routes, in OpenAPI form ("{param}"; express-ws "/.websocket" is a WebSocket GET). */
function servedRoutes(stack: ExpressLayer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths.flatMap((p) => {
        if (typeof p !== 'string') throw new Error(`route path ${String(p)} is not a string: cannot check it is documented`);
        const openApiPath = `${prefix}${p}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\.websocket$/, '');
        return Object.keys(layer.route!.methods).filter((m) => m !== '_all').map((m) => `${m} ${openApiPath}`);
      });
    }
    if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      return servedRoutes(layer.handle.stack, prefix + mount);
    }
    return [];
  });
}

function documentedRoutes(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
}

describe('/api/openapi.json', function () {
  let server: TestServer;
  let doc: OpenApiDocument;

  before(async function () {
    server = await startTestServer({ env: { OPENAPI_ENABLED: 'true' } });
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    doc = await response.json() as OpenApiDocument;
  });
  after(async function () {
    await server.close();
  });

  it('validates as OpenAPI 3.1, every schema in it resolving', async function () {
    expect(doc.openapi).to.equal('3.1.0');
    const result = await validateOpenApi(doc);
    expect(result.version).to.equal('3.1');
    expect(result.errors, JSON.stringify(result.errors, null, 2)).to.deep.equal([]);
  });

  it('says what the service is, its version, and how to authenticate', function () {
    const pkg = require('../../../../package.json') as { version: string }; // eslint-disable-line @typescript-eslint/no-require-imports
    expect(doc.info.title).to.equal('Evidence Research Service');
    expect(doc.info.version).to.equal(pkg.version);
    expect(doc.info.description).to.match(/research-only/i).and.match(/no medical advice/).and.match(/X-API-Key/);
    expect(doc.servers).to.deep.equal([{ url: '/' }]);
    expect(doc.components.securitySchemes).to.have.keys('apiKey', 'researcherSession');
  });

  it('documents every registry route, and nothing the registry does not declare', function () {
    const registry = server.http.registry.routes;
    expect(registry.length).to.be.greaterThan(0);
    for (const route of registry) {
      const method = route.transport === 'websocket' ? 'get' : route.method;
      const operation = doc.paths[route.path]?.[method];
      expect(operation, `${method.toUpperCase()} ${route.path} is missing`).to.not.equal(undefined);
      expect(operation!.operationId).to.equal(route.operationId);
      if (route.transport === 'websocket') expect(operation!['x-websocket']).to.equal(true);
    }
    expect(documentedRoutes(doc)).to.have.length(registry.length);
  });

  it('documents every route the Express app actually serves', function () {
    const served = servedRoutes((server.http.app as unknown as { router: { stack: ExpressLayer[] } }).router.stack);
    expect(served).to.include('get /api/openapi.json'); // the walk does see the registry router
    const documented = new Set(documentedRoutes(doc));
    expect(served.filter((route) => !documented.has(route)), 'served but undocumented').to.deep.equal([]);
  });

  it('the docs routes are public and documented under the docs tag', function () {
    for (const path of ['/api/openapi.json', '/api/docs', '/api/redoc', '/api/docs/assets/{file}', '/api/redoc/assets/{file}']) {
      expect(doc.paths[path]?.get?.tags, path).to.deep.equal(['docs']);
      expect(doc.paths[path]?.get, path).to.not.have.property('security');
    }
    expect(doc.tags.map((t) => t.name)).to.include('docs');
  });

  it('encodes and hashes the document once, not per request, with the headers res.send gave the text (issue 23)', async function () {
    // Each GET used to turn the text into bytes and hash them for the ETag (15–20 ms on the serving loop under
    // bench:fuzz). Counted here: Express's ETag function, wrapped, is called once for three GETs.
    const app = server.http.app;
    const original = app.get('etag fn') as (body: Buffer | string, encoding?: string) => string;
    let calls = 0;
    app.set('etag fn', (body: Buffer | string, encoding?: string) => { calls += 1; return original(body, encoding); });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await fetch(`${server.baseUrl}/api/openapi.json`));
      const texts = await Promise.all(answers.map((a) => a.text()));
      expect(calls).to.equal(1);
      expect(texts[1]).to.equal(texts[0]);
      expect(JSON.parse(texts[0]!)).to.deep.equal(doc);
      for (const a of answers) {
        expect(a.status).to.equal(200);
        expect(a.headers.get('content-type')).to.equal('application/json; charset=utf-8');
        // The ETag Express computes for the text itself (what res.send(text) set).
        expect(a.headers.get('etag')).to.equal(original(texts[0]!, 'utf8'));
      }
    } finally {
      app.set('etag fn', original);
    }
  });
});
