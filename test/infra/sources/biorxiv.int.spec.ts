// bioRxiv API against a local server answering GET /details/biorxiv/<from>/<to>/<cursor> in the
// API's format: { messages: [{ status, interval, cursor, count, count_new_papers, total }], collection }.
import { expect } from 'chai';
import { biorxivAdapter, keywordMatchers } from '../../../infra/sources/adapters/biorxiv';
import { runSource, type RunSourceOptions } from '../../../infra/sources/source-runner';
import { request, sourceAdapterContract, tempDir, testDisease, withoutSource, writeCorpus } from './source-adapter.contract';
import { json, type RecordedRequest, type Reply, ReplayServer } from './replay-server';

const BASE = '/';
const QUESTION = 'What do recent preprints say about interferon in lupus?';
const TODAY = () => new Date().toISOString().slice(0, 10);

const disease = () => testDisease({ search: { ...testDisease().search, biorxiv: { keywords: ['systemic lupus erythematosus', 'lupus', 'SLE'] } } });

const entry = (doi: string, version: string, date: string, title: string, abstract: string, category = 'immunology') => ({
  doi,
  title,
  authors: 'Doe, J.; Roe, R.',
  author_corresponding: 'Jane Doe',
  author_corresponding_institution: 'Example University',
  date,
  version,
  type: 'new results',
  license: 'cc_by',
  category,
  jatsxml: `https://www.biorxiv.org/content/early/${date.replace(/-/g, '/')}/${doi.split('/')[1]}.source.xml`,
  abstract,
  funder: 'NA',
  published: 'NA',
  server: 'bioRxiv',
});

const message = (from: string, to: string, cursor: number, count: number, total: number) => ({ status: 'ok', category: 'all', interval: `${from}:${to}`, funder: 'all', cursor, count, count_new_papers: String(total - 1), total: String(total) });

const IFN = entry('10.1101/2021.03.01.433456', '1', '2021-03-02', 'A type I interferon signature in monocytes of patients with systemic lupus erythematosus', 'Monocytes from SLE patients show a type I interferon signature ...');
const IFN_V2 = { ...IFN, version: '2', date: '2021-04-10', abstract: 'Revised: monocytes from SLE patients show a type I interferon signature that tracks disease activity.' };
const SLEEP = entry('10.1101/2021.03.02.433500', '1', '2021-03-03', 'Sleep deprivation alters hippocampal synapses', 'Sleep loss in mice reduces spine density in CA1; isles of ...', 'neuroscience');
const BCELL = entry('10.1101/2022.05.05.490800', '1', '2022-05-06', 'Age-associated B cells expand in lupus nephritis', 'We profiled kidney biopsies ...');
const OPENRXIV = entry('10.64898/2026.08.28.747819', '1', '2026-08-29', 'Anifrolumab response and interferon gene scores', 'In a cohort with Systemic  Lupus Erythematosus treated with anifrolumab ...');

/** Two pages of 3 + 2 entries (cursor 0 and 3 of a total of 5). */
function pages(from: string, to: string): Record<string, unknown> {
  return {
    '0': { messages: [message(from, to, 0, 3, 5)], collection: [IFN, SLEEP, BCELL] },
    '3': { messages: [message(from, to, 3, 2, 5)], collection: [IFN_V2, OPENRXIV] },
  };
}

function responder(r: RecordedRequest): Reply {
  const m = /^\/details\/biorxiv\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})\/(\d+)$/.exec(r.path);
  if (!m) return { status: 404, body: 'Not Found' };
  const page = pages(m[1]!, m[2]!)[m[3]!];
  return page ? json(page) : json({ messages: [{ status: 'no posts found' }], collection: [] });
}

const EXPECTED = ['10.64898/2026.08.28.747819', '10.1101/2022.05.05.490800', '10.1101/2021.03.01.433456'];

sourceAdapterContract('biorxiv', () => ({
  adapter: biorxivAdapter,
  disease: disease(),
  question: QUESTION,
  basePath: BASE,
  respond: responder,
  requestsPerRun: 2,
  expectedIds: EXPECTED,
  corpus: JSON.stringify(pages('2021-01-01', '2021-12-31')['0']),
  corpusIds: ['10.1101/2022.05.05.490800', '10.1101/2021.03.01.433456'],
  malformed: json({ collection: [IFN] }),
}));

describe('biorxiv adapter: the details window, paging and keyword matching', function () {
  let server: ReplayServer;

  beforeEach(async function () {
    server = await ReplayServer.start(responder);
  });

  afterEach(async function () {
    await server.close();
  });

  const opts = (extra: RunSourceOptions = {}): RunSourceOptions => ({ mode: 'live', baseUrl: server.url(BASE), minIntervalMs: 0, retryBaseMs: 10, ...extra });

  it('without dates it pages the window from bioRxiv\'s launch to today, following messages[0].cursor/count/total', async function () {
    await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal([`GET /details/biorxiv/2013-11-01/${TODAY()}/0`, `GET /details/biorxiv/2013-11-01/${TODAY()}/3`]);
  });

  it('the request dates become the window, and the records are filtered on them too', async function () {
    const { records } = await runSource(biorxivAdapter, request(disease(), QUESTION, { dateFrom: '2021-01-01', dateTo: '2022-12-31' }), opts());
    expect(server.requests[0]!.path).to.equal('/details/biorxiv/2021-01-01/2022-12-31/0');
    expect(records.map((r) => r.nativeId)).to.deep.equal(['10.1101/2022.05.05.490800', '10.1101/2021.03.01.433456']);
  });

  it('keeps entries naming a keyword as whole words (not "Sleep"), one per DOI at its latest version, newest first', async function () {
    const { records, status } = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(status).to.include({ status: 'ok', record_count: 3 });
    expect(status.query_terms).to.deep.equal(['systemic lupus erythematosus', 'lupus', 'SLE']);
    const ifn = records.find((r) => r.nativeId === '10.1101/2021.03.01.433456');
    expect(ifn).to.deep.equal({
      source: 'biorxiv',
      nativeId: '10.1101/2021.03.01.433456',
      recordType: 'preprint',
      title: 'A type I interferon signature in monocytes of patients with systemic lupus erythematosus',
      url: 'https://www.biorxiv.org/content/10.1101/2021.03.01.433456v2',
      text: 'Revised: monocytes from SLE patients show a type I interferon signature that tracks disease activity.',
      published: '2021-04-10',
      structured: { drugs: [], targets: [], pathways: [] },
      attributes: { journal: 'bioRxiv (preprint, not peer reviewed)' },
    });
    expect(records[0]).to.deep.include({ url: 'https://www.biorxiv.org/content/10.64898/2026.08.28.747819v1', published: '2026-08-29' });
    expect(records.map((r) => r.nativeId)).to.not.include('10.1101/2021.03.02.433500');
  });

  it('reads at most 3 pages of a large window', async function () {
    server.setHandler((r) => {
      const cursor = Number(r.path.split('/').pop());
      const collection = Array.from({ length: 30 }, (_, i) => entry(`10.1101/2020.01.01.${String(cursor + i).padStart(6, '0')}`, '1', '2020-01-02', `Paper ${cursor + i} on zebrafish fins`, 'No match here.'));
      return json({ messages: [message('2013-11-01', TODAY(), cursor, 30, 250000)], collection });
    });
    const { status } = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(server.requests.map((r) => r.path.split('/').pop())).to.deep.equal(['0', '30', '60']);
    expect(status).to.include({ status: 'warning', warning: 'no records matched' });
  });

  it('"no posts found" is "no records matched"; a 404 is an error', async function () {
    server.setHandler(() => json({ messages: [{ status: 'no posts found' }], collection: [] }));
    const empty = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(empty.status).to.include({ status: 'warning', warning: 'no records matched' });
    expect(server.requests).to.have.length(1);

    server.setHandler(() => ({ status: 404, body: 'Not Found' }));
    const missing = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(missing.status.status).to.equal('error');
    expect(missing.status.warning).to.include('HTTP 404');
    expect(server.requests).to.have.length(2);
  });

  it('an "ok" page whose collection is not an array is malformed', async function () {
    server.setHandler(() => json({ messages: [message('2013-11-01', TODAY(), 0, 1, 1)], collection: 'none' }));
    const { status } = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(status.status).to.equal('error');
    expect(status.warning).to.include('malformed response');
  });

  it('keyword matchers are case-insensitive whole words and span line breaks', function () {
    const [phrase, sle] = keywordMatchers(['systemic lupus erythematosus', 'SLE']);
    expect(phrase!.test('in Systemic\nLupus  Erythematosus patients')).to.equal(true);
    expect(sle!.test('(SLE)')).to.equal(true);
    expect(sle!.test('sle-associated')).to.equal(true);
    expect(sle!.test('sleep, isles, SLEDAI')).to.equal(false);
  });

  it('a disease without biorxiv configuration is skipped; offline mode parses the corpus file', async function () {
    const skipped = await runSource(biorxivAdapter, request(withoutSource(disease(), 'biorxiv'), QUESTION), opts());
    expect(skipped.status.status).to.equal('skipped');
    const dir = tempDir('biorxiv-corpus');
    writeCorpus(dir, biorxivAdapter, 'sle', JSON.stringify(pages('2021-01-01', '2022-12-31')['3']));
    const { records, status } = await runSource(biorxivAdapter, request(disease(), QUESTION), opts({ mode: 'offline', corpusDir: dir }));
    expect(status).to.include({ status: 'ok', retrieval_mode: 'offline' });
    expect(records.map((r) => r.url)).to.deep.equal(['https://www.biorxiv.org/content/10.64898/2026.08.28.747819v1', 'https://www.biorxiv.org/content/10.1101/2021.03.01.433456v2']);
    expect(server.requests).to.have.length(0);
  });
});
