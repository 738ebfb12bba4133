// One request used to stall the service: a GET carrying 100,000 `[` then 100,000 `]` (200 KB, under the
// size limit) was parsed and walked level by level with quadratic copying, blocking every other request,
// /api/health included, for about a minute. Now a route that takes no body never parses one, and a
// body nested deeper than MAX_REQUEST_JSON_DEPTH is a 422 before JSON.parse runs.
import http from 'node:http';
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';

interface Reply { status: number; body: string }

/** Any method with any body (fetch refuses a GET body); resolves when the whole answer has arrived. */
function send(base: string, method: string, path: string, body: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'x-researcher-id': 'deep-alice' },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('Deeply nested JSON bodies (MAX_REQUEST_JSON_DEPTH)', function () {
  // Before the fix each deep request held the event loop for about a minute: the timeout failed these.
  this.timeout(20_000);
  let server: TestServer;
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

  before(async function () {
    server = await startTestServer();
  });
  after(async function () {
    await server?.close();
  });

  it('a GET with a 100,000-deep body to a public route answers as if it had none, and /api/health answers meanwhile', async function () {
    const stalled = send(server.baseUrl, 'GET', '/api/system/modules', deep);
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).to.equal(200);
    const reply = await stalled;
    expect(reply.status, reply.body).to.equal(200);
    expect(JSON.parse(reply.body).modules).to.be.an('array').that.is.not.empty;
  });

  it('a POST whose body nests deeper than the limit is a 422 naming the limit, and nothing is queued', async function () {
    const before = (await server.runtime.store.readAll()).length;
    const body = `{"question": ${'['.repeat(100_000)}"lupus"${']'.repeat(100_000)}, "disease_id": "sle"}`;
    const [reply, health] = await Promise.all([
      send(server.baseUrl, 'POST', '/api/jobs/workspace', body),
      fetch(`${server.baseUrl}/api/health`),
    ]);
    expect(health.status).to.equal(200);
    expect(reply.status, reply.body).to.equal(422);
    expect(JSON.parse(reply.body).detail).to.deep.equal([{ loc: ['body'], msg: 'JSON body nests deeper than 64 levels', type: 'depth' }]);
    expect(await server.runtime.store.readAll()).to.have.length(before);
  });

  it('a body within the depth limit still reaches the route and its validation', async function () {
    const body = JSON.stringify({ question: 'Which drugs for lupus?', disease_id: 'sle', sources: [[['x']]] });
    const reply = await send(server.baseUrl, 'POST', '/api/jobs/workspace', body);
    expect(reply.status, reply.body).to.equal(422); // sources must be a list of names: validated, not refused for depth
    expect(JSON.parse(reply.body).detail[0].loc.slice(0, 2)).to.deep.equal(['body', 'sources']);
  });
});
