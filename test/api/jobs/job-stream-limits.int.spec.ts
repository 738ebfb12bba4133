// Issue 12, item 11: job streams are bounded. SSE has the WebSocket's poll budget (then a TIMEOUT
// status), and one client holds at most JOB_STREAM_MAX_PER_CLIENT streams, WebSocket and SSE together.
import { expect } from 'chai';
import type WebSocket from 'ws';
import { eventually } from '../../support/databases';
import { collectSse, firstMessage, openWebSocket } from '../../support/job-clients';
import { testModules } from '../../support/test-modules';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** No workers run in these servers: the job stays PENDING, so its streams stay open. */
async function submitPending(server: TestServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/jobs/echo`, { method: 'POST' });
  expect(response.status).to.equal(202);
  return ((await response.json()) as Json).job_id;
}

describe('The SSE job stream has a poll budget', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async function () {
    server = await startTestServer({ modules: testModules, startWorkers: false, env: { JOB_STREAM_POLL_MS: '30', JOB_STREAM_MAX_POLLS: '5' } });
  });
  after(async function () {
    await server.close();
  });

  it('ends the SSE stream with a TIMEOUT job_status event when the job has no final state after JOB_STREAM_MAX_POLLS polls', async function () {
    const jobId = await submitPending(server);
    const { status, events } = await collectSse(`${server.baseUrl}/api/stream/jobs/${jobId}`);
    expect(status).to.equal(200);
    expect(events.at(-1)).to.deep.include({ event: 'job_status' });
    expect(events.at(-1)!.data).to.include({ job_id: jobId, status: 'TIMEOUT' });
    expect(events.at(-1)!.data.error).to.contain('5 polls');
  });
});

describe('Open job streams per client', function () {
  this.timeout(60_000);
  let server: TestServer;
  const open: { sockets: WebSocket[]; streams: AbortController[] } = { sockets: [], streams: [] };

  before(async function () {
    server = await startTestServer({ modules: testModules, startWorkers: false, env: { JOB_STREAM_POLL_MS: '50', JOB_STREAM_MAX_PER_CLIENT: '2' } });
  });
  afterEach(async function () {
    for (const ws of open.sockets.splice(0)) ws.terminate();
    for (const stream of open.streams.splice(0)) stream.abort();
    // The server lets go of a stream when it notices the close: start the next test with every slot free.
    await eventually(async () => server.http.streamSlots.openCount() === 0, 'every job stream closed');
  });
  after(async function () {
    await server.close();
  });

  /** Opens an SSE stream and leaves it open; resolves with its HTTP status. */
  async function openSse(jobId: string): Promise<number> {
    const controller = new AbortController();
    open.streams.push(controller);
    const response = await fetch(`${server.baseUrl}/api/stream/jobs/${jobId}`, { signal: controller.signal });
    if (response.status !== 200) await response.text();
    else response.body!.pipeTo(new WritableStream()).catch(() => undefined);
    return response.status;
  }

  /** Opens a WebSocket and waits for its first message, by which time the server holds its slot. */
  async function openSocket(jobId: string): Promise<number> {
    const { status, ws } = await openWebSocket(`${server.wsUrl}/api/jobs/${jobId}/ws`);
    if (ws) {
      open.sockets.push(ws);
      await firstMessage(ws);
    }
    return status;
  }

  it('answers 429 to a client\'s SSE stream beyond JOB_STREAM_MAX_PER_CLIENT, and 429 before the handshake to its WebSocket', async function () {
    const jobId = await submitPending(server);
    expect(await openSse(jobId)).to.equal(200);
    expect(await openSocket(jobId)).to.equal(101);
    const sse = await fetch(`${server.baseUrl}/api/stream/jobs/${jobId}`);
    expect(sse.status).to.equal(429);
    expect(((await sse.json()) as Json).detail).to.contain('JOB_STREAM_MAX_PER_CLIENT');
    expect(await openSocket(jobId)).to.equal(429);
  });

  it('gives a client its stream slot back when one of its streams closes', async function () {
    const jobId = await submitPending(server);
    expect(await openSse(jobId)).to.equal(200);
    expect(await openSse(jobId)).to.equal(200);
    expect(await openSocket(jobId)).to.equal(429);
    open.streams[0]!.abort();
    let status = 0;
    await eventually(async () => (status = await openSocket(jobId)) === 101, 'a slot is free again');
    expect(status).to.equal(101);
  });
});
