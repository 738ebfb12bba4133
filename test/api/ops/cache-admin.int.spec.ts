// Cache administration (spec §4.7) through a real server with API_KEY set, on its own scratch database
// (clearing "all" must not touch other specs' caches): namespace statistics against bytes counted here,
// clearing one namespace or all with {removed, namespace}, 404 for an unknown namespace, the key required,
// and a CacheCleared event per clearing.
import { expect } from 'chai';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';
import { opsTestModules } from '../../support/ops-test-modules';
import { startTestServer, TestServer } from '../../support/test-server';
import { PostgresResponseCache } from '../../../infra/sources/response-cache';
import { CACHE_ADMIN_STREAM } from '../../../domain/operations/cache-admin';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const KEY = 'cache-admin-test-key-0123456789';

describe('cache administration (/api/system/cache*)', function () {
  this.timeout(60_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  const call = async (method: string, path: string, key: string | null = KEY) => {
    const response = await fetch(`${server.baseUrl}${path}`, { method, headers: key ? { 'X-API-Key': key } : {} });
    return { status: response.status, body: await response.json().catch(() => null) as Json };
  };

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, modules: opsTestModules, env: { API_KEY: KEY } });
    const cache = new PostgresResponseCache(server.runtime.db.knex);
    await cache.set('gwas', 'GET https://gwas/a', '{"a":1}');
    await cache.set('gwas', 'GET https://gwas/b', '{"b":"é"}');
    await cache.set('pubmed', 'GET https://pubmed/x', '<xml/>');
    await cache.set('notes', 'GET notes', 'naïve');
    await cache.set('gwas', 'GET https://gwas/old', 'gone', -1000); // expired: not counted, but cleared
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  it('requires the API key on every cache route (401 without, 403 wrong)', async () => {
    for (const [method, path] of [['GET', '/api/system/cache/stats'], ['DELETE', '/api/system/cache'], ['DELETE', '/api/system/cache/gwas']] as const) {
      expect((await call(method, path, null)).status, `${method} ${path}`).to.equal(401);
      expect((await call(method, path, 'wrong-key')).status, `${method} ${path}`).to.equal(403);
    }
  });

  it('lists one namespace per evidence source and per module with unexpired counts and UTF-8 bytes', async () => {
    const { status, body } = await call('GET', '/api/system/cache/stats');
    expect(status).to.equal(200);
    const byName = new Map((body.namespaces as Json[]).map((n) => [n.namespace, n]));
    // {"a":1} is 7 bytes, {"b":"é"} is 10 (é is two bytes); <xml/> 6; naïve 6.
    expect(byName.get('gwas')).to.deep.equal({ namespace: 'gwas', kind: 'source', entries: 2, bytes: 17 });
    expect(byName.get('pubmed')).to.deep.equal({ namespace: 'pubmed', kind: 'source', entries: 1, bytes: 6 });
    expect(byName.get('notes')).to.deep.equal({ namespace: 'notes', kind: 'module', entries: 1, bytes: 6 });
    expect(byName.get('clinical_trials')).to.include({ kind: 'source', entries: 0, bytes: 0 });
    expect(byName.get('legacy_notes')).to.include({ kind: 'module', entries: 0 });
    expect(body).to.include({ total_entries: 4, total_bytes: 29 });
  });

  it('clears one namespace, then all, recording who cleared what; an unknown namespace is 404', async () => {
    const before = (await server.runtime.store.readStream(CACHE_ADMIN_STREAM).catch(() => [])).length;
    expect(await call('DELETE', '/api/system/cache/gwas')).to.deep.equal({ status: 200, body: { removed: 3, namespace: 'gwas' } });
    expect((await call('DELETE', '/api/system/cache/no_such_namespace')).status).to.equal(404);
    // A module's own suffixed namespace (as literature_mining is for literature) is known while still empty.
    expect((await call('DELETE', '/api/system/cache/notes_mining')).body).to.deep.equal({ removed: 0, namespace: 'notes_mining' });
    expect((await call('DELETE', '/api/system/cache/bad%20name')).status).to.equal(422);
    expect((await call('DELETE', '/api/system/cache/gwas')).body).to.deep.equal({ removed: 0, namespace: 'gwas' });
    expect(await call('DELETE', '/api/system/cache')).to.deep.equal({ status: 200, body: { removed: 2, namespace: null } });
    expect((await call('GET', '/api/system/cache/stats')).body).to.include({ total_entries: 0 });
    const events = (await server.runtime.store.readStream(CACHE_ADMIN_STREAM)).slice(before);
    expect(events.map((e) => [e.type, (e.data as Json).namespace, (e.data as Json).removed])).to.deep.equal([
      ['CacheCleared', 'gwas', 3], ['CacheCleared', 'notes_mining', 0], ['CacheCleared', 'gwas', 0], ['CacheCleared', null, 2],
    ]);
    expect(events[0]!.metadata.principal).to.deep.equal({ kind: 'operator', id: 'api-key-holder' });
    expect(JSON.stringify(events)).to.not.contain(KEY);
  });
});
