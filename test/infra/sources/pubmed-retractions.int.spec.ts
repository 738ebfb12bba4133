// PubMed retractions and DOIs, against a local server replaying the efetch PubmedArticleSet format
// (NLM publication types "Retracted Publication" / "Retraction of Publication"; CommentsCorrections
// RefType="RetractionIn"; ArticleIdList IdType="doi", ELocationID EIdType="doi").
import { expect } from 'chai';
import { parsePubmedArticleSet, pubmedAdapter } from '../../../infra/sources/adapters/pubmed';
import { runSource } from '../../../infra/sources/source-runner';
import { request, testDisease } from './source-adapter.contract';
import { ReplayServer, xml } from './replay-server';

function article(pmid: string, types: string[], extra = '', ids = ''): string {
  return `<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">${pmid}</PMID>
<Article PubModel="Print"><Journal><Title>J</Title><JournalIssue><PubDate><Year>2015</Year></PubDate></JournalIssue></Journal>
<ArticleTitle>Article ${pmid}.</ArticleTitle>${ids}<Abstract><AbstractText>Text.</AbstractText></Abstract>
<PublicationTypeList>${types.map((t) => `<PublicationType UI="D0">${t}</PublicationType>`).join('')}</PublicationTypeList></Article>${extra}</MedlineCitation>
<PubmedData><ArticleIdList><ArticleId IdType="pubmed">${pmid}</ArticleId>${pmid === '4' ? '<ArticleId IdType="doi">10.1000/ABC.4</ArticleId>' : ''}</ArticleIdList></PubmedData></PubmedArticle>`;
}

const SET = `<?xml version="1.0"?><PubmedArticleSet>
${article('1', ['Journal Article', 'Retracted Publication'])}
${article('2', ['Retraction of Publication'])}
${article('3', ['Journal Article'], '<CommentsCorrectionsList><CommentsCorrections RefType="RetractionIn"><RefSource>J 2016</RefSource><PMID Version="1">9</PMID></CommentsCorrections></CommentsCorrectionsList>')}
${article('4', ['Journal Article', 'Randomized Controlled Trial'])}
${article('5', ['Journal Article'], '', '<ELocationID EIdType="doi" ValidYN="Y">10.1000/e.5</ELocationID>')}
</PubmedArticleSet>`;

describe('pubmed adapter: retracted publications and DOIs', function () {
  it('marks retracted articles, retraction notices and articles with a RetractionIn comment; others not', function () {
    const records = parsePubmedArticleSet(SET);
    expect(records.map((r) => [r.nativeId, r.attributes.retracted ?? false])).to.deep.equal([['1', true], ['2', true], ['3', true], ['4', false], ['5', false]]);
  });

  it('records the DOI (ArticleIdList first, else ELocationID), lower case', function () {
    const records = parsePubmedArticleSet(SET);
    expect(records.map((r) => r.attributes.doi ?? null)).to.deep.equal([null, null, null, '10.1000/abc.4', '10.1000/e.5']);
  });

  it('live: the retracted flag reaches the records the pipeline receives', async function () {
    const server = await ReplayServer.start((r) => (r.path.endsWith('esearch.fcgi')
      ? xml('<?xml version="1.0"?><eSearchResult><Count>5</Count><IdList><Id>1</Id><Id>2</Id><Id>3</Id><Id>4</Id><Id>5</Id></IdList></eSearchResult>')
      : xml(SET)));
    try {
      const { records } = await runSource(pubmedAdapter, request(testDisease(), 'JAK?'), { mode: 'live', baseUrl: server.url('/'), minIntervalMs: 0 });
      expect(records.filter((r) => r.attributes.retracted).map((r) => r.nativeId)).to.deep.equal(['1', '2', '3']);
    } finally {
      await server.close();
    }
  });
});
