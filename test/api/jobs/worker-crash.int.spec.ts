import { expect } from 'chai';
import { jobStreamId } from '../../../domain/jobs/job';
import { eventually } from '../../support/databases';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';
import { testModules } from '../../support/test-modules';
import { startTestServer, TestServer } from '../../support/test-server';
import { startJobWorker } from '../../support/job-workers';

const startWorker = (databaseUrl: string) => startJobWorker(databaseUrl, { BUS_LEASE_MS: '1000' });

describe('A job whose worker is killed mid-run', function () {
  this.timeout(90_000);
  let server: TestServer;
  let scratch: ScratchDatabase;

  // A database of its own: on the run's shared one, the fresh worker first had to work through every job other
  // specs left queued, and the job under test was not started within the wait.
  before(async function () {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, modules: testModules, startWorkers: false, env: { WORKER_CONCURRENCY: '1' } });
  });
  after(async function () {
    await server?.close();
    await scratch?.drop();
  });

  it('is re-delivered to another worker and finishes', async function () {
    const first = startWorker(scratch.url);
    let job_id: string;
    try {
      await first.ready;
      const response = await fetch(`${server.baseUrl}/api/jobs/slow?duration_ms=4000`, { method: 'POST' });
      expect(response.status, await response.clone().text()).to.equal(202);
      ({ job_id } = await response.json() as { job_id: string });
      const started = async () => (await server.runtime.store.readStream(jobStreamId(job_id))).some((e) => e.type === 'JobStarted');
      await eventually(started, 'first worker started the job', 30_000);
    } finally {
      // Killed whatever happens: a worker left running would keep working on the run's shared database for
      // every later spec (a failure here once left one behind and a projection spec saw extra rows).
      first.child.kill('SIGKILL');
    }
    if (first.child.exitCode === null && first.child.signalCode === null) await new Promise((resolve) => first.child.once('exit', resolve));

    const second = startWorker(scratch.url);
    try {
      await second.ready;
      await eventually(async () => {
        const status = await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`)).json() as { status: string };
        return status.status === 'SUCCESS';
      }, 'job finished on the second worker', 60_000);
    } finally {
      second.child.kill('SIGKILL');
    }
    const types = (await server.runtime.store.readStream(jobStreamId(job_id))).map((e) => e.type);
    expect(types.filter((t) => t === 'JobStarted')).to.have.length(2);
    expect(types.at(-1)).to.equal('JobSucceeded');
  });
});
