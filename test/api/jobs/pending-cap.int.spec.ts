// Issue 23, item 5: one researcher or key could queue any number of jobs. JOB_MAX_PENDING_PER_CLIENT caps
// a client's queued-but-unfinished jobs: the next submission is a 429 with Retry-After and nothing is
// queued; other clients are not affected; a finished job frees its slot. No workers run here until the
// last test, so queued jobs stay unfinished.
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { testModules } from '../../support/test-modules';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Cap on unfinished jobs per client (JOB_MAX_PENDING_PER_CLIENT)', function () {
  this.timeout(60_000);
  let server: TestServer;
  const as = (researcher: string) => ({ 'X-Researcher-ID': researcher });

  before(async function () {
    server = await startTestServer({ modules: testModules, env: { JOB_MAX_PENDING_PER_CLIENT: '3' } });
  });
  after(async function () {
    await server?.close();
  });

  const submit = (headers: Record<string, string>) => fetch(`${server.baseUrl}/api/jobs/echo?steps=1&step_ms=1`, { method: 'POST', headers });
  const jobStreams = async () => new Set((await server.runtime.store.readAll()).filter((e) => e.type === 'JobSubmitted').map((e) => e.streamId)).size;

  it('answers a researcher\'s fourth unfinished job 429 with Retry-After, queues nothing, and lets another researcher in', async function () {
    for (let i = 0; i < 3; i++) expect((await submit(as('cap-alice'))).status).to.equal(202);
    const before = await jobStreams();
    const refused = await submit(as('cap-alice'));
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
    expect((await refused.json() as Json).detail).to.contain('at most 3');
    expect(await jobStreams()).to.equal(before);
    const runAll = await fetch(`${server.baseUrl}/api/jobs/run-all`, { method: 'POST', headers: as('cap-alice') });
    expect(runAll.status).to.equal(429);
    expect((await submit(as('cap-bob'))).status).to.equal(202);
  });

  it('counts concurrent submissions exactly: of 8 at once, 3 are queued', async function () {
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => submit(as('cap-carol'))))).map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).to.have.length(3);
    expect(statuses.filter((s) => s === 429)).to.have.length(5);
  });

  it('caps a caller without a researcher by its client address', async function () {
    // Every test server's caller is 127.0.0.1; this is the first test submitting without a researcher.
    for (let i = 0; i < 3; i++) expect((await submit({})).status).to.equal(202);
    expect((await submit({})).status).to.equal(429);
    expect((await submit(as('cap-dave'))).status).to.equal(202); // a researcher from the same address has her own count
  });

  it('frees a slot when a job finishes', async function () {
    expect((await submit(as('cap-alice'))).status).to.equal(429);
    await server.runtime.startWorkers();
    await eventually(async () => (await submit(as('cap-alice'))).status === 202, 'a slot is free once alice\'s jobs finish', 30_000);
  });
});
