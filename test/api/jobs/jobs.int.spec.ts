import { systemClock } from '../../../infra/clock/clock';
import fs from 'node:fs';
import { expect } from 'chai';
import { updateJob } from '../../../commands/jobs/job-commands';
import { newCommandContext } from '../../../commands/shared/command-context';
import { eventually } from '../../support/databases';
import { collectSse, collectWebSocket } from '../../support/job-clients';
import { testModules } from '../../support/test-modules';
import { startTestServer, TestServer } from '../../support/test-server';

async function json(response: Response): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return response.json() as Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function waitForStatus(server: TestServer, jobId: string, statuses: string[], headers: Record<string, string> = {}) {
  let last: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
  await eventually(async () => {
    last = await json(await fetch(`${server.baseUrl}/api/jobs/${jobId}`, { headers }));
    return statuses.includes(last.status as string);
  }, `job ${jobId} reaches ${statuses}`, 20_000);
  return last;
}

describe('Jobs: submission, status, WebSocket and SSE', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async function () {
    server = await startTestServer({
      modules: testModules,
      startWorkers: true,
      env: { JOB_STREAM_POLL_MS: '40', JOB_SOFT_TIME_LIMIT_SECONDS: '1', JOB_HARD_TIME_LIMIT_SECONDS: '2' },
    });
  });
  after(async function () {
    await server.close();
  });

  const submit = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${path}`, { method: 'POST', ...init });

  it('queues a module job as PENDING and reports only the fields of each state', async function () {
    const response = await submit('/api/jobs/echo?steps=2&step_ms=50');
    expect(response.status).to.equal(202);
    const submission = await json(response);
    expect(submission).to.include({ status: 'PENDING', module: 'echo' });
    expect(submission.job_id).to.match(/^[0-9a-f-]{36}$/);
    const immediately = await fetch(`${server.baseUrl}/api/jobs/${submission.job_id}`);
    expect(immediately.status, 'readable right after submission').to.equal(200);
    const done = await waitForStatus(server, submission.job_id, ['SUCCESS']);
    expect(done).to.have.keys('job_id', 'status', 'module', 'result');
    expect(done.result.echoed).to.deep.include({ steps: 2, step_ms: 50, disease_id: 'sle', export_html: false });
  });

  it('accepts a legacy alias for the same module', async function () {
    const submission = await json(await submit('/api/jobs/legacy_echo?steps=1&step_ms=0'));
    expect(submission.module).to.equal('echo');
    await waitForStatus(server, submission.job_id, ['SUCCESS']);
  });

  it('rejects an unknown module (404), a blocked one (409) and bad parameters (422) without queueing', async function () {
    const before = await server.runtime.store.headPosition();
    const unknown = await submit('/api/jobs/no_such_module');
    expect(unknown.status).to.equal(404);
    const blocked = await submit('/api/jobs/blocked');
    expect(blocked.status).to.equal(409);
    expect(await json(blocked)).to.deep.include({ error_type: 'ModuleNotAvailableError' });
    const invalid = await submit('/api/jobs/echo?steps=eleven&colour=blue');
    expect(invalid.status).to.equal(422);
    const details = (await json(invalid)).detail as { loc: string[] }[];
    expect(details.map((d) => d.loc.join('.'))).to.include.members(['query.steps', 'query.colour']);
    expect(await server.runtime.store.countAfter(before)).to.equal(0);
  });

  it('keeps a large result out of the event (stored once by hash) and still returns it whole', async function () {
    const { job_id } = await json(await submit('/api/jobs/big'));
    const done = await waitForStatus(server, job_id, ['SUCCESS']);
    expect(done.result.rows).to.have.length(2000);
    const events = await server.runtime.store.readStream(`job-${job_id}`);
    const succeeded = events.find((e) => e.type === 'JobSucceeded')!;
    expect(JSON.stringify(succeeded.data).length).to.be.below(200);
    expect((succeeded.data as { result: { $blob: string } }).result.$blob).to.match(/^[0-9a-f]{64}$/);
  });

  it('answers 404 for an unknown job, whatever the shape of its id', async function () {
    expect((await fetch(`${server.baseUrl}/api/jobs/6b1c7f1e-0000-4000-8000-000000000000`)).status).to.equal(404);
    expect((await fetch(`${server.baseUrl}/api/jobs/not-a-uuid`)).status).to.equal(404);
  });

  it('a failing module ends in FAILURE with an error string and no result', async function () {
    const { job_id } = await json(await submit('/api/jobs/broken'));
    const failed = await waitForStatus(server, job_id, ['FAILURE']);
    expect(failed).to.have.keys('job_id', 'status', 'module', 'error');
    expect(failed.error).to.contain('the source database is unreachable');
  });

  it('stops a job at the soft time limit when the module honours it, and at the hard limit when not', async function () {
    const soft = await json(await submit('/api/jobs/slow?duration_ms=10000'));
    const hard = await json(await submit('/api/jobs/stubborn?duration_ms=10000'));
    expect((await waitForStatus(server, soft.job_id, ['FAILURE'])).error).to.contain('SoftTimeLimitExceeded');
    expect((await waitForStatus(server, hard.job_id, ['FAILURE'])).error).to.contain('HardTimeLimitExceeded');
  });

  it('streams PROGRESS then SUCCESS over a WebSocket and closes', async function () {
    const { job_id } = await json(await submit('/api/jobs/echo?steps=4&step_ms=150'));
    const transcript = await collectWebSocket(`${server.wsUrl}/api/jobs/${job_id}/ws`);
    const statuses = transcript.messages.map((m) => m.status);
    expect(statuses).to.include('PROGRESS');
    expect(statuses[statuses.length - 1]).to.equal('SUCCESS');
    expect(transcript.closeCode).to.equal(1000);
    const progress = transcript.messages.find((m) => m.status === 'PROGRESS')!;
    expect(progress.progress).to.have.keys('percent', 'message');
    expect(progress).not.to.have.property('result');
  });

  it('sends ERROR for an unknown job on the WebSocket', async function () {
    const transcript = await collectWebSocket(`${server.wsUrl}/api/jobs/6b1c7f1e-0000-4000-8000-000000000001/ws`);
    expect(transcript.messages).to.have.length(1);
    expect(transcript.messages[0]).to.include({ status: 'ERROR' });
  });

  it('streams job_status events over SSE until SUCCESS', async function () {
    // Long enough in PROGRESS (4 × 150 ms, under the suite's 1 s soft limit) that a stream polling the job's
    // state every 40 ms sees it even on a busy machine.
    const { job_id } = await json(await submit('/api/jobs/echo?steps=4&step_ms=150'));
    const { status, contentType, events } = await collectSse(`${server.baseUrl}/api/stream/jobs/${job_id}`);
    expect(status).to.equal(200);
    expect(contentType).to.contain('text/event-stream');
    expect(events.every((e) => e.event === 'job_status')).to.equal(true);
    expect(events[events.length - 1]!.data.status).to.equal('SUCCESS');
    expect(events.map((e) => e.data.status)).to.include('PROGRESS');
  });

  it('ends the SSE stream on REVOKED, and the HTTP status reads FAILURE', async function () {
    // 3 s, not less: on a loaded machine an 800 ms job once finished before the revocation was appended.
    const { job_id } = await json(await submit('/api/jobs/slow?duration_ms=3000'));
    const stream = collectSse(`${server.baseUrl}/api/stream/jobs/${job_id}`);
    await waitForStatus(server, job_id, ['PROGRESS']);
    await updateJob(server.runtime.store, newCommandContext(systemClock, { kind: 'operator', id: 'ops' }), job_id, { type: 'RevokeJob', reason: 'operator request' });
    const { events } = await stream;
    expect(events[events.length - 1]!.data.status).to.equal('REVOKED');
    const status = await json(await fetch(`${server.baseUrl}/api/jobs/${job_id}`));
    expect(status).to.include({ status: 'FAILURE' });
    expect(status.error).to.contain('revoked');
  });

  it('answers 404 on SSE for an unknown job', async function () {
    const { status } = await collectSse(`${server.baseUrl}/api/stream/jobs/6b1c7f1e-0000-4000-8000-000000000002`);
    expect(status).to.equal(404);
  });

  it('runs the full pipeline: every module, errors per module, HTML reports', async function () {
    const response = await submit('/api/jobs/run-all?export_html=true&parallel=true');
    expect(response.status).to.equal(202);
    const { job_id, module } = await json(response);
    expect(module).to.equal('run-all');
    const done = await waitForStatus(server, job_id, ['SUCCESS']);
    expect(done.result.modules_completed).to.deep.equal(['big', 'echo', 'slow', 'stubborn']);
    expect(done.result.errors).to.have.keys('broken', 'blocked');
    expect(done.result.errors.broken).to.contain('unreachable');
    const report = done.result.report_paths.echo as string;
    expect(fs.readFileSync(report, 'utf8')).to.contain('Research use only');
  });

  it('lists modules with ids, aliases, request schemas, contracts and availability', async function () {
    const catalog = await json(await fetch(`${server.baseUrl}/api/system/modules`));
    expect(catalog.disease).to.equal('sle');
    const echo = catalog.modules.find((m: { id: string }) => m.id === 'echo');
    expect(echo.aliases).to.deep.equal(['legacy_echo']);
    expect(echo.request_schema.properties).to.have.keys('disease_id', 'export_html', 'steps', 'step_ms');
    const blocked = catalog.modules.find((m: { id: string }) => m.id === 'blocked');
    expect(blocked).to.include({ available: false, unavailable_reason: 'structure files are not installed' });
    expect(catalog.modules.map((m: { id: string }) => m.id)).to.include('run-all');
  });
});

describe('Job streams with an API key and a poll budget', function () {
  this.timeout(60_000);
  let server: TestServer;
  const key = 'test-key-for-streams-0123456789abcdef';

  before(async function () {
    server = await startTestServer({
      modules: testModules,
      startWorkers: true,
      env: { API_KEY: key, JOB_STREAM_POLL_MS: '30', JOB_STREAM_MAX_POLLS: '5' },
    });
  });
  after(async function () {
    await server.close();
  });

  it('requires the key on submission and status; a WebSocket may pass it as ?api_key=', async function () {
    expect((await fetch(`${server.baseUrl}/api/jobs/echo`, { method: 'POST' })).status).to.equal(401);
    const submitted = await fetch(`${server.baseUrl}/api/jobs/echo?steps=1&step_ms=0`, { method: 'POST', headers: { 'X-API-Key': key } });
    expect(submitted.status).to.equal(202);
    const { job_id } = await json(submitted);
    expect((await fetch(`${server.baseUrl}/api/jobs/${job_id}`)).status).to.equal(401);
    expect((await fetch(`${server.baseUrl}/api/jobs/${job_id}?api_key=${key}`)).status, 'query key is for WebSockets only').to.equal(401);
    await waitForStatus(server, job_id, ['SUCCESS'], { 'X-API-Key': key });
    const withQueryKey = await collectWebSocket(`${server.wsUrl}/api/jobs/${job_id}/ws?api_key=${key}`);
    expect(withQueryKey.messages.at(-1)).to.include({ status: 'SUCCESS' });
    const missing = await collectWebSocket(`${server.wsUrl}/api/jobs/${job_id}/ws`);
    expect(missing.closeCode).to.equal(4401);
    const wrong = await collectWebSocket(`${server.wsUrl}/api/jobs/${job_id}/ws?api_key=wrong`);
    expect(wrong.closeCode).to.equal(4403);
  });

  it('sends TIMEOUT when the job is still running after the poll budget', async function () {
    const { job_id } = await json(await fetch(`${server.baseUrl}/api/jobs/slow?duration_ms=5000`, { method: 'POST', headers: { 'X-API-Key': key } }));
    const transcript = await collectWebSocket(`${server.wsUrl}/api/jobs/${job_id}/ws`, { 'X-API-Key': key });
    expect(transcript.messages.at(-1)).to.include({ status: 'TIMEOUT' });
  });
});
