// Issue 12, items 4 and 6: a job submission is routed on the decoded module id, so the Workspace
// (which needs a researcher) cannot be reached percent-encoded through the generic module route;
// run-all does not queue a Workspace step that is bound to fail; and an unknown job id of any shape
// is 404, not 422.
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { collectSse, collectWebSocket } from '../../support/job-clients';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Job submission routing with the shipped modules', function () {
  this.timeout(60_000);
  let server: TestServer;
  const json = { 'content-type': 'application/json' };
  const request = JSON.stringify({ question: 'Which drugs are most promising for lupus nephritis?', enable_llm: false });

  before(async function () {
    server = await startTestServer({ startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline', JOB_STREAM_POLL_MS: '30' } });
  });
  after(async function () {
    await server.close();
  });

  it('answers 401 and queues nothing for a percent-encoded Workspace submission without a researcher', async function () {
    const before = await server.runtime.store.headPosition();
    for (const path of ['/api/jobs/%77orkspace', '/api/jobs/%77%6F%72%6B%73%70%61%63%65', '/api/jobs/WORKSP%41CE', '/API/Jobs/%77orkspace?disease_id=sle']) {
      const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: json, body: request });
      expect(response.status, path).to.equal(401);
    }
    // Other specs' workers may still be writing to this run's log: look for what a submission appends.
    const appended = (await server.runtime.store.readAll({ after: before })).map((e) => e.type);
    expect(appended.filter((type) => type === 'JobSubmitted' || type === 'RunRequested')).to.deep.equal([]);
  });

  it('queues a percent-encoded Workspace submission from a researcher through the Workspace route, with its run', async function () {
    const response = await fetch(`${server.baseUrl}/api/jobs/%77orkspace`, { method: 'POST', headers: { ...json, 'X-Researcher-ID': 'alice' }, body: request });
    expect(response.status).to.equal(202);
    const { job_id, module } = (await response.json()) as Json;
    expect(module).to.equal('workspace');
    const run = await server.runtime.store.readStream(`run-${job_id}`);
    expect(run[0]).to.deep.include({ type: 'RunRequested' });
    expect((run[0]!.data as Json).researcherId).to.equal('alice');
  });

  it('routes a percent-encoded run-all to run-all', async function () {
    const response = await fetch(`${server.baseUrl}/api/jobs/run%2Dall`, { method: 'POST' });
    expect(response.status).to.equal(202);
    expect(((await response.json()) as Json).module).to.equal('run-all');
  });

  it('leaves the Workspace out of a run-all queued without a researcher: no step that is bound to fail', async function () {
    const response = await fetch(`${server.baseUrl}/api/jobs/run-all`, { method: 'POST' });
    const { job_id } = (await response.json()) as Json;
    let status: Json = {};
    await eventually(async () => {
      status = (await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`)).json()) as Json;
      return status.status === 'SUCCESS' || status.status === 'FAILURE';
    }, 'run-all finished', 50_000);
    // This spec shares the run's database: whether the analysis modules find data depends on what other
    // specs imported, so run-all may succeed or (no module completed) fail; the Workspace is never a step.
    if (status.status === 'SUCCESS') {
      expect(status.result.errors).not.to.have.property('workspace');
      expect(status.result.modules_completed).not.to.include('workspace');
    } else {
      expect(status.error).to.contain('no module completed').and.not.contain('workspace:');
    }
  });

  it('answers 404 for an unknown job id of any shape on status and SSE, and ERROR on the WebSocket, never 422', async function () {
    for (const id of ['not-a-uuid', 'workspace', '6B1C7F1E-0000-4000-8000-00000000000Z', 'x'.repeat(300), '%20', "'; select 1; --"]) {
      const path = encodeURIComponent(id);
      const status = await fetch(`${server.baseUrl}/api/jobs/${path}`);
      expect(status.status, id).to.equal(404);
      expect((await collectSse(`${server.baseUrl}/api/stream/jobs/${path}`)).status, id).to.equal(404);
      const ws = await collectWebSocket(`${server.wsUrl}/api/jobs/${path}/ws`);
      expect(ws.messages.map((m) => m.status), id).to.deep.equal(['ERROR']);
      expect(ws.closeCode, id).to.equal(1000);
    }
  });
});
