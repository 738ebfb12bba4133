import { expect } from 'chai';
import { analyzeQuestion } from '../../../../domain/workspace/question/analyze-question';
import { graphLinker } from '../../../../domain/workspace/question/entity-linker';
import { namesQuestionEntity, rankByRelevance } from '../../../../domain/workspace/question/relevance';
import { SLE, record, sleGraph } from '../workspace-fixtures';

const graph = sleGraph();
const linker = graphLinker(graph);
const read = (q: string) => analyzeQuestion(q, { disease: SLE, linker }, (id) => graph.node(id)?.synonyms ?? []);

const articles = [
  record({ source: 'pubmed', nativeId: '1', recordType: 'article', title: 'Hydroxychloroquine and retinal toxicity in lupus' }),
  record({ source: 'pubmed', nativeId: '2', recordType: 'article', title: 'Belimumab in lupus nephritis', text: 'Belimumab improved renal response.' }),
  record({ source: 'pubmed', nativeId: '3', recordType: 'article', title: 'BLyS levels and flares', text: 'Serum BLyS (BAFF) levels predicted flares; BAFF was raised.' }),
  record({ source: 'pubmed', nativeId: '4', recordType: 'article', title: 'Anifrolumab phase 3', text: 'Type I interferon receptor blockade.' }),
];

describe('offline relevance: filter by the question\'s entities, order by BM25', function () {
  it('keeps literature naming an entity: directly, by synonym, or through a drug acting on a named target', function () {
    const a = read('Is BAFF a good target in SLE?');
    // Belimumab targets TNFSF13B (BAFF) in the graph; record 3 names BAFF/BLyS; 1 and 4 name neither.
    expect(articles.map((r) => namesQuestionEntity(r, a, linker))).to.deep.equal([false, true, true, false]);
    const { records, note } = rankByRelevance('pubmed', articles, a, linker);
    expect(records.map((r) => r.nativeId)).to.deep.equal(['3', '2']); // record 3 names BAFF/BLyS three times
    expect(note).to.deep.equal({ ranked_by: 'bm25', entity_filter: true, kept: 2, of: 4 });
  });

  it('never filters sources whose live query ignores the question; ranks them only (ties keep provider order)', function () {
    const a = read('Is BAFF a good target in SLE?');
    const { records, note } = rankByRelevance('chembl', articles, a, linker);
    expect(records.map((r) => r.nativeId)).to.deep.equal(['3', '1', '2', '4']); // only 3 has a ranking term; 1, 2, 4 tie at 0
    expect(note.entity_filter).to.equal(false);
  });

  it('a question without entities keeps every record, ranked by its keywords and intent vocabulary', function () {
    const a = read('Which therapies are safe, given retinal toxicity, in SLE?');
    const { records, note } = rankByRelevance('pubmed', articles, a, linker);
    expect(note).to.deep.equal({ ranked_by: 'bm25', entity_filter: false, kept: 4, of: 4 });
    expect(records[0]!.nativeId).to.equal('1');
  });
});
