import { expect } from 'chai';
import { startTestServer, TestServer } from '../support/test-server';

describe('/api/v1 error responses carry the disclaimer too', function () {
  let server: TestServer;
  before(async function () {
    server = await startTestServer({ env: { RATE_LIMIT_REQUESTS: '2', RATE_LIMIT_WINDOW: '60', STORE_RATE_LIMIT_URL: 'redis://127.0.0.1:6390/0' } });
  });
  after(async function () {
    await server.close();
  });

  it('on 422, 404 and 429', async function () {
    const invalid = await fetch(`${server.baseUrl}/api/v1/conditions/search?q=lupus&limit=0`);
    expect(invalid.status).to.equal(422);
    expect(await invalid.json()).to.have.property('disclaimer').that.contains('Research use only');
    const missing = await fetch(`${server.baseUrl}/api/v1/no-such-endpoint`);
    expect(missing.status).to.equal(404);
    expect(await missing.json()).to.have.property('disclaimer');
    const limited = await fetch(`${server.baseUrl}/api/v1/snapshots`);
    expect(limited.status).to.equal(429);
    expect(await limited.json()).to.have.property('disclaimer');
  });
});
