// Issue 23 item 4: with `serve` (no workers in process) and two worker processes, one worker held every job
// queue and the other stood by. Jobs are now competing consumers: both workers take jobs from the one queue,
// each job runs once, nothing is lost.
import { expect } from 'chai';
import { jobStreamId } from '../../../domain/jobs/job';
import { eventually } from '../../support/databases';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';
import { testModules } from '../../support/test-modules';
import { startTestServer, TestServer } from '../../support/test-server';
import { startJobWorker } from '../../support/job-workers';

const startWorker = (databaseUrl: string) => startJobWorker(databaseUrl);

describe('Two worker processes on one job queue', function () {
  this.timeout(120_000);
  let server: TestServer;
  let scratch: ScratchDatabase;

  // A database of its own, so the workers see only this spec's jobs.
  before(async function () {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, modules: testModules, startWorkers: false });
  });
  after(async function () {
    await server?.close();
    await scratch?.drop();
  });

  it('both take jobs: each of eight jobs runs once, on one of them, and all succeed', async function () {
    const workers = [startWorker(scratch.url), startWorker(scratch.url)];
    try {
      await Promise.all(workers.map((w) => w.ready));
      // One job slot per worker and 600 ms per job: a worker alone would hold one job while seven waited.
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) {
        const response = await fetch(`${server.baseUrl}/api/jobs/slow?duration_ms=600`, { method: 'POST' });
        expect(response.status, await response.clone().text()).to.equal(202);
        ids.push(((await response.json()) as { job_id: string }).job_id);
      }
      const status = async (id: string) => ((await (await fetch(`${server.baseUrl}/api/jobs/${id}`)).json()) as { status: string }).status;
      await eventually(async () => (await Promise.all(ids.map(status))).every((s) => s === 'SUCCESS'), 'all eight jobs succeeded', 90_000);

      const startsByJob = await Promise.all(ids.map(async (id) => (await server.runtime.store.readStream(jobStreamId(id)))
        .filter((e) => e.type === 'JobStarted').map((e) => (e.data as { worker: string }).worker)));
      expect(startsByJob.filter((starts) => starts.length !== 1), 'jobs started more than once').to.deep.equal([]);
      const pids = new Set(workers.map((w) => String(w.child.pid)));
      const ranOn = new Set(startsByJob.flat().map((worker) => worker.split(':').at(-1)!));
      expect([...ranOn].sort(), 'each worker process ran at least one job').to.deep.equal([...pids].sort());
    } finally {
      for (const worker of workers) worker.child.kill('SIGKILL');
    }
  });
});
