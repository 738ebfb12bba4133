// Issue 23, item 3: /api/export/* served the job id and result of a module job a researcher submitted to
// anyone with the API key (or to nobody, with the key unset), while /api/jobs/{id} hid that job. A
// researcher's module results are hers: the export lists and serves results of jobs queued without a
// researcher to every caller, and to a signed-in researcher also her own.
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { opsTestModules } from '../../support/ops-test-modules';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Export of module results belongs to the researcher who queued the job', function () {
  this.timeout(60_000);
  let server: TestServer;
  const key = 'test-key-for-export-privacy-0123456789ab';
  const withKey = { 'X-API-Key': key };
  const alice = { ...withKey, 'X-Researcher-ID': 'alice' };
  const bob = { ...withKey, 'X-Researcher-ID': 'bob' };
  const disease = `priv_${Date.now()}`;

  before(async function () {
    server = await startTestServer({ modules: opsTestModules, startWorkers: true, env: { API_KEY: key } });
  });
  after(async function () {
    await server?.close();
  });

  async function run(n: number, headers: Record<string, string>): Promise<string> {
    const submitted = await fetch(`${server.baseUrl}/api/jobs/notes?disease_id=${disease}&n=${n}`, { method: 'POST', headers });
    expect(submitted.status).to.equal(202);
    const { job_id: jobId } = await submitted.json() as Json;
    await eventually(async () => ((await (await fetch(`${server.baseUrl}/api/jobs/${jobId}`, { headers })).json()) as Json).status === 'SUCCESS', `job ${jobId} succeeds`, 30_000);
    await server.runtime.projections.waitForCatchUp();
    return jobId;
  }

  const exported = async (headers: Record<string, string>) => fetch(`${server.baseUrl}/api/export/json/notes?disease_id=${disease}`, { headers });
  const listed = async (headers: Record<string, string>) =>
    ((await (await fetch(`${server.baseUrl}/api/export/modules?disease_id=${disease}`, { headers })).json()) as Json).modules.find((m: Json) => m.id === 'notes').results as Json[];

  it('hides a researcher\'s result from a caller with only the API key and from another researcher; she sees it', async function () {
    const jobId = await run(7, alice);
    expect((await exported(withKey)).status).to.equal(404);
    expect((await exported(bob)).status).to.equal(404);
    expect(await listed(withKey)).to.deep.equal([]);
    expect(await listed(bob)).to.deep.equal([]);
    const own = await exported(alice);
    expect(own.status).to.equal(200);
    expect(await own.json()).to.include({ n: 7 });
    expect((await listed(alice)).map((r) => r.job_id)).to.deep.equal([jobId]);
    expect((await fetch(`${server.baseUrl}/api/export/raw/notes?disease_id=${disease}`, { headers: bob })).status).to.equal(404);
    expect((await fetch(`${server.baseUrl}/api/export/report/notes?disease_id=${disease}`, { headers: withKey })).status).to.equal(404);
  });

  it('serves an operator job\'s result to everyone, and a researcher her own when it is newer', async function () {
    const operatorJob = await run(3, withKey);
    expect(await (await exported(withKey)).json()).to.include({ n: 3 });
    expect(await (await exported(bob)).json()).to.include({ n: 3 });
    expect((await listed(bob)).map((r) => r.job_id)).to.deep.equal([operatorJob]);
    // Alice's own result (n=7) is older than the operator's: she gets the newest she may see, the operator's.
    expect(await (await exported(alice)).json()).to.include({ n: 3 });
    const newer = await run(9, alice);
    expect(await (await exported(alice)).json()).to.include({ n: 9 });
    expect((await listed(alice)).map((r) => r.job_id)).to.deep.equal([newer]);
    expect(await (await exported(bob)).json()).to.include({ n: 3 });
  });
});
