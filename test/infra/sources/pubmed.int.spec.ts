// PubMed (NCBI E-utilities) against a local server replaying real NCBI responses from ../shared/data:
// esearch1.xml (an eSearchResult) and pubmed2.xml (an efetch PubmedArticleSet with PMIDs 11748933, 11700088).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parsePubmedArticleSet, pubmedAdapter, pubmedTerm } from '../../../infra/sources/adapters/pubmed';
import { runSource } from '../../../infra/sources/source-runner';
import { findProjectRoot } from '../../../infra/sources/offline-reader';
import { request, sourceAdapterContract, testDisease } from './source-adapter.contract';
import { type RecordedRequest, type Reply, xml, replayEachTest } from './replay-server';

const SHARED = path.resolve(findProjectRoot(), '..', 'shared', 'data', 'responses', 'pubmed');
const MISSING = `the real NCBI responses are not at ${SHARED} (../shared/data absent)`;

function load(): { esearch: string; efetch: string } | undefined {
  if (!fs.existsSync(path.join(SHARED, 'esearch1.xml')) || !fs.existsSync(path.join(SHARED, 'pubmed2.xml'))) return undefined;
  return { esearch: fs.readFileSync(path.join(SHARED, 'esearch1.xml'), 'utf8'), efetch: fs.readFileSync(path.join(SHARED, 'pubmed2.xml'), 'utf8') };
}

const BASE = '/entrez/eutils/';
const QUESTION = 'Which JAK inhibitors show efficacy in SLE?';

function responder(files: { esearch: string; efetch: string }) {
  return (r: RecordedRequest): Reply => {
    if (r.path === `${BASE}esearch.fcgi`) return xml(files.esearch);
    if (r.path === `${BASE}efetch.fcgi`) return xml(files.efetch);
    return { status: 404, body: 'unknown E-utility' };
  };
}

sourceAdapterContract('pubmed', () => {
  const files = load();
  if (!files) return MISSING;
  return {
    adapter: pubmedAdapter,
    disease: testDisease(),
    question: QUESTION,
    basePath: BASE,
    respond: responder(files),
    requestsPerRun: 2,
    expectedIds: ['11748933', '11700088'],
    corpus: files.efetch,
    corpusIds: ['11748933', '11700088'],
    malformed: xml('<?xml version="1.0"?><eSummaryResult><DocSum><Id>1</Id></DocSum></eSummaryResult>'),
  };
});

describe('pubmed adapter: E-utilities requests and the PubmedArticleSet', function () {
  let files: { esearch: string; efetch: string };
  before(function () {
    const loaded = load();
    if (!loaded) {
      console.warn(`      skipped: ${MISSING}`);
      this.skip();
    }
    files = loaded!;
  });

  const replay = replayEachTest(() => responder(files), BASE, { retryBaseMs: 10 });
  const opts = replay.options;

  it('searches with esearch (db, term, retmax, xml) then fetches exactly the PMIDs it found', async function () {
    const disease = testDisease();
    await runSource(pubmedAdapter, request(disease, QUESTION, { limit: 20 }), opts());
    const [search, fetch] = replay.server.requests;
    expect(search!.path).to.equal(`${BASE}esearch.fcgi`);
    expect(search!.query.get('db')).to.equal('pubmed');
    expect(search!.query.get('retmax')).to.equal('20');
    expect(search!.query.get('retmode')).to.equal('xml');
    const term = search!.query.get('term')!;
    // "JAK inhibitors" is a mechanism class (OR'd phrases); "efficacy" is intent and never ANDed.
    expect(term).to.equal('("systemic lupus erythematosus"[tiab] OR "SLE"[tiab] OR "Lupus Erythematosus, Systemic"[mh]) AND ("JAK inhibitor" OR "Janus kinase")');
    expect(search!.query.get('sort')).to.equal('relevance');
    expect(search!.query.has('mindate')).to.equal(false);
    expect(fetch!.path).to.equal(`${BASE}efetch.fcgi`);
    expect(fetch!.query.get('db')).to.equal('pubmed');
    expect(fetch!.query.get('retmode')).to.equal('xml');
    // The 20 PMIDs of the real esearch answer, in order.
    const ids = [...files.esearch.matchAll(/<Id>(\d+)<\/Id>/g)].map((m) => m[1]);
    expect(ids).to.have.length(20);
    expect(fetch!.query.get('id')).to.equal(ids.join(','));
  });

  it('parses articles: PMID, title, PubMed URL, abstract, publication date, publication types, journal', async function () {
    const { records } = await runSource(pubmedAdapter, request(testDisease(), QUESTION), opts());
    const [first, second] = records;
    expect(first).to.deep.include({
      source: 'pubmed',
      nativeId: '11748933',
      recordType: 'article',
      title: 'Is cryopreservation a homogeneous process? Ultrastructure and motility of untreated, prefreezing, and postthawed spermatozoa of Diplodus puntazzo (Cetti).',
      url: 'https://pubmed.ncbi.nlm.nih.gov/11748933/',
      published: '2001-06-01',
    });
    expect(first!.text).to.match(/^This study subdivides the cryopreservation procedure/);
    expect(first!.text.length).to.be.at.most(600);
    expect(first!.attributes.publicationTypes).to.deep.equal(['Journal Article', "Research Support, Non-U.S. Gov't"]);
    expect(first!.attributes.journal).to.equal('Cryobiology');
    expect(second).to.deep.include({ nativeId: '11700088', published: '2001-11-01', url: 'https://pubmed.ncbi.nlm.nih.gov/11700088/' });
    expect(second!.title).to.equal('Proton MRI of (13)C distribution by J and chemical shift editing.');
    expect(second!.attributes.publicationTypes).to.deep.equal(['Journal Article']);
  });

  it('a date filter goes to esearch as pdat mindate/maxdate and is applied to the parsed records', async function () {
    const { records, status } = await runSource(pubmedAdapter, request(testDisease(), QUESTION, { dateFrom: '2001-07-01' }), opts());
    const search = replay.server.requests[0]!;
    expect(search.query.get('datetype')).to.equal('pdat');
    expect(search.query.get('mindate')).to.equal('2001/07/01');
    expect(search.query.get('maxdate')).to.equal('3000/12/31');
    expect(records.map((r) => r.nativeId)).to.deep.equal(['11700088']);
    expect(status.record_count).to.equal(1);

    const inclusive = await runSource(pubmedAdapter, request(testDisease(), QUESTION, { dateFrom: '2001-06-01', dateTo: '2001-06-01' }), opts());
    expect(inclusive.records.map((r) => r.nativeId)).to.deep.equal(['11748933']);
    expect(replay.server.requests[2]!.query.get('maxdate')).to.equal('2001/06/01');
  });

  it('an esearch with no PMIDs is "no records matched", without an efetch', async function () {
    replay.server.setHandler(() => xml('<?xml version="1.0"?><eSearchResult><Count>0</Count><RetMax>0</RetMax><RetStart>0</RetStart><IdList/></eSearchResult>'));
    const { records, status } = await runSource(pubmedAdapter, request(testDisease(), QUESTION), opts());
    expect(records).to.deep.equal([]);
    expect(status).to.include({ status: 'warning', warning: 'no records matched', retrieval_mode: 'live' });
    expect(replay.server.requests).to.have.length(1);
  });

  it('an esearch ERROR is reported as the provider error', async function () {
    replay.server.setHandler(() => xml('<?xml version="1.0"?><eSearchResult><ERROR>Invalid query</ERROR></eSearchResult>'));
    const { status } = await runSource(pubmedAdapter, request(testDisease(), QUESTION), opts());
    expect(status.status).to.equal('error');
    expect(status.warning).to.include('Invalid query');
  });

  it('decodes entities and drops inline markup in titles and abstracts; labels structured abstract parts', function () {
    const [record] = parsePubmedArticleSet(`<?xml version="1.0"?><PubmedArticleSet><PubmedArticle><MedlineCitation><PMID Version="1">123</PMID><Article>
      <Journal><JournalIssue><PubDate><MedlineDate>1998 Dec-1999 Jan</MedlineDate></PubDate></JournalIssue></Journal>
      <ArticleTitle>Anti-<i>IFNAR</i> &amp; CD4<sup>+</sup> T cells in SLE</ArticleTitle>
      <Abstract><AbstractText Label="BACKGROUND">p &lt; 0.05 &#x3b1;-chain</AbstractText><AbstractText Label="RESULTS">Better.</AbstractText></Abstract>
    </Article></MedlineCitation></PubmedArticle><PubmedBookArticle/></PubmedArticleSet>`);
    expect(record).to.deep.include({ nativeId: '123', title: 'Anti-IFNAR & CD4+ T cells in SLE', text: 'BACKGROUND: p < 0.05 \u03b1-chain RESULTS: Better.', published: '1998-12-01' });
    expect(record!.attributes).to.deep.equal({});
  });

  it('query terms are the disease terms, MeSH headings and the question\'s entities (never its other words)', function () {
    const disease = testDisease();
    const terms = pubmedAdapter.queryTerms(disease, 'Does IL-6 blockade reduce flares in lupus nephritis?');
    expect(terms).to.deep.equal(['systemic lupus erythematosus', 'SLE', 'Lupus Erythematosus, Systemic', 'IL-6 receptor', 'interleukin-6']);
    expect(pubmedAdapter.queryTerms(disease, 'Which promising therapies work in SLE?')).to.deep.equal(['systemic lupus erythematosus', 'SLE', 'Lupus Erythematosus, Systemic']);
    expect(pubmedTerm(disease, ['SLE'])).to.equal('("systemic lupus erythematosus"[tiab] OR "SLE"[tiab] OR "Lupus Erythematosus, Systemic"[mh])');
  });
});
