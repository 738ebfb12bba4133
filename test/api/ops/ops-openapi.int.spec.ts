// The operations routes (spec §4.6 monitor/stats/corpus-status, §4.7, §4.8, §4.9, §4.4 run-all) in the
// served OpenAPI document, each with a described 200 (201) response schema, the administrative ones under
// the API key, the spec's paths spelled as the spec spells them.
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SPEC: [method: string, path: string, keyProtected: boolean][] = [
  ['post', '/api/jobs/run-all', true],
  ['get', '/api/monitor/status', false], ['get', '/api/monitor/diff', false], ['post', '/api/monitor/snapshot', true],
  ['get', '/api/stats', false], ['get', '/api/system/corpus-status', false],
  ['get', '/api/system/cache/stats', true], ['delete', '/api/system/cache', true], ['delete', '/api/system/cache/{namespace}', true],
  ['get', '/api/admin/diseases/{disease_id}/backups', true], ['post', '/api/admin/diseases/{disease_id}/prune', true],
  ['post', '/api/admin/diseases/{disease_id}/restore', true], ['get', '/api/admin/diseases/{disease_id}/audit', true],
  ['get', '/api/export/modules', false], ['get', '/api/export/json/{module}', false], ['get', '/api/export/raw/{module}', false],
  ['get', '/api/export/report/{module}', false], ['get', '/api/export/report/{module}/print.css', false],
];

describe('the operations routes in the OpenAPI document', function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => { server = await startTestServer(); });
  after(async () => { await server?.close(); });

  it('lists every spec path with its method, a success schema and the API key where administrative', async () => {
    const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json() as Json;
    for (const [method, path, keyProtected] of SPEC) {
      const op = doc.paths[path]?.[method] as Json | undefined;
      expect(op, `${method} ${path}`).to.not.equal(undefined);
      const success = op!.responses['200'] ?? op!.responses['201'] ?? op!.responses['202'];
      expect(success?.content, `${method} ${path} success content`).to.be.an('object');
      expect(Boolean(op!.security?.some((s: Json) => 'apiKey' in s)), `${method} ${path} key`).to.equal(keyProtected);
    }
  });
});
