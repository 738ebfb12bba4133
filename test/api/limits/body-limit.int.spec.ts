// MAX_REQUEST_BODY_BYTES through a real server: 413 for a declared or streamed (chunked) body over the
// limit, whatever its content type, and the route behind it never runs. The route is the login, whose
// success writes a session row, so "nothing written" is checkable; a bigger password makes its body big.
import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sleep } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';

const LIMIT = 512;

interface Reply { status: number; headers: http.IncomingHttpHeaders; body: string }

/** POST with node:http: `chunks` are streamed 20 ms apart with chunked encoding (no Content-Length). */
function post(base: string, path: string, chunks: string[], headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    (async () => {
      for (const chunk of chunks) {
        if (request.destroyed) return;
        request.write(chunk);
        await sleep(20);
      }
      request.end();
    })().catch(reject);
  });
}

describe('Request body limit (MAX_REQUEST_BODY_BYTES)', function () {
  let server: TestServer;
  const big = `big-${randomUUID().slice(0, 8)}`;
  const small = `small-${randomUUID().slice(0, 8)}`;
  const bigPassword = 'p'.repeat(LIMIT + 100);

  before(async function () {
    server = await startTestServer({
      env: { MAX_REQUEST_BODY_BYTES: String(LIMIT), LOCAL_AUTH_USERS: `${big}=${bigPassword},${small}=pw` },
    });
  });
  after(async function () {
    await server.close();
  });

  async function sessionsOf(username: string): Promise<number> {
    const [row] = await server.runtime.db.knex('auth_sessions').where({ username }).count({ n: '*' });
    return Number(row?.n);
  }

  it('refuses a declared Content-Length over the limit before reading the body', async function () {
    const reply = await new Promise<Reply>((resolve, reject) => {
      const request = http.request(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(100 * LIMIT) },
      }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on('error', reject);
      request.flushHeaders(); // headers only: the answer must not wait for the body
    });
    expect(reply.status).to.equal(413);
    expect(reply.headers.connection).to.equal('close');
    expect(JSON.parse(reply.body)).to.have.property('detail').that.contains(String(LIMIT));
  });

  it('a client still uploading a large body gets the 413 and no EPIPE (the socket closed mid-upload)', async function () {
    // Before: the server closed the socket right after its 413 while the body was still arriving; the
    // client's next write failed with EPIPE, and a client pacing its upload never even read the 413.
    const { port } = new URL(server.baseUrl);
    const total = 8 * 1024 * 1024;
    for (const paced of [false, true]) {
      const outcome = await new Promise<{ error: string | undefined; answer: string; sent: number }>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let error: string | undefined;
        let answer = '';
        let sent = 0;
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('error', (e: NodeJS.ErrnoException) => { error ??= e.code ?? e.message; });
        socket.on('close', () => resolve({ error, answer, sent }));
        socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`);
        (async () => {
          const chunk = Buffer.alloc(256 * 1024, 'x');
          while (sent < total && !socket.destroyed) {
            const flushed = socket.write(chunk);
            sent += chunk.length;
            if (paced) await sleep(5); // a client on a slower link
            else if (!flushed) await new Promise((resolve) => socket.once('drain', resolve));
          }
        })().catch(() => undefined);
      });
      expect(outcome.error, `paced=${paced}`).to.equal(undefined);
      expect(outcome.sent).to.equal(total);
      expect(outcome.answer).to.match(/^HTTP\/1\.1 413 /);
    }
  });

  it('413 for an oversized JSON body sent by fetch, and no session is written', async function () {
    const response = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: big, password: bigPassword }),
    });
    expect(response.status).to.equal(413);
    expect(await response.json()).to.have.property('detail');
    expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(await sessionsOf(big)).to.equal(0);
  });

  it('counts a chunked body as it streams: 413 past the limit, and nothing written', async function () {
    const json = JSON.stringify({ username: big, password: bigPassword });
    const reply = await post(server.baseUrl, '/api/auth/login', [json.slice(0, 300), json.slice(300, 600), json.slice(600)]);
    expect(reply.status).to.equal(413);
    expect(JSON.parse(reply.body)).to.have.property('detail');
    expect(await sessionsOf(big)).to.equal(0);
  });

  it('413 for any content type', async function () {
    const reply = await post(server.baseUrl, '/api/auth/logout', ['x'.repeat(400), 'y'.repeat(400)], { 'content-type': 'text/plain' });
    expect(reply.status).to.equal(413);
  });

  it('passes a chunked body within the limit on intact, and the route runs', async function () {
    const json = JSON.stringify({ username: small, password: 'pw' });
    const reply = await post(server.baseUrl, '/api/auth/login', [json.slice(0, 10), json.slice(10)]);
    expect(reply.status, reply.body).to.equal(200);
    expect(JSON.parse(reply.body)).to.include({ authenticated: true, researcher_id: small });
    expect(await sessionsOf(small)).to.equal(1);

    const sized = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: json,
    });
    expect(sized.status).to.equal(200);
    expect(await sessionsOf(small)).to.equal(2);
  });
});
