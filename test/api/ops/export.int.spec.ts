// Export (spec §4.9) through a real server: a module job's result is stored content-addressed with a
// ModuleResultRecorded event; the listing, parsed JSON, the byte-identical raw download (its SHA-256
// recomputed here), the HTML report (escaped, with the disclaimer), latest = the newest result, and the
// 404 / 422 answers.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { notesModule, opsTestModules } from '../../support/ops-test-modules';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function runJobTo(server: TestServer, path: string): Promise<Json> {
  const submitted = await fetch(`${server.baseUrl}${path}`, { method: 'POST' });
  expect(submitted.status, path).to.equal(202);
  const { job_id } = await submitted.json() as Json;
  let last: Json = {};
  await eventually(async () => {
    last = await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`)).json() as Json;
    return ['SUCCESS', 'FAILURE'].includes(last.status);
  }, `job ${job_id} finishes`, 30_000);
  return last;
}

describe('export (GET /api/export/*)', function () {
  this.timeout(60_000);
  let server: TestServer;
  const disease = `exp_${Date.now()}`;

  before(async () => { server = await startTestServer({ modules: opsTestModules, startWorkers: true }); });
  after(async () => { await server?.close(); });

  it('serves the latest result of a module as JSON, byte-identical raw bytes and an escaped HTML report', async () => {
    const first = await runJobTo(server, `/api/jobs/notes?disease_id=${disease}&n=1`);
    const second = await runJobTo(server, `/api/jobs/legacy_notes?disease_id=${disease}&n=2`);
    expect(second.status, JSON.stringify(second.error ?? null)).to.equal('SUCCESS');
    await eventually(async () => (await (await fetch(`${server.baseUrl}/api/export/json/notes?disease_id=${disease}`)).json() as Json).n === 2, 'latest is the second result', 10_000);

    const raw = await fetch(`${server.baseUrl}/api/export/raw/notes?disease_id=${disease}`);
    expect(raw.status).to.equal(200);
    expect(raw.headers.get('content-disposition')).to.contain(`notes-${disease}.json`);
    const bytes = Buffer.from(await raw.arrayBuffer());
    // The stored text is the module's output serialised once: running the module here gives the same bytes.
    const again = await notesModule.run({ params: { disease_id: disease, n: 2 } }, undefined as never);
    expect(bytes.equals(Buffer.from(JSON.stringify(again), 'utf8'))).to.equal(true);
    expect(JSON.parse(bytes.toString('utf8'))).to.deep.equal(second.result);
    expect(createHash('sha256').update(bytes).digest('hex')).to.equal(raw.headers.get('x-content-sha256'));
    expect(JSON.parse(bytes.toString('utf8'))).to.not.deep.equal(first.result);

    const report = await fetch(`${server.baseUrl}/api/export/report/legacy_notes?disease_id=${disease}`);
    expect(report.status).to.equal(200);
    expect(report.headers.get('content-type')).to.match(/^text\/html/);
    const html = await report.text();
    expect(html).to.contain('Research use only');
    expect(html).to.not.contain('<script>');
    expect(html).to.contain('&lt;script&gt;');
    expect(html).to.contain('Notes &lt;b&gt;module&lt;/b&gt;');
  });

  it('completes a job whose result holds a lone surrogate or a NUL, stored as U+FFFD (never a failed job)', async () => {
    const done = await runJobTo(server, `/api/jobs/unstorable?disease_id=${disease}`);
    expect(done.status, JSON.stringify(done.error ?? null)).to.equal('SUCCESS');
    expect(done.result).to.deep.include({ label: 'half a pair \uFFFD and a NUL \uFFFD', 'key\uFFFD': 'ok \uD83D\uDE00' });
  });

  it('lists every exportable module with its latest result per disease', async () => {
    const listing = await (await fetch(`${server.baseUrl}/api/export/modules?disease_id=${disease}`)).json() as Json;
    const notes = listing.modules.find((m: Json) => m.id === 'notes');
    expect(notes.aliases).to.deep.equal(['legacy_notes']);
    expect(notes.results).to.have.length(1);
    expect(notes.results[0]).to.include({ disease_id: disease, json: true, html: true });
    expect(notes.results[0].sha256).to.match(/^[0-9a-f]{64}$/);
    expect(listing.modules.find((m: Json) => m.id === 'echo').results).to.deep.equal([]);
  });

  it('answers 404 with a detail for an unknown module or no result, 422 for malformed input, never 5xx', async () => {
    const unknown = await fetch(`${server.baseUrl}/api/export/json/no_such_module`);
    expect(unknown.status).to.equal(404);
    expect((await unknown.json() as Json).detail).to.contain("unknown module 'no_such_module'");
    for (const kind of ['json', 'raw', 'report']) {
      const none = await fetch(`${server.baseUrl}/api/export/${kind}/echo?disease_id=never_run_here`);
      expect(none.status, kind).to.equal(404);
      expect((await none.json() as Json).detail).to.contain("no result of module 'echo' for disease 'never_run_here'");
    }
    for (const path of ['/api/export/json/BAD%20NAME', '/api/export/raw/notes?disease_id=%00', '/api/export/json/notes?disease_id=%ED%A0%80', '/api/export/modules?colour=1', `/api/export/json/${'x'.repeat(200)}`]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).to.be.oneOf([404, 422]);
    }
    const css = await fetch(`${server.baseUrl}/api/export/report/notes/print.css`);
    expect(css.headers.get('content-type')).to.match(/^text\/css/);
  });

  it('is described in the OpenAPI document', async () => {
    const paths = server.http.registry.routes.map((r) => `${r.method} ${r.path}`);
    for (const path of ['get /api/export/modules', 'get /api/export/json/{module}', 'get /api/export/raw/{module}', 'get /api/export/report/{module}', 'get /api/export/report/{module}/print.css']) {
      expect(paths).to.include(path);
    }
  });
});
