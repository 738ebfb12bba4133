// bioRxiv preprints through Europe PMC's search (GET /search?query=SRC:PPR…&format=json&resultType=core →
// { hitCount, nextCursorMark, resultList: { result: [{ id, source: "PPR", doi, title, bookOrReportDetails }] } })
// resolved with bioRxiv's details by DOI (GET /details/biorxiv/<doi>/na/json → { messages: [{ status }],
// collection: [versions…] } with `published`), both replayed by one local server: the bioRxiv API under
// <base>/_biorxiv/. The offline corpus is a details window answer.
import { expect } from 'chai';
import { biorxivAdapter, europePmcPreprintDois, keywordMatchers } from '../../../infra/sources/adapters/biorxiv';
import { runSource } from '../../../infra/sources/source-runner';
import { request, sourceAdapterContract, tempDir, testDisease, withoutSource, writeCorpus } from './source-adapter.contract';
import { json, type RecordedRequest, type Reply, ReplayServer, replayEachTest } from './replay-server';

const BASE = '/europepmc/webservices/rest/';
const BIO = `${BASE}_biorxiv/`;
const QUESTION = 'What do recent preprints say about interferon in lupus?';

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

/** A Europe PMC core search result for a preprint. */
const ppr = (id: string, doi: string, title: string, publisher = 'bioRxiv') => ({
  id, source: 'PPR', pmid: undefined, doi, title, authorString: 'Doe J, Roe R.', pubYear: '2021', pubType: 'preprint',
  bookOrReportDetails: { publisher }, firstPublicationDate: '2021-03-02', isOpenAccess: 'Y',
});

const SEARCH = {
  version: '6.9', hitCount: 4, nextCursorMark: 'AoJ=', request: { queryString: '…', resultType: 'core', cursorMark: '*', pageSize: 50, sort: '' },
  resultList: {
    result: [
      ppr('PPR300001', '10.1101/2021.03.01.433456', 'A type I interferon signature in monocytes of patients with systemic lupus erythematosus'),
      ppr('PPR300002', '10.1101/2021.06.01.21258000', 'Interferon in SLE: a medRxiv cohort', 'medRxiv'),
      ppr('PPR300003', '10.64898/2026.08.28.747819', 'Anifrolumab response and interferon gene scores'),
      ppr('PPR300004', '10.1101/2022.05.05.490800', 'Age-associated B cells expand in lupus nephritis'),
    ],
  },
};

const PUBLISHED = { ...BCELL, published: '10.1038/s41590-023-01234-5' };
const DETAILS: Record<string, unknown[]> = {
  '10.1101/2021.03.01.433456': [IFN, IFN_V2],
  '10.64898/2026.08.28.747819': [OPENRXIV],
  '10.1101/2022.05.05.490800': [PUBLISHED],
};

function responder(r: RecordedRequest): Reply {
  if (r.path === `${BASE}search`) return json(SEARCH);
  const m = /^\/europepmc\/webservices\/rest\/_biorxiv\/details\/biorxiv\/(10\.\d+\/[^/]+)\/na\/json$/.exec(r.path);
  if (!m) return { status: 404, body: 'Not Found' };
  const versions = DETAILS[m[1]!];
  return versions ? json({ messages: [{ status: 'ok' }], collection: versions }) : json({ messages: [{ status: 'no posts found' }], collection: [] });
}

const EXPECTED = ['10.1101/2021.03.01.433456', '10.64898/2026.08.28.747819', '10.1101/2022.05.05.490800']; // Europe PMC's relevance order

sourceAdapterContract('biorxiv', () => ({
  adapter: biorxivAdapter,
  disease: disease(),
  question: QUESTION,
  basePath: BASE,
  respond: responder,
  requestsPerRun: 4,
  expectedIds: EXPECTED,
  corpus: JSON.stringify(pages('2021-01-01', '2021-12-31')['0']),
  corpusIds: ['10.1101/2022.05.05.490800', '10.1101/2021.03.01.433456'],
  malformed: json({ hitCount: 1, resultList: { result: 'none' } }),
}));

describe('biorxiv adapter: Europe PMC search, bioRxiv details and published versions', function () {
  const replay = replayEachTest(() => responder, BASE, { retryBaseMs: 10 });
  const opts = replay.options;

  it('searches Europe PMC preprints with the disease required and the question\'s entities OR\'d, then resolves each bioRxiv DOI', async function () {
    await runSource(biorxivAdapter, request(disease(), 'Does anifrolumab or IFNAR1 matter in lupus?'), opts());
    const [search, ...details] = replay.server.requests;
    expect(search!.path).to.equal(`${BASE}search`);
    expect(search!.query.get('query')).to.equal('SRC:PPR AND ("systemic lupus erythematosus" OR "lupus" OR "SLE") AND ("anifrolumab" OR "IFNAR1")');
    expect(search!.query.get('format')).to.equal('json');
    expect(search!.query.get('resultType')).to.equal('core');
    expect(search!.query.get('pageSize')).to.equal('50');
    // The medRxiv preprint is not asked of bioRxiv; the others are, by DOI.
    expect(details.map((r) => r.path)).to.deep.equal([
      `${BIO}details/biorxiv/10.1101/2021.03.01.433456/na/json`,
      `${BIO}details/biorxiv/10.64898/2026.08.28.747819/na/json`,
      `${BIO}details/biorxiv/10.1101/2022.05.05.490800/na/json`,
    ]);
  });

  it('a question without entities searches the disease alone; dates become a FIRST_PDATE range and filter the records', async function () {
    const { records } = await runSource(biorxivAdapter, request(disease(), QUESTION, { dateFrom: '2021-01-01', dateTo: '2022-12-31' }), opts());
    expect(replay.server.requests[0]!.query.get('query')).to.equal('SRC:PPR AND ("systemic lupus erythematosus" OR "lupus" OR "SLE") AND FIRST_PDATE:[2021-01-01 TO 2022-12-31]');
    expect(records.map((r) => r.nativeId)).to.deep.equal(['10.1101/2021.03.01.433456', '10.1101/2022.05.05.490800']);
  });

  it('takes the latest version from bioRxiv and records the published version\'s DOI', async function () {
    const { records, status } = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(status).to.include({ status: 'ok', record_count: 3 });
    expect(status.query_terms).to.deep.equal(['systemic lupus erythematosus', 'lupus', 'SLE']);
    expect(records[0]).to.deep.equal({
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
    expect(records[2]!.attributes).to.deep.equal({ journal: 'bioRxiv (preprint, not peer reviewed)', publishedDoi: '10.1038/s41590-023-01234-5' });
  });

  it('keeps bioRxiv preprints only (publisher, else DOI prefix); a DOI bioRxiv does not know is left out', async function () {
    expect(europePmcPreprintDois({ resultList: { result: [{ doi: '10.1101/a' }, { doi: '10.2196/x' }, { doi: '10.1101/b', bookOrReportDetails: { publisher: 'medRxiv' } }, { id: 'PPR9' }] } })).to.deep.equal(['10.1101/a']);
    replay.server.setHandler((r) => (r.path === `${BASE}search` ? json(SEARCH) : json({ messages: [{ status: 'no posts found' }], collection: [] })));
    const { status } = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(status).to.include({ status: 'warning', warning: 'no records matched' });
  });

  it('an empty search is "no records matched"; a 404 is an error; a search of the wrong shape is malformed', async function () {
    replay.server.setHandler(() => json({ hitCount: 0, resultList: { result: [] } }));
    const empty = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(empty.status).to.include({ status: 'warning', warning: 'no records matched' });
    expect(replay.server.requests).to.have.length(1);

    replay.server.setHandler(() => ({ status: 404, body: 'Not Found' }));
    const missing = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(missing.status.status).to.equal('error');
    expect(missing.status.warning).to.include('HTTP 404');

    replay.server.setHandler(() => json({ resultList: 'none' }));
    const wrong = await runSource(biorxivAdapter, request(disease(), QUESTION), opts());
    expect(wrong.status.warning).to.include('malformed response');
  });

  it('an auxiliary API override is used as given, and its host is allow-listed separately', async function () {
    const other = await ReplayServer.start((r) => (r.path.startsWith('/api/details/') ? json({ messages: [{ status: 'ok' }], collection: [IFN] }) : { status: 404 }));
    try {
      replay.server.setHandler((r) => (r.path === `${BASE}search` ? json({ resultList: { result: [SEARCH.resultList.result[0]] } }) : { status: 500 }));
      const { records } = await runSource(biorxivAdapter, request(disease(), QUESTION), opts({ auxiliaryBaseUrls: { biorxiv: other.url('/api/') } }));
      expect(records.map((r) => r.nativeId)).to.deep.equal(['10.1101/2021.03.01.433456']);
      expect(other.requests.map((r) => r.path)).to.deep.equal(['/api/details/biorxiv/10.1101/2021.03.01.433456/na/json']);
    } finally {
      await other.close();
    }
  });

  it('keyword matchers are case-insensitive whole words and span line breaks', function () {
    const [phrase, sle] = keywordMatchers(['systemic lupus erythematosus', 'SLE']);
    expect(phrase!.test('in Systemic\nLupus  Erythematosus patients')).to.equal(true);
    expect(sle!.test('(SLE)')).to.equal(true);
    expect(sle!.test('sle-associated')).to.equal(true);
    expect(sle!.test('sleep, isles, SLEDAI')).to.equal(false);
  });

  it('a disease without biorxiv configuration is skipped; offline mode parses the corpus file (keywords, latest version, newest first)', async function () {
    const skipped = await runSource(biorxivAdapter, request(withoutSource(disease(), 'biorxiv'), QUESTION), opts());
    expect(skipped.status.status).to.equal('skipped');
    const dir = tempDir('biorxiv-corpus');
    writeCorpus(dir, biorxivAdapter, 'sle', JSON.stringify({ messages: [message('2021-01-01', '2026-12-31', 0, 5, 5)], collection: [IFN, SLEEP, BCELL, IFN_V2, { ...OPENRXIV, published: '10.1000/J.X' }] }));
    const { records, status } = await runSource(biorxivAdapter, request(disease(), QUESTION), opts({ mode: 'offline', corpusDir: dir }));
    expect(status).to.include({ status: 'ok', retrieval_mode: 'offline' });
    expect(records.map((r) => r.url)).to.deep.equal(['https://www.biorxiv.org/content/10.64898/2026.08.28.747819v1', 'https://www.biorxiv.org/content/10.1101/2022.05.05.490800v1', 'https://www.biorxiv.org/content/10.1101/2021.03.01.433456v2']);
    expect(records[0]!.attributes.publishedDoi).to.equal('10.1000/j.x');
    expect(replay.server.requests).to.have.length(0);
  });
});
