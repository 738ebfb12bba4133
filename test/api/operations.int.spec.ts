import { expect } from 'chai';
import { ledgerProjector } from '../support/projectors';
import { testEvent, uniqueStream } from '../support/events';
import { startTestServer, TestServer } from '../support/test-server';

describe('Operations endpoints', function () {
  let server: TestServer;
  let base: string;

  before(async function () {
    server = await startTestServer({ projectors: [ledgerProjector('ops_ledger')], processors: [] });
    base = server.baseUrl;
  });
  after(async function () {
    await server.close();
  });

  it('/api/ready is 503 while a read model lags far behind, 200 once it caught up', async function () {
    for (let i = 0; i < 3; i++) {
      await server.runtime.store.append(uniqueStream('ledger'), Array.from({ length: 500 }, () => testEvent('LedgerEntryAdded', { amount: 1 })));
    }
    await server.runtime.projections.rebuild(); // creates the checkpoint row without following the log
    await server.runtime.store.append(uniqueStream('ledger'), Array.from({ length: 1001 }, () => testEvent('LedgerEntryAdded', { amount: 1 })));
    const behind = await fetch(`${base}/api/ready`);
    expect(behind.status).to.equal(503);
    const body = await behind.json() as { status: string; failed: string[]; checks: { projections: { ok: boolean; detail: string } } };
    expect(body.status).to.equal('not_ready');
    expect(body).to.have.property('failed').that.deep.equals(['projections']);
    expect(body.checks.projections.detail).to.contain('ops_ledger');
    await server.runtime.startWorkers();
    await server.runtime.projections.waitForCatchUp();
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.include({ status: 'ready' });
  });

  it('unknown routes are a JSON 404 and malformed JSON a 400, never a stack trace', async function () {
    const missing = await fetch(`${base}/api/nothing-here`);
    expect(missing.status).to.equal(404);
    expect(await missing.json()).to.have.property('detail');
    // Only a route that takes a body parses one (issue 23): the login does, POST /api/health is no route at all.
    const malformed = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken' });
    expect(malformed.status).to.equal(400);
    expect(await malformed.json()).to.deep.equal({ detail: 'request body is not valid JSON' });
    expect((await fetch(`${base}/api/health`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken' })).status).to.equal(404);
  });

  it('a caller-supplied correlation id that is not a sane token is replaced', async function () {
    const response = await fetch(`${base}/api/health`, { headers: { 'X-Correlation-ID': 'bad id with spaces <script>' } });
    expect(response.headers.get('x-correlation-id')).to.match(/^[0-9a-f-]{36}$/);
  });
});
