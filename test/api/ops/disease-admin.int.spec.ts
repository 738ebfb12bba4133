// Disease administration (spec §4.8) through a real server with API_KEY set, on its own scratch database:
// prune preview changes nothing; prune apply moves SLE's module results and the cached responses that
// mention it into a backup (export answers 404, the cache rows are gone); restore brings back the same
// bytes (raw export and cache bodies compared byte for byte); backups and audit are the event history.
import { expect } from 'chai';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';
import { eventually } from '../../support/databases';
import { opsTestModules } from '../../support/ops-test-modules';
import { startTestServer, TestServer } from '../../support/test-server';
import { PostgresResponseCache } from '../../../infra/sources/response-cache';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const KEY = 'disease-admin-test-key-0123456789';
const auth = { 'X-API-Key': KEY };

describe('disease administration (/api/admin/diseases/{id}/*)', function () {
  this.timeout(90_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  let cache: PostgresResponseCache;
  const post = async (path: string, body: unknown, headers: Record<string, string> = auth) => {
    const r = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, body: await r.json() as Json };
  };
  const get = async (path: string, headers: Record<string, string> = auth) => {
    const r = await fetch(`${server.baseUrl}${path}`, { headers });
    return { status: r.status, body: await r.json().catch(() => null) as Json };
  };
  const raw = async () => {
    const r = await fetch(`${server.baseUrl}/api/export/raw/notes?disease_id=sle`);
    return r.status === 200 ? Buffer.from(await r.arrayBuffer()) : r.status;
  };

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, modules: opsTestModules, startWorkers: true, env: { API_KEY: KEY } });
    cache = new PostgresResponseCache(server.runtime.db.knex);
    await cache.set('pubmed', 'GET esearch?term=systemic%20lupus%20erythematosus', '<x>lupus ✓</x>');
    await cache.set('clinical_trials', 'GET studies?query.cond=MONDO:0007915', '{"studies":[]}');
    await cache.set('pubmed', 'GET esearch?term=asthma', '<x>asthma</x>');
    await cache.set('gwas', 'GET associations?efoTrait=MONDO_0007915', '{"gwas":1}');
    await cache.set('pubmed', 'GET esearch?term=SLE+sleep', '<x>short synonym: not matched</x>');
    const submitted = await fetch(`${server.baseUrl}/api/jobs/notes?disease_id=sle&n=7`, { method: 'POST', headers: auth });
    expect(submitted.status).to.equal(202);
    await eventually(async () => (await raw()) instanceof Buffer, 'the notes result is exported', 30_000);
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  it('requires the API key; 404 for an unknown disease; 422 for a malformed body', async () => {
    expect((await post('/api/admin/diseases/sle/prune', {}, {})).status).to.equal(401);
    expect((await get('/api/admin/diseases/sle/audit', {})).status).to.equal(401);
    expect((await post('/api/admin/diseases/no_such/prune', {})).status).to.equal(404);
    expect((await get('/api/admin/diseases/no_such/backups')).status).to.equal(404);
    expect((await post('/api/admin/diseases/sle/prune', { apply: 'yes please' })).status).to.equal(422);
    expect((await post('/api/admin/diseases/sle/prune', { older_than_days: -1 })).status).to.equal(422);
    expect((await post('/api/admin/diseases/sle/restore', { backup_id: 'not-a-uuid' })).status).to.equal(422);
    expect((await post('/api/admin/diseases/BAD%00/prune', {})).status).to.equal(422);
  });

  it('previews a prune without changing anything; a recent-only age keeps today\'s entries', async () => {
    const preview = await post('/api/admin/diseases/sle/prune', {});
    expect(preview.status).to.equal(200);
    expect(preview.body).to.include({ applied: false, backup_id: null });
    expect(preview.body.results.map((r: Json) => r.module)).to.deep.equal(['notes']);
    expect(preview.body.cache_entries.map((c: Json) => c.namespace).sort()).to.deep.equal(['clinical_trials', 'gwas', 'pubmed']);
    const aged = await post('/api/admin/diseases/sle/prune', { older_than_days: 30 });
    expect(aged.body.results).to.deep.equal([]);
    expect(aged.body.cache_entries).to.deep.equal([]);
    expect(await raw()).to.be.instanceOf(Buffer);
    const bare = await fetch(`${server.baseUrl}/api/admin/diseases/sle/prune`, { method: 'POST', headers: auth });
    expect(bare.status, 'no body: a preview').to.equal(200);
  });

  it('prunes into a backup and restores the same bytes', async () => {
    const before = await raw() as Buffer;
    const lupusBody = await cache.get('pubmed', 'GET esearch?term=systemic%20lupus%20erythematosus');
    const applied = await post('/api/admin/diseases/sle/prune', { apply: true });
    expect(applied.status).to.equal(200);
    expect(applied.body.backup_id).to.match(/^[0-9a-f-]{36}$/);
    await eventually(async () => (await raw()) === 404, 'the pruned result is no longer latest', 10_000);
    expect(await cache.get('pubmed', 'GET esearch?term=systemic%20lupus%20erythematosus')).to.equal(undefined);
    expect(await cache.get('pubmed', 'GET esearch?term=asthma'), 'another disease is untouched').to.equal('<x>asthma</x>');

    const backups = await get('/api/admin/diseases/sle/backups');
    expect(backups.body.backups).to.have.length(1);
    expect(backups.body.backups[0]).to.include({ backup_id: applied.body.backup_id, results: 1, cache_entries: 3, restored_at: null });
    expect(await cache.get('pubmed', 'GET esearch?term=SLE+sleep')).to.contain('not matched');

    const preview = await post('/api/admin/diseases/sle/restore', {});
    expect(preview.body).to.include({ applied: false, backup_id: applied.body.backup_id });
    expect(await raw()).to.equal(404);
    const restored = await post('/api/admin/diseases/sle/restore', { apply: true, backup_id: applied.body.backup_id });
    expect(restored.body).to.include({ applied: true, cache_entries_restored: 3 });
    expect(await cache.get('gwas', 'GET associations?efoTrait=MONDO_0007915')).to.equal('{"gwas":1}');
    await eventually(async () => (await raw()) instanceof Buffer, 'the result is latest again', 10_000);
    expect((await raw() as Buffer).equals(before)).to.equal(true);
    expect(await cache.get('pubmed', 'GET esearch?term=systemic%20lupus%20erythematosus')).to.equal(lupusBody);
    expect((await post('/api/admin/diseases/sle/restore', { apply: true, backup_id: applied.body.backup_id })).status).to.equal(409);
    expect((await post('/api/admin/diseases/sle/restore', {})).status, 'nothing left to restore').to.equal(404);
  });

  it('audits the history newest first, limit clamped to 1-500', async () => {
    const audit = await get('/api/admin/diseases/sle/audit');
    expect(audit.body.entries.map((e: Json) => e.type)).to.deep.equal(['DiseaseBackupRestored', 'DiseaseDataPruned', 'ModuleResultRecorded']);
    expect(audit.body.entries[0].principal).to.deep.equal({ kind: 'operator', id: 'api-key-holder' });
    expect((await get('/api/admin/diseases/sle/audit?limit=0')).body).to.include({ limit: 1 });
    expect((await get('/api/admin/diseases/sle/audit?limit=0')).body.entries).to.have.length(1);
    expect((await get('/api/admin/diseases/sle/audit?limit=100000')).body).to.include({ limit: 500 });
    expect((await get('/api/admin/diseases/sle/audit?limit=-3')).body).to.include({ limit: 1 });
    expect((await get('/api/admin/diseases/sle/audit?limit=abc')).status).to.equal(422);
  });
});
