// The dashboard document, its assets and the docs assets are not counted against the per-IP budget,
// so a page load cannot spend it and a 429 cannot blank the page; API calls still are.
import { expect } from 'chai';
import { isUnlimited } from '../../../api/limits/limits';
import { startTestServer } from '../../support/test-server';

describe('Rate limit: static content is not counted', function () {
  it('serves / and /assets/* past the budget while the API answers 429 with Retry-After', async function () {
    const server = await startTestServer({ env: { RATE_LIMIT_REQUESTS: '2', RATE_LIMIT_WINDOW: '60', STORE_RATE_LIMIT_URL: 'redis://127.0.0.1:6390/0' }, projectors: [], processors: [] });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await fetch(`${server.baseUrl}/`)).status).to.equal(200);
        expect((await fetch(`${server.baseUrl}/assets/no-such-file.js`)).status).to.equal(404);
      }
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${server.baseUrl}/api/system/modules`);
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get('retry-after');
      }
      expect(statuses).to.deep.equal([200, 200, 429]);
      expect(Number(retryAfter)).to.be.greaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('counts writes to static-looking paths and every API path', function () {
    expect(isUnlimited({ method: 'GET', path: '/' })).to.equal(true);
    expect(isUnlimited({ method: 'HEAD', path: '/assets/index-abc.js' })).to.equal(true);
    expect(isUnlimited({ method: 'GET', path: '/api/docs/assets/swagger-ui.css' })).to.equal(true);
    expect(isUnlimited({ method: 'POST', path: '/' })).to.equal(false);
    expect(isUnlimited({ method: 'GET', path: '/api/system/modules' })).to.equal(false);
    expect(isUnlimited({ method: 'GET', path: '/assets/../api/jobs' })).to.equal(false);
  });
});
