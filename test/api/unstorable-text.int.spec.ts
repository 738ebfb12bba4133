// NUL bytes and unpaired UTF-16 surrogates in any input: PostgreSQL text and jsonb refuse them, so they
// used to surface as 500s. The validation layer refuses them with a 422 naming the field, on every route.
import { expect } from 'chai';
import fc from 'fast-check';
import type { RouteDefinition } from '../../api/http/registry';
import { arbitraryFor } from '../support/schema-arbitrary';
import { startTestServer, TestServer } from '../support/test-server';

const BAD_TEXTS = ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'ok\uDBFFthen'];
const PATH_SAFE_BAD = ['a\u0000b', '\u0000']; // a lone surrogate cannot be percent-encoded as UTF-8

// Free text: mostly plain words, often NUL bytes or lone surrogates inside them.
const text = fc.oneof(fc.constantFrom(...BAD_TEXTS), fc.constantFrom('lupus', 'sle', 'MONDO:0007915', 'TNF'), fc.string({ maxLength: 8 }));
const pathText = fc.oneof(fc.constantFrom(...PATH_SAFE_BAD), fc.constantFrom('lupus', 'sle', 'MONDO:0007915'));

/** A request for the route with the given values filled in; lone surrogates only reach it as JSON escapes. */
function requestFor(route: RouteDefinition, pathValue: string, query: Record<string, string>, body: unknown) {
  const path = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathValue));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) search.append(key, value);
  const hasBody = route.method !== 'get' && route.method !== 'delete';
  return { url: `${path}${search.size > 0 ? `?${search}` : ''}`, init: {
    method: route.method.toUpperCase(),
    headers: { 'content-type': 'application/json', 'x-researcher-id': 'fuzz-researcher' },
    body: hasBody ? JSON.stringify(body) : undefined,
  } };
}

describe('NUL bytes and lone surrogates in any input', function () {
  this.timeout(240_000);
  let server: TestServer;

  before(async function () {
    // Offline sources: the routes that search providers (trials, monitor snapshots, evidence gathering)
    // answer from the corpus instead of waiting on a network this machine does not have.
    server = await startTestServer({ startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline' } });
  });
  after(async function () {
    await server?.close();
  });

  it('a NUL in a JSON body field is a 422 naming the field, and nothing is queued', async function () {
    const before = (await server.runtime.store.readAll()).length;
    const res = await fetch(`${server.baseUrl}/api/jobs/workspace`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-researcher-id': 'alice' },
      body: JSON.stringify({ question: 'Which drugs for lupus\u0000?', disease_id: 'sle' }),
    });
    expect(res.status).to.equal(422);
    expect((await res.json()).detail).to.deep.include({ loc: ['body', 'question'], msg: 'must not contain NUL bytes or unpaired UTF-16 surrogates', type: 'text' });
    expect(await server.runtime.store.readAll()).to.have.length(before);
  });

  it('a lone surrogate in a nested body value or a field name is a 422 naming where it is', async function () {
    const res = await fetch(`${server.baseUrl}/api/workspace/notifications`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-researcher-id': 'alice' },
      body: '{"email": "a@example.org", "tags": ["fine", "bad\\ud800"], "k\\udc00": 1}',
    });
    expect(res.status).to.equal(422);
    const locs = (await res.json()).detail.map((d: { loc: unknown[] }) => d.loc);
    expect(locs).to.deep.include.members([['body', 'tags', 1], ['body', 'k\uDC00']]);
  });

  it('a NUL in a query parameter or a path segment is a 422 naming it', async function () {
    const query = await fetch(`${server.baseUrl}/api/v1/conditions/search?q=lup%00us`);
    expect(query.status).to.equal(422);
    expect((await query.json()).detail[0]).to.include({ type: 'text' }).and.have.deep.property('loc', ['query', 'q']);
    const path = await fetch(`${server.baseUrl}/api/workspace/runs/ab%00cd`, { headers: { 'x-researcher-id': 'alice' } });
    expect(path.status).to.equal(422);
    expect((await path.json()).detail[0]).to.have.deep.property('loc', ['path', 'run_id']);
  });

  it('no route answers 5xx to generated inputs full of NUL bytes and lone surrogates (property)', async function () {
    const routes = server.http.registry.routes.filter((r) => (r.transport ?? 'http') === 'http' && r.handler);
    expect(routes.length).to.be.greaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      const queryArb = route.query ? arbitraryFor(route.query, pathText) : fc.constant({});
      const bodyArb = route.body ? arbitraryFor(route.body, text) : fc.constant({});
      await fc.assert(fc.asyncProperty(pathText, queryArb, bodyArb, async (pathValue, query, body) => {
        const { url, init } = requestFor(route, pathValue, query as Record<string, string>, body);
        const res = await fetch(`${server.baseUrl}${url}`, init);
        await res.arrayBuffer();
        // /api/ready's 503 is its documented answer while a dependency or a read model lags, not an error.
        const failed = res.status >= 500 && !(route.path === '/api/ready' && res.status === 503);
        if (failed) failures.push(`${route.method.toUpperCase()} ${url} -> ${res.status}`);
        return !failed;
        // 20 runs a route: with ~100 routes and offline sources about ten seconds; npm run bench:fuzz drives
        // thousands more.
      }), { numRuns: 20, seed: 20261124, endOnFailure: true }).catch(() => undefined);
    }
    expect(failures, failures.join("\n")).to.deep.equal([]);
  });
});
