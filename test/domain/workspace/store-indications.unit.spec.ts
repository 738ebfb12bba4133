// Repurposing: drugs the store says are already indicated (TREATS claims, also for a subtype) are listed apart.
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';
import { storeIndications } from '../../../domain/workspace/store-indications';
import { shapeAnswer } from '../../../domain/workspace/answer-shape';
import type { CandidateRanking } from '../../../domain/workspace/dossier-types';
import type { QuestionAnalysis } from '../../../domain/workspace/question/types';

function store() {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's-pdb', resource: 'pharmacotherapydb' }]);
  b.addEdge(edgeTypeIndex('TREATS')!, 'DRUGBANK:DB1', 'MONDO:0005556', 0, 1);
  b.addEdge(edgeTypeIndex('IS_A')!, 'MONDO:0005556', 'MONDO:0007915', 0, -1);
  b.addEdge(edgeTypeIndex('TREATS')!, 'DRUGBANK:DB2', 'MONDO:0000001', 0, 2);
  return b.build(new Map([['MONDO:0005556', { label: 'lupus nephritis', synonyms: [] }]]), new Map());
}

const row = (id: string, rank: number): CandidateRanking => ({
  candidate_id: id, label: id, kind: 'drug', rank, score: 50 - rank, confidence_band: 'low', component_scores: {}, explanation: 'x',
  supporting_claim_ids: [], contradicting_claim_ids: [], citation_ids: [], graph_explanation_ids: [],
});

describe('store indications for a repurposing answer', function () {
  it('reads TREATS claims into the disease and its subtypes, naming the resource, and no other disease', function () {
    const found = storeIndications(store(), 'MONDO:0007915');
    expect([...found.keys()]).to.deep.equal(['DRUGBANK:DB1']);
    expect(found.get('DRUGBANK:DB1')).to.equal('pharmacotherapydb (knowledge graph: lupus nephritis)');
  });

  it('reads ChEMBL phase-4 APPROVED_FOR claims as indications, never phase 1-3 STUDIED_FOR (a repurposing answer listed approved ChEMBL drugs as new candidates)', function () {
    const b = new KnowledgeGraphBuilder([{ snapshot_id: 's-chembl', resource: 'chembl' }]);
    b.addEdge(edgeTypeIndex('APPROVED_FOR')!, 'DRUGBANK:DB08879', 'MONDO:0007915', 0, 1);
    b.addEdge(edgeTypeIndex('STUDIED_FOR')!, 'CHEMBL:CHEMBL1', 'MONDO:0007915', 0, 2);
    const found = storeIndications(b.build(new Map([['MONDO:0007915', { label: 'systemic lupus erythematosus', synonyms: [] }]]), new Map()), 'MONDO:0007915');
    expect([...found.keys()]).to.deep.equal(['DRUGBANK:DB08879']);
    expect(found.get('DRUGBANK:DB08879')).to.equal('chembl (knowledge graph: systemic lupus erythematosus)');
  });

  it('lists a store-indicated drug apart and closes the ranks of the others', function () {
    const analysis = { question: 'q', intent: 'repurposing', intents: [], entities: [], keywords: [], boost_terms: [], ranking_terms: [], linker: 'none' } as QuestionAnalysis;
    const { drugRankings, answer } = shapeAnswer({ analysis, drugRankings: [row('drug:a', 1), row('drug:b', 2)], claims: [], evidence: [], actsOn: () => false, alreadyIndicated: new Map([['drug:a', 'pharmacotherapydb']]) });
    expect(drugRankings.map((r) => [r.candidate_id, r.rank])).to.deep.equal([['drug:b', 1]]);
    expect(answer.set_apart).to.have.length(1);
    expect(answer.set_apart[0]).to.deep.include({ candidate_id: 'drug:a', reason: 'already_indicated' });
    expect(answer.set_apart[0]!.statement).to.contain('pharmacotherapydb');
  });
});
