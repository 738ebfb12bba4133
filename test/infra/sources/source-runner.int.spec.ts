// The framework itself, with a minimal JSON adapter against a local server: allow-list, redirects,
// rate-limit spacing, body cap, status codes, warning hygiene, the cache's edge cases.
import { expect } from 'chai';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { MemoryResponseCache, type ResponseCache } from '../../../infra/sources/response-cache';
import { ProviderError, type ProviderHttp, type SourceAdapter, type SourceQuery } from '../../../infra/sources/source-adapter';
import { parseSourceMode, runSource, type RunSourceOptions } from '../../../infra/sources/source-runner';
import { parseRetryAfter } from '../../../infra/sources/provider-http-client';
import { withinDates } from '../../../infra/sources/record-selection';
import { isObject, malformed } from '../../../infra/sources/response-fields';
import { questionKeywords } from '../../../domain/workspace/question/keywords';
import { request, testDisease } from './source-adapter.contract';
import { json, ReplayServer, type Reply } from './replay-server';

type Step = (http: ProviderHttp, query: SourceQuery) => Promise<unknown>;

/** An adapter whose fetch runs the given steps and turns every { id } it got back into a record. */
function testAdapter(steps: Step[], extra: Partial<SourceAdapter> = {}): SourceAdapter {
  return {
    name: 'biorxiv',
    defaultBaseUrl: 'https://api.example.org/v1',
    minIntervalMs: 0,
    corpusExtension: 'json',
    isConfigured: () => true,
    queryTerms: () => ['lupus'],
    async fetch(query, http) {
      const records: SourceRecord[] = [];
      for (const step of steps) {
        const body = await step(http, query);
        if (!isObject(body) || typeof body.id !== 'string') throw malformed('expected { id }');
        records.push(record(body.id, typeof body.date === 'string' ? body.date : null));
      }
      return records;
    },
    parseCorpus: () => [],
    ...extra,
  };
}

function record(id: string, published: string | null): SourceRecord {
  return { source: 'biorxiv', nativeId: id, recordType: 'preprint', title: id, url: `https://example.org/${id}`, text: '', published, structured: { drugs: [], targets: [], pathways: [] }, attributes: {} };
}

describe('source runner: the ProviderHttp it gives adapters', function () {
  let server: ReplayServer;
  let other: ReplayServer | undefined;
  beforeEach(async function () {
    server = await ReplayServer.start((r) => json({ id: r.path.split('/').pop() }));
  });
  afterEach(async function () {
    await server.close();
    await other?.close();
    other = undefined;
  });
  const opts = (extra: RunSourceOptions = {}): RunSourceOptions => ({ mode: 'live', baseUrl: server.url('/v1'), minIntervalMs: 0, retryBaseMs: 10, ...extra });
  const q = (overrides = {}) => request(testDisease(), 'lupus question', overrides);

  it('resolves paths under the base URL (with or without a leading slash) and adds the defined parameters', async function () {
    const adapter = testAdapter([(h) => h.getJson('items/a', { q: 'x y', n: 3, skip: undefined }), (h) => h.getJson('/items/b')]);
    const { status } = await runSource(adapter, q(), opts());
    expect(status.status).to.equal('ok');
    expect(server.requests.map((r) => r.path)).to.deep.equal(['/v1/items/a', '/v1/items/b']);
    expect([...server.requests[0]!.query.entries()]).to.deep.equal([['q', 'x y'], ['n', '3']]);
    expect(server.requests[0]!.headers.accept).to.equal('application/json');
  });

  it('refuses a URL on another host before any request, and allows an absolute URL on its own host', async function () {
    other = await ReplayServer.start(() => json({ id: 'stolen' }));
    const away = testAdapter([(h) => h.getJson(`${other!.url('/x')}`)]);
    const { status } = await runSource(away, q(), opts());
    expect(status.status).to.equal('error');
    expect(status.warning).to.include('refused a request');
    expect(other.requests).to.have.length(0);

    const home = testAdapter([(h) => h.getJson(`${server.url('/v1/items/c')}`)]);
    expect((await runSource(home, q(), opts())).records.map((r) => r.nativeId)).to.deep.equal(['c']);

    const scheme = testAdapter([(h) => h.getText('file:///etc/passwd')]);
    expect((await runSource(scheme, q(), opts())).status.warning).to.include('refused a request');
  });

  it('the default base URL is the allow-listed host when no override is given', async function () {
    const adapter = testAdapter([(h) => h.getJson(server.url('/v1/items/a'))]);
    const { status } = await runSource(adapter, q(), { mode: 'live', baseUrl: undefined, retries: 0 });
    expect(status.warning).to.include('only api.example.org is allowed');
    expect(server.requests).to.have.length(0);
  });

  it('follows a redirect on its own host and refuses one to another host', async function () {
    other = await ReplayServer.start(() => json({ id: 'elsewhere' }));
    server.setHandler((r) => {
      if (r.path === '/v1/moved') return { status: 301, headers: { location: '/v1/items/new' } };
      if (r.path === '/v1/away') return { status: 302, headers: { location: other!.url('/x') } };
      return json({ id: r.path.split('/').pop() });
    });
    const moved = await runSource(testAdapter([(h) => h.getJson('moved')]), q(), opts());
    expect(moved.records.map((r) => r.nativeId)).to.deep.equal(['new']);
    const away = await runSource(testAdapter([(h) => h.getJson('away')]), q(), opts());
    expect(away.status.status).to.equal('error');
    expect(away.status.warning).to.include('refused a request');
    expect(other.requests).to.have.length(0);
  });

  it('spaces requests to one provider by minIntervalMs', async function () {
    const adapter = testAdapter([(h) => h.getJson('a'), (h) => h.getJson('b'), (h) => h.getJson('c')], { minIntervalMs: 150 });
    const { status } = await runSource(adapter, q(), { mode: 'live', baseUrl: server.url('/v1') });
    expect(status.status).to.equal('ok');
    const [a, b, c] = server.requests.map((r) => r.at);
    // Arrival times, not send times: on a loaded machine an arrival can lag its send by tens of ms and shorten the
    // next gap (138 ms was seen). Unspaced requests arrive a few ms apart, so a third of the interval still tells.
    expect(b! - a!).to.be.at.least(100);
    expect(c! - b!).to.be.at.least(100);
  });

  it('spacing is process-wide: two concurrent runs of one source share the provider slot', async function () {
    const adapter = testAdapter([(h) => h.getJson('a')], { minIntervalMs: 200 });
    await Promise.all([runSource(adapter, q(), { mode: 'live', baseUrl: server.url('/v1') }), runSource(adapter, q(), { mode: 'live', baseUrl: server.url('/v1') })]);
    const [a, b] = server.requests.map((r) => r.at).sort((x, y) => x - y);
    expect(b! - a!).to.be.at.least(150); // arrival times: see the test above
  });

  it('retries 503 until the retries are spent, then reports the status', async function () {
    server.setHandler(() => ({ status: 503, body: 'busy' }));
    const { status } = await runSource(testAdapter([(h) => h.getJson('a')]), q(), opts({ retries: 2 }));
    expect(server.requests).to.have.length(3);
    expect(status).to.include({ status: 'error' });
    expect(status.warning).to.include('HTTP 503');
  });

  it('does not retry a 400 or 404', async function () {
    server.setHandler(() => ({ status: 400, body: 'bad query' }));
    const { status } = await runSource(testAdapter([(h) => h.getJson('a')]), q(), opts());
    expect(server.requests).to.have.length(1);
    expect(status.warning).to.include('HTTP 400');
  });

  it('an adapter sees the HTTP status on its ProviderError (e.g. to read 404 as "none")', async function () {
    server.setHandler(() => ({ status: 404 }));
    let seen: ProviderError | undefined;
    const adapter = testAdapter([async (h) => h.getJson('a').catch((e: ProviderError) => { seen = e; return { id: 'fallback' }; })]);
    await runSource(adapter, q(), opts());
    expect(seen).to.be.instanceOf(ProviderError);
    expect(seen!.status).to.equal(404);
    expect(seen!.retryable).to.equal(false);
  });

  it('caps the response body', async function () {
    server.setHandler(() => json({ id: 'big', padding: 'x'.repeat(5000) }));
    const { status } = await runSource(testAdapter([(h) => h.getJson('a')]), q(), opts({ maxBodyBytes: 1000 }));
    expect(status.status).to.equal('error');
    expect(status.warning).to.include('too large');
  });

  it('a JSON parse error is a non-retried "malformed response"', async function () {
    server.setHandler(() => ({ status: 200, body: '{"id": "a",' }));
    const { status } = await runSource(testAdapter([(h) => h.getJson('a')]), q(), opts());
    expect(status.warning).to.include('malformed response');
    expect(server.requests).to.have.length(1);
  });

  it('POSTs JSON and caches the answer keyed by the body', async function () {
    server.setHandler((r) => json({ id: (JSON.parse(r.body) as { want: string }).want }));
    const cache = new MemoryResponseCache();
    const adapter = (want: string) => testAdapter([(h) => h.postJson('graphql', { want })]);
    expect((await runSource(adapter('x'), q(), opts({ cache }))).records[0]!.nativeId).to.equal('x');
    expect(server.requests[0]!.method).to.equal('POST');
    expect(server.requests[0]!.headers['content-type']).to.equal('application/json');
    expect((await runSource(adapter('y'), q(), opts({ cache }))).records[0]!.nativeId).to.equal('y');
    expect((await runSource(adapter('x'), q(), opts({ cache }))).status.retrieval_mode).to.equal('cache');
    expect(server.requests).to.have.length(2);
  });

  it('retrieval_mode is live when only some answers came from the cache', async function () {
    const cache = new MemoryResponseCache();
    await runSource(testAdapter([(h) => h.getJson('a')]), q(), opts({ cache }));
    const { status } = await runSource(testAdapter([(h) => h.getJson('a'), (h) => h.getJson('b')]), q(), opts({ cache }));
    expect(status.retrieval_mode).to.equal('live');
    expect(server.requests.map((r) => r.path)).to.deep.equal(['/v1/a', '/v1/b']);
  });

  it('expired cache entries are not served', async function () {
    let now = new Date('2026-01-01T00:00:00Z');
    const cache = new MemoryResponseCache({ now: () => now, ttlMs: 60_000 });
    await runSource(testAdapter([(h) => h.getJson('a')]), q(), opts({ cache }));
    now = new Date('2026-01-01T00:02:00Z');
    expect((await runSource(testAdapter([(h) => h.getJson('a')]), q(), opts({ cache }))).status.retrieval_mode).to.equal('live');
    expect(server.requests).to.have.length(2);
  });

  it('a failing cache costs only a live request', async function () {
    const broken: ResponseCache = {
      get: () => Promise.reject(new Error('cache down')),
      set: () => Promise.reject(new Error('cache down')),
      stats: () => Promise.reject(new Error('cache down')),
      clear: () => Promise.reject(new Error('cache down')),
      pruneExpired: () => Promise.reject(new Error('cache down')),
    };
    const { status } = await runSource(testAdapter([(h) => h.getJson('a')]), q(), opts({ cache: broken }));
    expect(status).to.include({ status: 'ok', retrieval_mode: 'live' });
  });
});

describe('source runner: status and post-processing', function () {
  let server: ReplayServer;
  beforeEach(async function () {
    server = await ReplayServer.start((r): Reply => json({ id: r.path.split('/').pop(), date: r.query.get('date') ?? undefined }));
  });
  afterEach(async function () {
    await server.close();
  });
  const opts = (extra: RunSourceOptions = {}): RunSourceOptions => ({ mode: 'live', baseUrl: server.url('/'), minIntervalMs: 0, ...extra });
  const q = (overrides = {}) => request(testDisease(), 'lupus question', overrides);

  it('drops duplicate ids, applies the date filter inclusively (keeping undated records) and then the limit', async function () {
    const adapter = testAdapter([
      (h) => h.getJson('a', { date: '2019-12-31' }),
      (h) => h.getJson('b', { date: '2020-01-01' }),
      (h) => h.getJson('b', { date: '2020-01-02' }),
      (h) => h.getJson('c'),
      (h) => h.getJson('d', { date: '2020-12-31' }),
      (h) => h.getJson('e', { date: '2021-01-01' }),
      (h) => h.getJson('f', { date: '2020-06-01' }),
    ]);
    const { records } = await runSource(adapter, q({ dateFrom: '2020-01-01', dateTo: '2020-12-31', limit: 3 }), opts());
    expect(records.map((r) => `${r.nativeId}:${r.published}`)).to.deep.equal(['b:2020-01-01', 'c:null', 'd:2020-12-31']);
  });

  it('uses the caller\'s terms when given, else the adapter\'s', async function () {
    const adapter = testAdapter([(h) => h.getJson('a')]);
    expect((await runSource(adapter, { ...q(), terms: ['given'] }, opts())).status.query_terms).to.deep.equal(['given']);
    expect((await runSource(adapter, q(), opts())).status.query_terms).to.deep.equal(['lupus']);
  });

  it('never throws: an adapter bug is an error status with a bounded, single-line warning', async function () {
    const adapter = testAdapter([async () => { throw new TypeError('Cannot read properties of undefined (reading \'x\')'); }]);
    const { status } = await runSource(adapter, q(), opts());
    expect(status.status).to.equal('error');
    expect(status.warning).to.equal('biorxiv failed: unexpected failure: Cannot read properties of undefined (reading \'x\')');
    const throwingTerms = testAdapter([], { queryTerms: () => { throw new Error('bad config'); } });
    expect((await runSource(throwingTerms, q(), opts())).status).to.include({ status: 'error', warning: 'biorxiv failed: unexpected failure: bad config' });
  });

  it('warnings carry no URL query strings, no credentials and at most 300 characters', async function () {
    const adapter = testAdapter([async () => { throw new ProviderError(`failed at https://api.example.org/v1/x?api_key=SECRET123&q=1\n${'detail '.repeat(100)} token=abc`, false); }]);
    const { status } = await runSource(adapter, q(), opts());
    expect(status.warning!.length).to.be.at.most(300);
    expect(status.warning).to.not.include('SECRET123');
    expect(status.warning).to.not.include('\n');
    expect(status.warning).to.include('https://api.example.org/v1/x');
  });

  it('an unconfigured source is skipped without asking for its terms', async function () {
    const adapter = testAdapter([(h) => h.getJson('a')], { isConfigured: () => false, queryTerms: () => { throw new Error('must not be called'); } });
    const { status } = await runSource(adapter, q(), opts());
    expect(status).to.include({ status: 'skipped', warning: 'biorxiv is not configured for disease sle; source skipped' });
    expect(server.requests).to.have.length(0);
  });
});

describe('source runner: helpers', function () {
  it('parses EVIDENCE_SOURCE_MODE', function () {
    expect(parseSourceMode(undefined)).to.equal('auto');
    expect(parseSourceMode(' Offline ')).to.equal('offline');
    expect(() => parseSourceMode('cached')).to.throw('EVIDENCE_SOURCE_MODE');
  });

  it('reads Retry-After as seconds or an HTTP date', function () {
    expect(parseRetryAfter('2')).to.equal(2000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).to.equal(30_000);
    expect(parseRetryAfter('soon')).to.equal(undefined);
    expect(parseRetryAfter(null)).to.equal(undefined);
  });

  it('takes keywords from a question without stopwords or the disease\'s own words', function () {
    expect(questionKeywords('What is the evidence that TNF-alpha or IL6 drives lupus nephritis in SLE?', ['systemic lupus erythematosus', 'SLE'])).to.deep.equal(['TNF-alpha', 'IL6', 'drives', 'nephritis']);
  });

  it('date filter bounds are inclusive', function () {
    expect(withinDates('2020-01-01', '2020-01-01', '2020-01-01')).to.equal(true);
    expect(withinDates('2019-12-31', '2020-01-01', null)).to.equal(false);
    expect(withinDates(null, '2020-01-01', '2020-01-02')).to.equal(true);
  });
});
