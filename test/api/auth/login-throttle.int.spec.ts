// Issue 23, item 2: local sign-in had no throttle beyond the global per-IP limit. Now failures are counted
// per account and per client (in the shared rate-limit store), with an exponential back-off: 429 and
// Retry-After whatever the password, the same for an unknown username, other accounts unaffected.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import Redis from 'ioredis';
import { sleep } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const USERS = 'alice=alice-pw,bob=bob-pw';

describe('Failed-login throttling (per account and per client, exponential back-off)', function () {
  this.timeout(60_000);
  const servers: TestServer[] = [];

  async function serve(env: Record<string, string>): Promise<TestServer> {
    const server = await startTestServer({ env: { LOCAL_AUTH_USERS: USERS, AUTH_SESSION_SECRET: 's'.repeat(32), ...env } });
    servers.push(server);
    return server;
  }
  afterEach(async function () {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  const login = (server: TestServer, username: string, password: string) => fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
  });

  it('after the account\'s failures even the right password gets 429 with Retry-After, while another account still signs in', async function () {
    const server = await serve({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_CLIENT: '100' });
    for (let i = 0; i < 3; i++) expect((await login(server, 'alice', `guess-${i}`)).status).to.equal(401);
    const blocked = await login(server, 'alice', 'alice-pw');
    expect(blocked.status).to.equal(429);
    expect(Number(blocked.headers.get('retry-after'))).to.be.within(1, 900);
    expect((await login(server, 'bob', 'bob-pw')).status).to.equal(200);
    // The back-off after the third failure is 2^0 = 1 s: then the right password works again.
    await sleep(1100);
    expect((await login(server, 'alice', 'alice-pw')).status).to.equal(200);
  });

  it('answers an unknown username exactly like an existing one', async function () {
    const server = await serve({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' });
    const answers = [];
    for (const username of ['alice', 'nobody-here']) {
      for (let i = 0; i < 2; i++) await login(server, username, 'wrong');
      const reply = await login(server, username, 'wrong');
      answers.push({ status: reply.status, retryAfter: reply.headers.get('retry-after'), body: await reply.json() });
    }
    expect(answers[0]!.status).to.equal(429);
    expect(answers[1]).to.deep.equal(answers[0]);
  });

  it('throttles a client guessing across many accounts at the higher per-client threshold', async function () {
    const server = await serve({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_CLIENT: '5' });
    for (let i = 0; i < 5; i++) expect((await login(server, `user-${i}`, 'wrong')).status).to.equal(401);
    expect((await login(server, 'bob', 'bob-pw')).status).to.equal(429);
  });

  it('shares the counts between processes through the rate-limit store', async function () {
    const prefix = `test-login-${randomUUID()}:`;
    const env = {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', RATE_LIMIT_REQUESTS: '1000',
      STORE_RATE_LIMIT_URL: `${REDIS}?keyPrefix=${encodeURIComponent(prefix)}`,
    };
    const [a, b] = [await serve(env), await serve(env)] as [TestServer, TestServer];
    const redis = new Redis(REDIS);
    try {
      expect((await login(a, 'alice', 'wrong')).status).to.equal(401);
      expect((await login(b, 'alice', 'wrong')).status).to.equal(401);
      expect((await login(a, 'alice', 'wrong')).status).to.equal(401);
      expect((await login(b, 'alice', 'alice-pw')).status).to.equal(429);
      expect(await redis.keys(`${prefix}*:login:*`)).to.have.length.greaterThan(0);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
