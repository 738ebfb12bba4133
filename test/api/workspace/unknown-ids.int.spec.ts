// Spec §7: an unknown run id is a 404 whatever its shape; only a missing required parameter is a 422.
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';

const ALICE = { 'x-researcher-id': 'alice', 'content-type': 'application/json' };
const ODD_IDS = ['not-a-uuid', '12345', 'run-1', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ', "x'; drop table runs; --", '..'];

describe('Unknown run ids of any shape', function () {
  let server: TestServer;
  before(async function () {
    server = await startTestServer({ startWorkers: true });
  });
  after(async function () {
    await server?.close();
  });

  const call = (method: string, path: string, body?: unknown) => fetch(`${server.baseUrl}${path}`, { method, headers: ALICE, body: body === undefined ? undefined : JSON.stringify(body) });

  it('GET and DELETE /api/workspace/runs/{id}, the review routes, graph and bundle answer 404', async function () {
    for (const id of ODD_IDS.map(encodeURIComponent)) {
      for (const [method, path, body] of [
        ['GET', `/api/workspace/runs/${id}`], ['DELETE', `/api/workspace/runs/${id}`],
        ['GET', `/api/workspace/runs/${id}/reviews`], ['GET', `/api/workspace/runs/${id}/review-events`],
        ['PUT', `/api/workspace/runs/${id}/reviews`, { candidate_id: 'drug:x', candidate_type: 'drug', decision: 'pin' }],
        ['GET', `/api/workspace/runs/${id}/graph`], ['GET', `/api/workspace/runs/${id}/review-bundle`],
      ] as const) {
        const res = await call(method, path, body);
        expect(res.status, `${method} ${path}`).to.equal(404);
      }
    }
  });

  it('compare and trends with unknown ids answer 404; a missing required parameter stays 422', async function () {
    expect((await call('GET', '/api/workspace/compare?left=nope&right=also-nope')).status).to.equal(404);
    expect((await call('GET', '/api/workspace/trends?run_ids=nope')).status).to.equal(404);
    expect((await call('GET', '/api/workspace/compare?left=nope')).status).to.equal(422);
  });
});
