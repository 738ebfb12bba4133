// Issue 12, item 1: a job a researcher submitted is that researcher's alone (404 / ERROR to anyone else,
// the API key is not enough); a job queued without a researcher stays readable with the key. The job
// WebSocket also refuses browser pages of foreign origins before the handshake.
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { collectSse, collectWebSocket, openWebSocket } from '../../support/job-clients';
import { testModules } from '../../support/test-modules';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Job status and streams belong to the researcher who submitted the job', function () {
  this.timeout(60_000);
  let server: TestServer;
  const key = 'test-key-for-job-access-0123456789abcdef';
  const withKey = { 'X-API-Key': key };
  const alice = { ...withKey, 'X-Researcher-ID': 'alice' };
  const bob = { ...withKey, 'X-Researcher-ID': 'bob' };

  before(async function () {
    server = await startTestServer({
      modules: testModules,
      startWorkers: true,
      env: { API_KEY: key, JOB_STREAM_POLL_MS: '30', CORS_ORIGINS: 'http://dashboard.example' },
    });
  });
  after(async function () {
    await server.close();
  });

  async function submitEcho(headers: Record<string, string>): Promise<string> {
    const response = await fetch(`${server.baseUrl}/api/jobs/echo?steps=2&step_ms=20`, { method: 'POST', headers });
    expect(response.status).to.equal(202);
    return ((await response.json()) as Json).job_id;
  }

  async function finished(jobId: string, headers: Record<string, string>): Promise<Json> {
    let status: Json = {};
    await eventually(async () => {
      status = (await (await fetch(`${server.baseUrl}/api/jobs/${jobId}`, { headers })).json()) as Json;
      return status.status === 'SUCCESS';
    }, `job ${jobId} succeeds`);
    return status;
  }

  it('answers another researcher, or a caller with only the API key, 404 on the status of a researcher\'s job', async function () {
    const jobId = await submitEcho(alice);
    expect((await finished(jobId, alice)).result).to.have.property('echoed');
    await server.runtime.projections.waitForCatchUp(); // read from the job_status read model, not the stream
    const asBob = await fetch(`${server.baseUrl}/api/jobs/${jobId}`, { headers: bob });
    expect(asBob.status).to.equal(404);
    expect(JSON.stringify(await asBob.json())).not.to.contain('echoed');
    expect((await fetch(`${server.baseUrl}/api/jobs/${jobId}`, { headers: withKey })).status).to.equal(404);
  });

  it('answers another researcher 404 on the SSE stream of a researcher\'s job, and streams it to its owner', async function () {
    const jobId = await submitEcho(alice);
    await finished(jobId, alice);
    expect((await collectSse(`${server.baseUrl}/api/stream/jobs/${jobId}`, bob)).status).to.equal(404);
    expect((await collectSse(`${server.baseUrl}/api/stream/jobs/${jobId}`, withKey)).status).to.equal(404);
    const own = await collectSse(`${server.baseUrl}/api/stream/jobs/${jobId}`, alice);
    expect(own.events.at(-1)!.data).to.include({ status: 'SUCCESS' });
  });

  it('sends another researcher only ERROR on the WebSocket of a researcher\'s job, and the job to its owner', async function () {
    const jobId = await submitEcho(alice);
    await finished(jobId, alice);
    const asBob = await collectWebSocket(`${server.wsUrl}/api/jobs/${jobId}/ws`, bob);
    expect(asBob.messages).to.have.length(1);
    expect(asBob.messages[0]).to.include({ status: 'ERROR' });
    expect(asBob.messages[0]).not.to.have.property('result');
    const keyOnly = await collectWebSocket(`${server.wsUrl}/api/jobs/${jobId}/ws?api_key=${key}`);
    expect(keyOnly.messages.map((m) => m.status)).to.deep.equal(['ERROR']);
    const own = await collectWebSocket(`${server.wsUrl}/api/jobs/${jobId}/ws`, alice);
    expect(own.messages.at(-1)).to.include({ status: 'SUCCESS' });
  });

  it('keeps a job queued without a researcher readable with the API key, by anyone who holds it', async function () {
    const jobId = await submitEcho(withKey);
    expect((await finished(jobId, withKey)).result).to.have.property('echoed');
    expect((await fetch(`${server.baseUrl}/api/jobs/${jobId}`, { headers: alice })).status).to.equal(200);
    expect((await collectSse(`${server.baseUrl}/api/stream/jobs/${jobId}`, withKey)).events.at(-1)!.data).to.include({ status: 'SUCCESS' });
    expect((await collectWebSocket(`${server.wsUrl}/api/jobs/${jobId}/ws`, withKey)).messages.at(-1)).to.include({ status: 'SUCCESS' });
  });

  it('refuses a job WebSocket from a foreign page\'s Origin with 403 before the handshake', async function () {
    const jobId = await submitEcho(alice);
    const foreign = await openWebSocket(`${server.wsUrl}/api/jobs/${jobId}/ws`, { ...alice, Origin: 'http://evil.example' });
    expect(foreign.status).to.equal(403);
    const nullOrigin = await openWebSocket(`${server.wsUrl}/api/jobs/${jobId}/ws`, { ...alice, Origin: 'null' });
    expect(nullOrigin.status).to.equal(403);
  });

  it('accepts a job WebSocket from the service\'s own origin and from CORS_ORIGINS', async function () {
    const jobId = await submitEcho(alice);
    await finished(jobId, alice);
    const own = await collectWebSocket(`${server.wsUrl}/api/jobs/${jobId}/ws`, { ...alice, Origin: server.baseUrl });
    expect(own.messages.at(-1)).to.include({ status: 'SUCCESS' });
    const listed = await collectWebSocket(`${server.wsUrl}/api/jobs/${jobId}/ws`, { ...alice, Origin: 'http://dashboard.example' });
    expect(listed.messages.at(-1)).to.include({ status: 'SUCCESS' });
  });
});
