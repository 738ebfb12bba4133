// `evidence live`, `evidence run-all` and `evidence disease corpus-status` as an operator runs them (child
// processes). live: against local servers (one sends rate-limit headers, one answers 503) and a closed port;
// run-all and corpus-status: on a scratch database seeded by a test server, then read back through it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { runCli } from '../support/service-process';
import { createScratchDatabase, ScratchDatabase } from '../biomed/support/biomed-env';
import { startTestServer, TestServer } from '../support/test-server';
import { eventually } from '../support/databases';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const base = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent' });

describe('evidence live, run-all and disease corpus-status', function () {
  this.timeout(180_000);

  describe('live', function () {
    let limited: http.Server;
    let failing: http.Server;
    let closedPort: number;
    const url = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    before(async () => {
      limited = http.createServer((_, res) => { res.writeHead(200, { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '2', 'Content-Type': 'application/json' }).end('{}'); });
      failing = http.createServer((_, res) => { res.writeHead(503, { 'Retry-After': '7' }).end(); });
      const closed = http.createServer();
      await Promise.all([limited, failing, closed].map((s) => new Promise((r) => s.listen(0, '127.0.0.1', () => r(null)))));
      closedPort = (closed.address() as AddressInfo).port;
      await new Promise((r) => closed.close(r));
    });
    after(() => { limited.close(); failing.close(); });

    it('reports reachability, status, latency and rate-limit headers per source; exit 1 with one unreachable', async () => {
      const env = { ...base(), EVIDENCE_SOURCE_BASE_URLS: `pubmed=${url(limited)},gwas=${url(failing)},chembl=http://127.0.0.1:${closedPort}` };
      const { code, output } = await runCli(['live', '--source', 'pubmed', '--source', 'gwas', '--source', 'chembl', '--json', '--timeout-ms', '3000'], env);
      expect(code, output).to.equal(1);
      const checks = new Map((JSON.parse(output).sources as Json[]).map((c) => [c.source, c]));
      expect(checks.get('pubmed')).to.deep.include({ reachable: true, status: 200, rate_limit: { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2' }, error: null });
      expect(checks.get('gwas')).to.deep.include({ reachable: true, status: 503, rate_limit: { 'retry-after': '7' } });
      expect(checks.get('chembl')).to.include({ reachable: false, status: null });
      expect(checks.get('chembl')!.error).to.contain('ECONNREFUSED');
      expect(checks.get('pubmed')!.latency_ms).to.be.a('number').and.at.least(0);
    });

    it('says plainly when nothing is reachable, and refuses unknown sources', async () => {
      const env = { ...base(), EVIDENCE_SOURCE_BASE_URLS: `pubmed=http://127.0.0.1:${closedPort}` };
      const { code, output } = await runCli(['live', '--source', 'pubmed', '--timeout-ms', '2000'], env);
      expect(code).to.equal(1);
      expect(output).to.contain('no source is reachable: this machine looks offline');
      const bad = await runCli(['live', '--source', 'nosuch'], base());
      expect(bad.code).to.equal(2);
      expect(bad.output).to.contain('unknown source(s) nosuch');
    });
  });

  describe('run-all and corpus-status on the seed data', function () {
    let scratch: ScratchDatabase;
    let server: TestServer;
    const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'run-all-cli-'));
    before(async () => {
      scratch = await createScratchDatabase();
      server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true' } });
    });
    after(async () => { await server?.close(); await scratch?.drop(); fs.rmSync(reports, { recursive: true, force: true }); });
    const env = () => ({ ...base(), DATABASE_URL: scratch.url, DATA_DIR: reports, EVIDENCE_SOURCE_MODE: 'offline', DEBUG: 'true', EVIDENCE_CORPUS_DIR: path.resolve(__dirname, '../../../fixtures/corpus') }); // the synthetic corpus

    it('runs the default set, writes a report per module, and records results the export serves', async () => {
      const { code, output } = await runCli(['run-all', '--disease', 'sle', '--export-html', '--out', reports, '--json'], env());
      expect(code, output).to.equal(0);
      const result = JSON.parse(output.slice(output.indexOf('{')));
      expect(result.status).to.equal('SUCCESS');
      expect(result.modules_completed).to.include('pathway-enrichment').and.not.include('link-prediction');
      for (const file of Object.values(result.report_paths as Record<string, string>)) expect(fs.readFileSync(file, 'utf8')).to.contain('Research use only');
      await eventually(async () => (await fetch(`${server.baseUrl}/api/export/json/pathway-enrichment?disease_id=sle`)).status === 200, 'recorded result exported', 20_000);
      const bad = await runCli(['run-all', '--max-parallel', '99'], env());
      expect(bad.code).to.equal(2);
    });

    it('writes the corpus readiness report that /api/system/corpus-status then serves', async () => {
      const { code, output } = await runCli(['disease', 'corpus-status', '--details'], env());
      expect(code, output).to.equal(0);
      expect(output).to.match(/\nsle\s+MONDO:0007915\s+L[0-3]/);
      const served = await (await fetch(`${server.baseUrl}/api/system/corpus-status`)).json() as Json;
      expect(served.available).to.equal(true);
      const printed = Object.fromEntries([...output.matchAll(/^(L[0-3]|no_mondo_id|not_imported)\s+(\d+)$/gm)].map((m) => [m[1], Number(m[2])]));
      expect(served.tiers).to.deep.equal(printed);
    });
  });
});
