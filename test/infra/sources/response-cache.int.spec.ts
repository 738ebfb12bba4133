// The response cache contract, against PostgreSQL (table source_cache from the migrations) and memory.
import { expect } from 'chai';
import type { Database } from '../../../infra/db/database';
import { cacheKeyHash, MemoryResponseCache, PostgresResponseCache, type ResponseCache, type ResponseCacheOptions } from '../../../infra/sources/response-cache';
import { openTestPostgres } from '../../support/databases';

function responseCacheContract(label: string, open: (options: ResponseCacheOptions) => Promise<{ cache: ResponseCache; close: () => Promise<void> }>): void {
  describe(`response cache (${label})`, function () {
    let now: Date;
    let cache: ResponseCache;
    let close: () => Promise<void>;

    beforeEach(async function () {
      now = new Date('2026-11-21T10:00:00Z');
      ({ cache, close } = await open({ now: () => now }));
      await cache.clear();
    });

    afterEach(async function () {
      await close();
    });

    it('stores and returns a body per namespace and key; a miss is undefined', async function () {
      await cache.set('pubmed', 'GET https://x/esearch?term=a', '<xml>a</xml>');
      await cache.set('gwas', 'GET https://x/esearch?term=a', '{"gwas":true}');
      expect(await cache.get('pubmed', 'GET https://x/esearch?term=a')).to.equal('<xml>a</xml>');
      expect(await cache.get('gwas', 'GET https://x/esearch?term=a')).to.equal('{"gwas":true}');
      expect(await cache.get('pubmed', 'GET https://x/esearch?term=b')).to.equal(undefined);
    });

    it('replaces an entry stored again, and keeps unicode bodies intact', async function () {
      await cache.set('pubmed', 'k', 'old');
      await cache.set('pubmed', 'k', 'neu — α');
      expect(await cache.get('pubmed', 'k')).to.equal('neu — α');
      expect(await cache.stats()).to.deep.equal([{ namespace: 'pubmed', entries: 1, bytes: Buffer.byteLength('neu — α') }]);
    });

    it('does not serve an entry after its TTL (default 7 days) and prunes it', async function () {
      await cache.set('pubmed', 'week', 'body');
      await cache.set('pubmed', 'minute', 'body', 60_000);
      now = new Date(now.getTime() + 61_000);
      expect(await cache.get('pubmed', 'minute')).to.equal(undefined);
      expect(await cache.get('pubmed', 'week')).to.equal('body');
      now = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
      expect(await cache.get('pubmed', 'week')).to.equal(undefined);
      expect(await cache.stats()).to.deep.equal([]);
      expect(await cache.pruneExpired()).to.equal(2);
    });

    it('reports entries and bytes per namespace and clears one namespace or all, returning the count', async function () {
      await cache.set('pubmed', 'a', '12345');
      await cache.set('pubmed', 'b', '123');
      await cache.set('gwas', 'a', '1');
      expect(await cache.stats()).to.deep.equal([
        { namespace: 'gwas', entries: 1, bytes: 1 },
        { namespace: 'pubmed', entries: 2, bytes: 8 },
      ]);
      expect(await cache.clear('pubmed')).to.equal(2);
      expect(await cache.clear('pubmed')).to.equal(0);
      expect(await cache.get('gwas', 'a')).to.equal('1');
      await cache.set('fda_labels', 'x', 'y');
      expect(await cache.clear()).to.equal(2);
      expect(await cache.stats()).to.deep.equal([]);
    });
  });
}

responseCacheContract('memory', async (options) => ({ cache: new MemoryResponseCache(options), close: async () => undefined }));

let db: Database | undefined;
responseCacheContract('PostgreSQL', async (options) => {
  db ??= await openTestPostgres(4);
  return { cache: new PostgresResponseCache(db.knex, options), close: async () => undefined };
});

describe('response cache (PostgreSQL): storage', function () {
  after(async function () {
    await db?.close();
    db = undefined;
  });

  it('keeps namespace, key hash, key, body, stored_at and expires_at in source_cache', async function () {
    db ??= await openTestPostgres(4);
    const cache = new PostgresResponseCache(db.knex, { now: () => new Date('2026-11-21T10:00:00Z') });
    await cache.set('clinical_trials', 'GET https://clinicaltrials.gov/api/v2/studies?query.cond=SLE', '{"studies":[]}');
    const row = await db.knex('source_cache').where({ namespace: 'clinical_trials' }).first();
    expect(row.key_hash).to.equal(cacheKeyHash('GET https://clinicaltrials.gov/api/v2/studies?query.cond=SLE'));
    expect(row.key).to.equal('GET https://clinicaltrials.gov/api/v2/studies?query.cond=SLE');
    expect(row.body).to.equal('{"studies":[]}');
    expect(new Date(row.stored_at).toISOString()).to.equal('2026-11-21T10:00:00.000Z');
    expect(new Date(row.expires_at).toISOString()).to.equal('2026-11-28T10:00:00.000Z');
    await cache.clear();
  });
});
