import { expect } from 'chai';
import { analyzeQuestion } from '../../../../domain/workspace/question/analyze-question';
import { graphLinker, type QuestionEntityLinker } from '../../../../domain/workspace/question/entity-linker';
import { NO_GRAPH_LINKER, focusDrugs, questionFocus } from '../../../../domain/workspace/question/focus';
import { detectIntents, primaryIntent } from '../../../../domain/workspace/question/intent';
import { questionKeywords, withoutDiseaseNames } from '../../../../domain/workspace/question/keywords';
import { SLE, sleGraph } from '../workspace-fixtures';

const graph = sleGraph();
const context = { disease: SLE, linker: graphLinker(graph) };
const synonyms = (id: string) => graph.node(id)?.synonyms ?? [];
const read = (q: string) => analyzeQuestion(q, context, synonyms);

describe('question analysis: entities, intent, keywords, boosts', function () {
  it('links drugs and targets the graph knows, by whole words, with the words that named them', function () {
    const a = read('Does belimumab or BAFF blockade reduce flares in SLE?');
    expect(a.entities.map((e) => [e.id, e.via, e.matched])).to.deep.equal([
      ['drug:belimumab', 'mention', 'belimumab'],
      ['target:TNFSF13B', 'mention', 'BAFF'],
    ]);
    expect(a.boost_terms).to.deep.equal(['Belimumab', 'TNFSF13B', 'BAFF', 'BLyS']);
    expect(a.keywords).to.deep.equal(['blockade', 'reduce', 'flares']);
  });

  it('expands a mechanism class to the targets the graph knows (B cells → MS4A1, TNFSF13B)', function () {
    const a = read('What is the role of B cells in lupus?');
    expect(a.entities.map((e) => e.id)).to.deep.equal(['target:MS4A1', 'target:TNFSF13B']);
    expect(a.entities.every((e) => e.via === 'concept' && e.concept === 'b_cells')).to.equal(true);
    expect(a.boost_terms).to.include.members(['MS4A1', 'CD20', 'B cell']);
    expect(a.intent).to.equal('mechanism');
  });

  it('does not link the disease\'s own names, nor a phenotype inside them, nor a word inside another word', function () {
    // "SLE" and "lupus" are the disease; "sleep" and "arthritis-like" must not link SLE or Arthritis by prefix.
    const a = read('Is sleep disturbance in systemic lupus erythematosus (SLE) lupus related to fatigue?');
    expect(a.entities).to.deep.equal([]);
    expect(a.boost_terms).to.deep.equal([]);
    expect(read('Does TLR7x or TNFSF13Bx matter?').entities.filter((e) => e.id !== null)).to.deep.equal([]);
  });

  it('keeps names shaped like a drug (INN stem) or a gene symbol that the graph does not know, unlinked', function () {
    const a = read('Is deucravacitinib or TYK2 inhibition or IFNAR2 relevant in SLE?');
    expect(a.entities.map((e) => [e.label, e.kind, e.via])).to.deep.equal([
      ['deucravacitinib', 'unlinked', 'name_shape'],
      ['TYK2', 'unlinked', 'name_shape'],
      ['IFNAR2', 'unlinked', 'name_shape'],
    ]);
    expect(focusDrugs(a)).to.deep.equal(['deucravacitinib']);
  });

  it('a question without entities gives no boosts: its words only rank, never filter', function () {
    const a = read('Which promising therapies show evidence of benefit in SLE?');
    expect(a.entities).to.deep.equal([]);
    expect(a.boost_terms).to.deep.equal([]);
    expect(a.keywords).to.deep.equal(['benefit']);
    expect(a.intent).to.equal('efficacy');
    expect(a.ranking_terms).to.include.members(['benefit', 'efficacy', 'placebo']);
  });

  it('without a graph, classes and name shapes still make entities (adapters called without the pipeline)', function () {
    const a = questionFocus('Which JAK inhibitors work in lupus?', SLE);
    expect(a.linker).to.equal('none');
    expect(a.entities.map((e) => [e.label, e.kind, e.via])).to.deep.equal([['JAK inhibitor', 'unlinked', 'concept']]);
    expect(a.boost_terms).to.deep.equal(['JAK inhibitor', 'Janus kinase']);
  });

  it('accepts another linker through the same port (the exact entity linker, later)', function () {
    const exact: QuestionEntityLinker = {
      ...NO_GRAPH_LINKER,
      name: 'exact-test',
      link: (text) => (/\bcd20\b/i.test(text) ? [{ id: 'target:MS4A1', kind: 'target', label: 'MS4A1', matched: 'CD20' }] : []),
    };
    const a = analyzeQuestion('Is CD20 a good target in lupus?', { disease: SLE, linker: exact });
    expect(a.linker).to.equal('exact-test');
    expect(a.entities.map((e) => e.id)).to.deep.equal(['target:MS4A1']);
    expect(a.boost_terms).to.deep.equal(['MS4A1', 'CD20']);
  });
});

describe('question intent rules', function () {
  const cases: [string, string][] = [
    ['Are JAK inhibitors effective in RA?', 'efficacy'],
    ['What are the safety risks of anti-TNF therapy?', 'safety'],
    ['Which biomarkers predict response to rituximab?', 'biomarker'],
    ['Can approved drugs be repurposed for lupus?', 'repurposing'],
    ['Which GWAS variants point to drug targets?', 'genetics'],
    ['How does IFNAR1 signalling drive disease?', 'mechanism'],
    ['Tell me about lupus.', 'general'],
  ];
  for (const [question, intent] of cases) {
    it(`"${question}" → ${intent}`, function () {
      expect(primaryIntent(detectIntents(question))).to.equal(intent);
    });
  }
  it('records every matched intent with its cue words', function () {
    expect(detectIntents('Are serious infections a risk, and does it work?')).to.deep.equal([
      { intent: 'efficacy', cues: ['work'] },
      { intent: 'safety', cues: ['infections', 'risk'] },
    ]);
  });
});

describe('question keywords', function () {
  it('drops stopwords, question words ("promising") and the disease\'s words', function () {
    expect(questionKeywords('What promising evidence links TNF-alpha or IL6 to lupus nephritis in SLE?', ['systemic lupus erythematosus', 'SLE', 'lupus'])).to.deep.equal(['links', 'TNF-alpha', 'IL6', 'nephritis']);
  });
  it('blanks the disease\'s names as whole words; short upper-case synonyms only as written', function () {
    expect(withoutDiseaseNames('RA in rheumatoid arthritis, drastic', { name: 'rheumatoid arthritis', synonyms: ['RA'] }).replace(/\s+/g, ' ').trim()).to.equal('in , drastic');
  });
});
