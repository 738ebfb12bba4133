// The per-IP sliding-window limit through real listening servers and the machine's real Redis. Each
// test namespaces its keys with a unique ioredis keyPrefix and deletes only those keys afterwards.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { expect } from 'chai';
import Redis from 'ioredis';
import { eventually, sleep, testDatabaseUrl } from '../../support/databases';
import { capturingLogger } from '../../support/log-capture';
import { startTestServer, TestServer } from '../../support/test-server';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const CLOSED_PORT = 'redis://127.0.0.1:6390/0';

/** A TCP proxy in front of the real Redis that a test can take down, bring back, or make slow. */
class RedisProxy {
  port = 0;
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private held: (() => void)[] | undefined;

  async start(): Promise<void> {
    const target = new URL(REDIS);
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => { this.sockets.delete(socket); client.destroy(); upstream.destroy(); });
      }
      client.on('data', (chunk) => upstream.write(chunk));
      // Replies are held (never dropped) while slow: Redis answering late, in order.
      upstream.on('data', (chunk) => (this.held ? this.held.push(() => client.write(chunk)) : client.write(chunk)));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  slow(): void {
    this.held = [];
  }

  fast(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const write of held) write();
  }
}

describe('Rate limit (sliding window per client IP)', function () {
  const servers: TestServer[] = [];
  const prefixes: string[] = [];
  let redis: Redis;

  before(function () {
    redis = new Redis(REDIS, { lazyConnect: true });
  });
  afterEach(async function () {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    for (const prefix of prefixes.splice(0)) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
  });
  after(async function () {
    await redis.quit();
  });

  /** A store URL whose keys only this test uses. */
  function sharedStore(): { url: string; prefix: string } {
    const prefix = `test-limits-${randomUUID()}:`;
    prefixes.push(prefix);
    return { url: `${REDIS}?keyPrefix=${encodeURIComponent(prefix)}`, prefix };
  }

  async function serve(env: Record<string, string>, logger = capturingLogger().logger): Promise<TestServer> {
    const server = await startTestServer({ env, logger });
    servers.push(server);
    return server;
  }

  it('answers 429 with Retry-After after N requests, and lets the client in again once the window slid', async function () {
    const { url, prefix } = sharedStore();
    const server = await serve({ RATE_LIMIT_REQUESTS: '3', RATE_LIMIT_WINDOW: '1', STORE_RATE_LIMIT_URL: url });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const ok = await fetch(`${server.baseUrl}/api/auth/me`);
      expect(ok.status).to.equal(200);
      expect(ok.headers.get('ratelimit-limit')).to.equal('3');
      remaining.push(ok.headers.get('ratelimit-remaining'));
    }
    expect(remaining).to.deep.equal(['2', '1', '0']);

    const limited = await fetch(`${server.baseUrl}/api/auth/me`);
    expect(limited.status).to.equal(429);
    expect(limited.headers.get('retry-after')).to.equal('1');
    expect(limited.headers.get('ratelimit-remaining')).to.equal('0');
    expect(await limited.json()).to.have.property('detail').that.is.a('string');

    // Probes are never limited, and the key in Redis expires with the window.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).to.equal(200);
    const database = new URL(testDatabaseUrl()).pathname.slice(1); // the default deployment prefix
    const ttl = await redis.pttl(`${prefix}${database}:ratelimit:127.0.0.1`);
    expect(ttl).to.be.within(1, 1000);

    await sleep(1100);
    expect((await fetch(`${server.baseUrl}/api/auth/me`)).status).to.equal(200);
  });

  it('two processes on one Redis share the limit', async function () {
    const { url } = sharedStore();
    const env = { RATE_LIMIT_REQUESTS: '4', RATE_LIMIT_WINDOW: '2', STORE_RATE_LIMIT_URL: url };
    const [a, b] = [await serve(env), await serve(env)] as [TestServer, TestServer];
    const statuses = [];
    for (const base of [a.baseUrl, b.baseUrl, a.baseUrl, b.baseUrl, a.baseUrl, b.baseUrl]) {
      statuses.push((await fetch(`${base}/api/auth/me`)).status);
    }
    expect(statuses).to.deep.equal([200, 200, 200, 200, 429, 429]);
    const ready = await (await fetch(`${a.baseUrl}/api/ready`)).json() as { checks: Record<string, { ok: boolean; detail: string }> };
    expect(ready.checks.rate_limit_store).to.deep.include({ ok: true });
  });

  it('two deployments sharing one Redis no longer share counters (RATE_LIMIT_KEY_PREFIX)', async function () {
    const { url } = sharedStore();
    const env = { RATE_LIMIT_REQUESTS: '2', RATE_LIMIT_WINDOW: '5', STORE_RATE_LIMIT_URL: url };
    const a = await serve({ ...env, RATE_LIMIT_KEY_PREFIX: 'deployment-a' });
    const b = await serve({ ...env, RATE_LIMIT_KEY_PREFIX: 'deployment-b' });
    const statuses = [];
    for (const base of [a.baseUrl, a.baseUrl, b.baseUrl, b.baseUrl, a.baseUrl]) statuses.push((await fetch(`${base}/api/auth/me`)).status);
    // Before: one key per IP for both, so B's first request was already the third: [200, 200, 429, 429, 429].
    expect(statuses).to.deep.equal([200, 200, 200, 200, 429]);
  });

  it('falls back to a per-process in-memory window when Redis is unreachable, warning once', async function () {
    const { logger, lines } = capturingLogger();
    const server = await serve({ RATE_LIMIT_REQUESTS: '2', RATE_LIMIT_WINDOW: '2', STORE_RATE_LIMIT_URL: CLOSED_PORT }, logger);
    const started = Date.now();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${server.baseUrl}/api/auth/me`)).status);
    expect(statuses).to.deep.equal([200, 200, 429, 429]);
    expect(Date.now() - started, 'requests must not wait for the dead store').to.be.below(2000);

    const ready = await fetch(`${server.baseUrl}/api/ready`);
    expect(ready.status).to.equal(503);
    const body = await ready.json() as { failed: string[]; checks: Record<string, { ok: boolean; detail: string }> };
    expect(body.failed).to.include('rate_limit_store');
    expect(body.checks.rate_limit_store!.detail).to.contain('127.0.0.1:6390');

    const warnings = lines.filter((line) => line.level === 40 && String(line.msg).includes('rate-limit store unreachable'));
    expect(warnings).to.have.length(1);
  });

  it('denies with 503 when RATE_LIMIT_FAIL_CLOSED=true and Redis is unreachable (probes still answer)', async function () {
    const server = await serve({ RATE_LIMIT_REQUESTS: '5', RATE_LIMIT_FAIL_CLOSED: 'true', STORE_RATE_LIMIT_URL: CLOSED_PORT });
    const denied = await fetch(`${server.baseUrl}/api/auth/me`);
    expect(denied.status).to.equal(503);
    expect(await denied.json()).to.have.property('detail').that.contains('unreachable');
    expect(denied.headers.get('retry-after')).to.equal('1');
    expect((await fetch(`${server.baseUrl}/api/health`)).status).to.equal(200);
  });

  it('warns once per outage, never hangs on a slow Redis, and shares the limit again once Redis is back', async function () {
    const proxy = new RedisProxy();
    await proxy.start();
    const { prefix } = sharedStore();
    const key = `${prefix}${new URL(testDatabaseUrl()).pathname.slice(1)}:ratelimit:127.0.0.1`;
    const { logger, lines } = capturingLogger();
    const server = await serve({
      RATE_LIMIT_REQUESTS: '100', RATE_LIMIT_WINDOW: '30',
      STORE_RATE_LIMIT_URL: `redis://127.0.0.1:${proxy.port}/0?keyPrefix=${encodeURIComponent(prefix)}`,
    }, logger);
    const me = async () => (await fetch(`${server.baseUrl}/api/auth/me`)).status;
    const storeLog = (text: string) => lines.filter((line) => String(line.msg).includes(text));
    try {
      expect(await me()).to.equal(200);
      expect(await redis.zcard(key)).to.equal(1);

      // Slow Redis: the command times out and the request goes on with the in-memory window.
      proxy.slow();
      const started = Date.now();
      expect(await me()).to.equal(200);
      expect(Date.now() - started).to.be.below(1500);
      proxy.fast();
      await eventually(async () => (await me()) === 200 && storeLog('reachable again').length === 1, 'recovery after a slow reply');

      // Down: requests still answered from memory; one warning however many requests and reconnects.
      await proxy.stop();
      for (let i = 0; i < 5; i++) expect(await me()).to.equal(200);
      await sleep(500);
      expect(storeLog('rate-limit store unreachable')).to.have.length(2); // the slow spell, then this outage
      const down = await (await fetch(`${server.baseUrl}/api/ready`)).json() as { failed: string[] };
      expect(down.failed).to.include('rate_limit_store');

      // Back: ioredis reconnects in the background and the shared window is used again.
      const before = await redis.zcard(key);
      await proxy.start();
      await eventually(() => storeLog('reachable again').length === 2, 'reconnected', 10_000);
      expect(await me()).to.equal(200);
      expect(await redis.zcard(key)).to.equal(before + 1);
      const ready = await (await fetch(`${server.baseUrl}/api/ready`)).json() as { checks: Record<string, { ok: boolean; detail: string }> };
      expect(ready.checks.rate_limit_store, JSON.stringify(ready)).to.deep.include({ ok: true });
    } finally {
      await proxy.stop();
    }
  });

  it('RATE_LIMIT_REQUESTS=0 disables limiting (and the store check)', async function () {
    const server = await serve({ RATE_LIMIT_REQUESTS: '0', STORE_RATE_LIMIT_URL: CLOSED_PORT });
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${server.baseUrl}/api/auth/me`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('ratelimit-limit')).to.equal(null);
    }
    const ready = await (await fetch(`${server.baseUrl}/api/ready`)).json() as { checks: Record<string, { ok: boolean; detail: string }> };
    expect(ready.checks.rate_limit_store).to.deep.equal({ ok: true, detail: 'disabled' });
  });
});
