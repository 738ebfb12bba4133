// Sub-diseases through the ontology store (issue 28: "lupus nephritis" was not recognised though the store has it).
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../../domain/knowledge-graph/typed-graph';
import { analyzeQuestion } from '../../../../domain/workspace/question/analyze-question';
import { graphLinker } from '../../../../domain/workspace/question/entity-linker';
import { subDiseaseFinder } from '../../../../domain/workspace/question/sub-disease';
import { SLE, sleGraph } from '../workspace-fixtures';

/** MONDO:0005556 lupus nephritis IS_A MONDO:0007915 SLE; MONDO:0001 nephritis elsewhere (not below SLE). */
function store() {
  const isA = edgeTypeIndex('IS_A')!;
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's-mondo', resource: 'mondo' }]);
  b.addEdge(isA, 'MONDO:0005556', 'MONDO:0007915', 0, -1);
  b.addEdge(isA, 'MONDO:0000001', 'MONDO:0000002', 0, -1);
  return b.build(new Map([
    ['MONDO:0007915', { label: 'systemic lupus erythematosus', synonyms: ['SLE'] }],
    ['MONDO:0005556', { label: 'lupus nephritis', synonyms: ['SLE nephritis'] }],
    ['MONDO:0000001', { label: 'nephritis', synonyms: [] }],
    ['MONDO:0000002', { label: 'kidney disease', synonyms: [] }],
  ]), new Map());
}

describe('question: sub-diseases through the ontology store', function () {
  const find = subDiseaseFinder(store(), SLE);

  it('resolves "lupus nephritis" to its own term with the parent disease as context', function () {
    expect(find('Which drugs and targets are most promising for lupus nephritis?')).to.deep.equal({
      curie: 'MONDO:0005556', label: 'lupus nephritis', matched: 'lupus nephritis', parent: { curie: 'MONDO:0007915', label: 'systemic lupus erythematosus' },
    });
  });

  it('finds nothing for a disease outside the run\'s hierarchy ("nephritis" alone is not below SLE)', function () {
    expect(find('Which drugs help nephritis?')).to.equal(undefined);
  });

  it('puts the sub-disease first among the boosts of the question\'s analysis', function () {
    const a = analyzeQuestion('Which drugs are promising for lupus nephritis?', { disease: SLE, linker: graphLinker(sleGraph()), subDiseases: find });
    expect(a.sub_disease?.curie).to.equal('MONDO:0005556');
    expect(a.boost_terms[0]).to.equal('lupus nephritis');
  });
});
