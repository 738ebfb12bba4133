// The offline corpus is ordered (and filtered) by the question before the limit, in offline mode and in
// the auto-mode fallback, and the records then carry the question-aware order.
import { expect } from 'chai';
import { pubmedAdapter } from '../../../infra/sources/adapters/pubmed';
import { runSource } from '../../../infra/sources/source-runner';
import { closedPortUrl } from './replay-server';
import { request, tempDir, testDisease, writeCorpus } from './source-adapter.contract';

const article = (pmid: string, title: string) => `<PubmedArticle><MedlineCitation><PMID Version="1">${pmid}</PMID><Article><Journal><Title>J</Title><JournalIssue><PubDate><Year>2020</Year></PubDate></JournalIssue></Journal><ArticleTitle>${title}</ArticleTitle></Article></MedlineCitation></PubmedArticle>`;
const CORPUS = `<?xml version="1.0"?><PubmedArticleSet>${article('1', 'One')}${article('2', 'Two')}${article('3', 'Three')}</PubmedArticleSet>`;

describe('source runner: the offline corpus in the question\'s order, before the limit', function () {
  const dir = tempDir('relevance-corpus');
  before(function () {
    writeCorpus(dir, pubmedAdapter, 'sle', CORPUS);
  });
  const reverse = (records: { nativeId: string }[]) => [...records].reverse() as never;

  it('offline: the relevance order decides which records the limit keeps', async function () {
    const plain = await runSource(pubmedAdapter, request(testDisease(), 'q?', { limit: 2 }), { mode: 'offline', corpusDir: dir });
    expect(plain.records.map((r) => r.nativeId)).to.deep.equal(['1', '2']);
    const ranked = await runSource(pubmedAdapter, request(testDisease(), 'q?', { limit: 2 }), { mode: 'offline', corpusDir: dir, offlineRelevance: reverse });
    expect(ranked.records.map((r) => r.nativeId)).to.deep.equal(['3', '2']);
  });

  it('a filter that keeps nothing is "no records matched"; the auto fallback is ranked too', async function () {
    const none = await runSource(pubmedAdapter, request(testDisease(), 'q?'), { mode: 'offline', corpusDir: dir, offlineRelevance: () => [] });
    expect(none.status).to.include({ status: 'warning', warning: 'no records matched' });
    const fallback = await runSource(pubmedAdapter, request(testDisease(), 'q?'), { mode: 'auto', corpusDir: dir, baseUrl: await closedPortUrl('/'), retries: 0, offlineRelevance: reverse });
    expect(fallback.status.retrieval_mode).to.equal('offline');
    expect(fallback.records.map((r) => r.nativeId)).to.deep.equal(['3', '2', '1']);
  });
});
