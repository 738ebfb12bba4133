// /api/auth/me's llm_available with an LLM configured: the dashboard's enable_llm toggle starts from it.
// (The unconfigured case, false, is asserted in api-key.int.spec.ts and principal.int.spec.ts.)
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';

describe('/api/auth/me with an LLM configured', function () {
  let server: TestServer;

  before(async function () {
    server = await startTestServer({
      env: { DEBUG: 'false', LLM_BASE_URL: 'https://llm.example.org/v1', LLM_API_KEY: 'test-llm-key' }, projectors: [], processors: [],
    });
  });
  after(async function () {
    await server.close();
  });

  it('reports llm_available true when LLM_BASE_URL and LLM_API_KEY are both set', async function () {
    const response = await fetch(`${server.baseUrl}/api/auth/me`);
    expect(response.status).to.equal(200);
    expect((await response.json()).llm_available).to.equal(true);
  });
});
