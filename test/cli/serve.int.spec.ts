import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { eventually } from '../support/databases';
import { runCli, startService } from '../support/service-process';

/** The environment of a fresh machine: no DATABASE_URL, no API_KEY, no DEBUG. */
function freshEnv(dataDir: string): Record<string, string | undefined> {
  return { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
}

describe('evidence serve on the embedded default', function () {
  this.timeout(60_000);
  let dataDir: string;
  beforeEach(function () {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-serve-'));
  });
  afterEach(function () {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('with no environment at all, npm start answers /api/health with 200 and keeps a generated key out of the log', async function () {
    const service = await startService(['--generate-api-key-if-unset'], freshEnv(dataDir));
    try {
      const health = await fetch(`${service.baseUrl}/api/health`, { headers: { 'X-Correlation-ID': 'req-42' } });
      expect(health.status).to.equal(200);
      expect(await health.json()).to.deep.equal({ status: 'ok' });
      expect(health.headers.get('x-correlation-id')).to.equal('req-42');
      // Ready once the start-up preloads are done (the biomed seed of a fresh store among them).
      let ready = await fetch(`${service.baseUrl}/api/ready`);
      await eventually(async () => (ready = await fetch(`${service.baseUrl}/api/ready`)).status === 200, 'service ready', 30_000);
      expect((await ready.json() as { checks: { database: { kind: string } } }).checks.database.kind).to.equal('pglite');
      const keyFile = path.join(dataDir, 'api-key');
      const key = fs.readFileSync(keyFile, 'utf8').trim();
      expect(key.length).to.be.at.least(32);
      expect(fs.statSync(keyFile).mode & 0o777).to.equal(0o600);
      expect(service.output()).to.contain('api-key').and.not.contain(key);
      expect(service.output()).to.contain('"correlationId":"req-42"');
    } finally {
      expect(await service.stop()).to.equal(0);
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock')), 'lock released on shutdown').to.equal(false);
  });

  it('npm start creates one dashboard account when none is configured; it signs in, and its password stays out of the log', async function () {
    const service = await startService(['--generate-api-key-if-unset', '--create-local-account-if-none'], freshEnv(dataDir));
    try {
      const accountFile = path.join(dataDir, 'local-account');
      expect(fs.statSync(accountFile).mode & 0o777).to.equal(0o600);
      const [username, password] = fs.readFileSync(accountFile, 'utf8').trim().split('\n').map((line) => line.replace(/^[a-z]+:\s*/, ''));
      expect(username).to.equal('researcher');
      expect(password?.length).to.be.at.least(16);
      const key = fs.readFileSync(path.join(dataDir, 'api-key'), 'utf8').trim();
      const login = (pw: string) => fetch(`${service.baseUrl}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'X-API-Key': key }, body: JSON.stringify({ username, password: pw }),
      });
      expect((await login(password as string)).status).to.equal(200);
      expect((await login('not-the-password')).status).to.equal(401);
      expect(service.output()).to.contain('local-account').and.not.contain(password as string);
    } finally {
      expect(await service.stop()).to.equal(0);
    }
    // A configured LOCAL_AUTH_USERS wins: no account file is created.
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-serve-'));
    const configured = await startService(['--generate-api-key-if-unset', '--create-local-account-if-none'], { ...freshEnv(otherDir), LOCAL_AUTH_USERS: 'ann=ann-password' });
    try {
      expect(fs.existsSync(path.join(otherDir, 'local-account'))).to.equal(false);
    } finally {
      await configured.stop();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with DEBUG=false and no API_KEY, naming the variable', async function () {
    const { code, output } = await runCli(['serve', '--port', '0'], freshEnv(dataDir));
    expect(code).to.equal(1);
    expect(output).to.contain('API_KEY').and.contain('DEBUG=false');
  });

  it('stops at start-up on a bad setting, naming it', async function () {
    const { code, output } = await runCli(['serve'], { ...freshEnv(dataDir), DEBUG: 'true', PORT: 'http' });
    expect(code).to.equal(1);
    expect(output).to.contain('PORT');
  });

  it('explicit --port wins over PORT, and a second process cannot open the same embedded database', async function () {
    const first = await startService([], { ...freshEnv(dataDir), DEBUG: 'true', PORT: '1' });
    try {
      expect(first.baseUrl).not.to.match(/:1$/);
      const second = await runCli(['projections', 'status'], { ...freshEnv(dataDir), DEBUG: 'true' });
      expect(second.code).to.equal(1);
      expect(second.output).to.contain('in use by process');
    } finally {
      await first.stop();
    }
    const afterStop = await runCli(['projections', 'status'], { ...freshEnv(dataDir), DEBUG: 'true' });
    expect(afterStop.code, afterStop.output).to.equal(0);
    expect(afterStop.output).to.contain('stream_catalog');
  });

  it('--reload restarts on code changes only with DEBUG=true, and is refused otherwise', async function () {
    const refused = await startService(['--reload'], { ...freshEnv(dataDir), API_KEY: 'k'.repeat(32) });
    try {
      expect(refused.output()).to.contain('honoured only with DEBUG=true');
    } finally {
      await refused.stop();
    }
    const supervised = await startService(['--reload'], { ...freshEnv(dataDir), DEBUG: 'true' });
    const probe = path.resolve(__dirname, '..', '..', `reload-probe-${process.pid}.js`);
    try {
      fs.writeFileSync(probe, '// touched by a test\n');
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && (supervised.output().match(/"msg":"listening"/g) ?? []).length < 2) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(supervised.output()).to.contain('[reload]');
      expect((supervised.output().match(/"msg":"listening"/g) ?? []).length).to.be.at.least(2);
    } finally {
      fs.rmSync(probe, { force: true });
      await supervised.stop();
    }
  });
});
