// Issue 23: with WORKERS_IN_PROCESS=true (the default) `evidence serve` ran its projections, jobs and scheduler
// duties on the serving event loop, and a job's synchronous work (a Workspace job's or monitor snapshot's
// research pipeline: 150–250 ms at a time under bench:fuzz) held /api/health and every other request. On
// PostgreSQL they now run in a workers thread (app/workers-thread.compose.ts). Shown by ordering, not timing: a
// job queued through the API finishes while the serving thread is held (its event loop runs nothing meanwhile),
// which a job on the serving loop cannot do; and the service keeps answering while the thread computes.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { isMainThread } from 'node:worker_threads';
import { eventually } from '../support/databases';
import { openScratchPostgres, type ScratchDatabase } from '../support/scratch-postgres';
import { startTestServer, type TestServer } from '../support/test-server';

/** A synchronous read of the job's last event (a child process: this thread's event loop stays held). */
function lastJobEvent(url: string, jobId: string): string {
  const script = `const pg = require('pg'); const c = new pg.Client({ connectionString: process.env.DB });
    c.connect().then(() => c.query("select type from es_events where stream_id like '%' || $1 || '%' order by position desc limit 1", [process.env.JOB]))
      .then((r) => { process.stdout.write(r.rows[0]?.type ?? ''); return c.end(); });`;
  return execFileSync(process.execPath, ['-e', script], { env: { ...process.env, DB: url, JOB: jobId }, cwd: __dirname }).toString();
}

/** Blocks this thread for `ms` (Atomics.wait: no event loop turn, no timer, no I/O callback). */
const hold = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('serve: in-process workers run off the serving event loop (workers thread)', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let server: TestServer;

  before(async () => {
    // A database of its own: the thread's processors take every queued job they find.
    scratch = await openScratchPostgres('workers_thread');
    server = await startTestServer({ databaseUrl: scratch.url, env: { LOG_LEVEL: 'silent', ANALYSIS_THREADS: '1' } });
  });
  after(async () => {
    await server?.close(); // stops the workers thread before the database closes
    await scratch?.drop();
  });

  it('starts projections, processors and the scheduler in a thread on PostgreSQL', async () => {
    expect(isMainThread).to.equal(true);
    expect((await server.runtime.startInProcessWorkers()).where).to.equal('thread');
  });

  it('takes a monitor snapshot (a research pipeline) queued through the API while the serving thread is held', async () => {
    const res = await fetch(`${server.baseUrl}/api/monitor/snapshot?disease_id=sle`, { method: 'POST', headers: { 'X-Researcher-ID': 'held-loop' } });
    const text = await res.text();
    expect(res.status, text).to.equal(202);
    const jobId = (JSON.parse(text) as { job_id: string }).job_id;
    // From here this thread runs no callback until the loop ends: whatever the job does, it does elsewhere.
    let last = lastJobEvent(scratch.url, jobId);
    for (let check = 0; check < 240 && !/^Job(Succeeded|Failed)$/.test(last); check++) {
      hold(250);
      last = lastJobEvent(scratch.url, jobId);
    }
    expect(last).to.equal('JobSucceeded');
    // And the serving thread answers as soon as it is let go.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).to.equal(200);
  });

  it('computes the thread\'s analysis jobs in the serving thread\'s analysis pool and records their outcome', async () => {
    const res = await fetch(`${server.baseUrl}/api/jobs/cross-disease`, { method: 'POST', headers: { 'X-Researcher-ID': 'pool-job' } });
    const text = await res.text();
    expect(res.status, text).to.equal(202);
    const jobId = (JSON.parse(text) as { job_id: string }).job_id;
    // No seed data here: the pool's thread finds no diseases to compare and the job fails with the module's own reason.
    await eventually(() => /^Job(Succeeded|Failed)$/.test(lastJobEvent(scratch.url, jobId)), 'the cross-disease job finishes', 60_000);
    const failed = (await server.runtime.store.readAll()).find((e) => e.type === 'JobFailed' && e.streamId.includes(jobId));
    expect((failed?.data as { error?: string } | undefined)?.error).to.contain('cross-disease comparison needs at least two registry diseases');
  });
});
