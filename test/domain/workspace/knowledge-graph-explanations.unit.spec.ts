// Workspace explanations from the knowledge graph on a hand-built graph: candidates linked by identifier,
// paths kept within the question's disease when one exists, a path through another disease labelled
// cross_disease (and scored at half the graph support), every step with its direction and claims.
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { GraphExplanation } from '../../../domain/workspace/dossier-types';
import { explainWithKnowledgeGraph, linkCandidate } from '../../../domain/workspace/knowledge-graph-explanations';
import { rankCandidates } from '../../../domain/workspace/ranking';

const SLE = 'MONDO:0007915';
const MS = 'MONDO:0005301';
const t = (name: string) => edgeTypeIndex(name)!;

/**
 *   Methotrexate -TARGETS-> DHFR -INTERACTS- GENE_B <-ASSOCIATES- SLE        (3 hops, within SLE)
 *   Methotrexate -TREATS-> MS -ASSOCIATES-> GENE_C <-ASSOCIATES- SLE          (3 hops, through MS)
 *   Teriflunomide -TREATS-> MS -ASSOCIATES-> GENE_C <-ASSOCIATES- SLE         (only through MS)
 */
function graph(withinPath = true): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's1', resource: 'pharmacotherapydb' }, { snapshot_id: 's2', resource: 'gwas_catalog' }]);
  b.addEdge(t('TARGETS'), 'DRUGBANK:DB00563', 'NCBIGene:1719', 0, 1);
  if (withinPath) {
    b.addEdge(t('INTERACTS_WITH'), 'NCBIGene:1719', 'NCBIGene:2', 0, 2);
    b.addEdge(t('ASSOCIATES'), SLE, 'NCBIGene:2', 1, 3);
  }
  b.addEdge(t('TREATS'), 'DRUGBANK:DB00563', MS, 0, 4);
  b.addEdge(t('TREATS'), 'DRUGBANK:DB08880', MS, 0, 5);
  b.addEdge(t('ASSOCIATES'), MS, 'NCBIGene:3', 1, 6);
  b.addEdge(t('ASSOCIATES'), SLE, 'NCBIGene:3', 1, 7);
  const labels = new Map([
    ['DRUGBANK:DB00563', { label: 'Methotrexate', synonyms: [] }], ['DRUGBANK:DB08880', { label: 'Teriflunomide', synonyms: [] }],
    ['NCBIGene:1719', { label: 'DHFR', synonyms: [] }], [SLE, { label: 'systemic lupus erythematosus', synonyms: [] }], [MS, { label: 'multiple sclerosis', synonyms: [] }],
  ]);
  return b.build(labels, new Map([['ENSEMBL:ENSG00000228716', 'NCBIGene:1719'], ['GENE_SYMBOL:DHFR', 'NCBIGene:1719']]));
}

const methotrexate = { id: 'drug:methotrexate', label: 'methotrexate', kind: 'drug' as const };
const teriflunomide = { id: 'drug:teriflunomide', label: 'teriflunomide', kind: 'drug' as const, synonyms: ['Aubagio'] };

describe('Workspace explanations from the knowledge graph', () => {
  it('links targets by Ensembl id or HGNC symbol and drugs by their exact DrugBank name, nothing else', () => {
    const g = graph();
    expect(linkCandidate(g, { id: 'target:DHFR', label: 'DHFR', kind: 'target', xrefs: { ensembl: 'ENSG00000228716' } })).to.deep.equal({ node: g.lookup('NCBIGene:1719'), linked_by: 'ensembl' });
    expect(linkCandidate(g, { id: 'target:DHFR', label: 'DHFR', kind: 'target' })).to.deep.equal({ node: g.lookup('NCBIGene:1719'), linked_by: 'hgnc_symbol' });
    expect(linkCandidate(g, methotrexate)).to.deep.equal({ node: g.lookup('DRUGBANK:DB00563'), linked_by: 'drugbank_name' });
    expect(linkCandidate(g, { id: 'drug:mtx', label: 'methotrex', kind: 'drug' })).to.equal(undefined);
    expect(linkCandidate(g, { id: 'target:TNF', label: 'TNF', kind: 'target' })).to.equal(undefined);
  });

  it('prefers a path within the question\'s disease over an equally short one through another disease', () => {
    const g = graph();
    const e = explainWithKnowledgeGraph({ graph: g, diseaseCurie: SLE }, methotrexate);
    expect(e).to.include({ status: 'found', cross_disease: false, candidate_node: 'DRUGBANK:DB00563', linked_by: 'drugbank_name', graph: 'knowledge_graph' });
    expect(e.path!.nodes.map((n) => n.id)).to.deep.equal(['drug:methotrexate', 'NCBIGene:1719', 'NCBIGene:2', SLE]);
    expect(e.path!.relationships.map((r) => [r.relation, r.direction])).to.deep.equal([['TARGETS', 'forward'], ['INTERACTS_WITH', 'forward'], ['ASSOCIATES', 'reverse']]);
    expect(e.path!.relationships[2]!.citations).to.deep.equal([{ snapshot_id: 's2', resource: 'gwas_catalog', claim_no: 3 }]);
    expect(e.path!.relationships[2]!.provenance).to.equal('gwas_catalog claim 3 (s2)');
  });

  it('takes a path through another disease only when there is no other, and labels it cross_disease with the disease', () => {
    const e = explainWithKnowledgeGraph({ graph: graph(), diseaseCurie: SLE }, teriflunomide);
    expect(e).to.include({ status: 'found', cross_disease: true });
    expect(e.via_diseases).to.deep.equal([{ id: MS, label: 'multiple sclerosis', kind: 'disease' }]);
    expect(e.path!.relationships.map((r) => `${r.relation}/${r.direction}`)).to.deep.equal(['TREATS/forward', 'ASSOCIATES/forward', 'ASSOCIATES/reverse']);
    const without = explainWithKnowledgeGraph({ graph: graph(false), diseaseCurie: SLE }, methotrexate);
    expect(without.cross_disease).to.equal(true);
  });

  it('says why there is no explanation: an unlinked candidate, an unknown disease', () => {
    const unlinked = explainWithKnowledgeGraph({ graph: graph(), diseaseCurie: SLE }, { id: 'drug:rituximab', label: 'rituximab', kind: 'drug' });
    expect(unlinked).to.include({ status: 'no_path_found', path: null, candidate_node: null });
    expect(unlinked.reason).to.contain('no single DrugBank drug is named rituximab');
    const noDisease = explainWithKnowledgeGraph({ graph: graph(), diseaseCurie: 'MONDO:0000404' }, methotrexate);
    expect(noDisease.reason).to.contain('MONDO:0000404 is not a node');
  });

  it('ranks a cross-disease path at half the graph support of the same path within the disease', () => {
    // Two drugs with no evidence at all: their scores are only the graph component (weight 0.20).
    const found = (id: string, cross: boolean): GraphExplanation => ({
      explanation_id: 'gx_0000000000000000', candidate_id: id, status: 'found', reason: null, cross_disease: cross,
      path: { nodes: [{ id, label: id, kind: 'drug' }, { id: 'g', label: 'g', kind: 'target' }, { id: SLE, label: 'SLE', kind: 'disease' }], relationships: [{ relation: 'TARGETS', provenance: 'p' }, { relation: 'ASSOCIATES', provenance: 'p' }] },
    });
    const candidates = { drugs: [{ id: 'drug:a', label: 'a', kind: 'drug' as const }, { id: 'drug:b', label: 'b', kind: 'drug' as const }], targets: [] };
    const explanations = new Map([['drug:a', found('drug:a', false)], ['drug:b', found('drug:b', true)]]);
    const { drugs } = rankCandidates({ candidates, claims: [], evidence: [], explanations });
    const support = Object.fromEntries(drugs.map((d) => [d.candidate_id, d.component_scores.graph_support]));
    // 2 hops: 100 - 20 = 80 within; 80 x 0.5 = 40 through another disease.
    expect(support).to.deep.equal({ 'drug:a': 80, 'drug:b': 40 });
  });
});
