// The Workspace pipeline's GraphView over the store graph (issue 24 item 2: one graph stack): names the
// active snapshots give a node link a record's words to it, ids stay in the Workspace namespace whether or not
// the store knows the entity, and "drug acts on target" is a TARGETS/BINDS edge of the store.
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';
import { unresolvedEntityId } from '../../../domain/workspace/entity-ids';
import { exactLinker } from '../../../domain/workspace/question/entity-linker';
import { storeGraphView } from '../../../domain/workspace/store-graph-view';

function graph() {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 'snap-dc', resource: 'drugcentral' }]);
  b.addEdge(edgeTypeIndex('TARGETS')!, 'DRUGBANK:DB08879', 'NCBIGene:10673', 0, 1);
  b.addEdge(edgeTypeIndex('BINDS')!, 'CHEMBL:CHEMBL1201828', 'NCBIGene:3454', 0, 2);
  b.addEdge(edgeTypeIndex('TARGETS')!, 'DRUGBANK:DB15141', 'NCBIGene:3454', 0, 3);
  b.addEdge(edgeTypeIndex('ASSOCIATES')!, 'MONDO:0007915', 'NCBIGene:3454', 0, 4);
  b.addEdge(edgeTypeIndex('PARTICIPATES_IN')!, 'NCBIGene:3454', 'REACTOME:R-HSA-909733', 0, 5);
  return b.build(new Map([
    ['DRUGBANK:DB08879', { label: 'Belimumab', synonyms: ['Benlysta'] }],
    ['DRUGBANK:DB15141', { label: 'Anifrolumab', synonyms: ['Saphnelo'] }],
    // A ChEMBL compound of the same name as a DrugBank drug: one drug of the Workspace, the DrugBank one.
    ['CHEMBL:CHEMBL1201828', { label: 'anifrolumab', synonyms: ['MEDI-546'] }],
    ['NCBIGene:10673', { label: 'TNFSF13B', synonyms: ['BAFF', 'BLYS'] }],
    ['NCBIGene:3454', { label: 'IFNAR1', synonyms: [] }],
    ['REACTOME:R-HSA-909733', { label: 'Interferon alpha/beta signaling', synonyms: [] }],
    ['MONDO:0007915', { label: 'systemic lupus erythematosus', synonyms: [] }],
  ]), new Map());
}

describe('Workspace: the store graph as the pipeline\'s GraphView', () => {
  const g = graph();
  const view = storeGraphView(g);

  it('gives a known drug the same id an unknown name of it gets (drug:<slug>), with its CURIE in xrefs', () => {
    const node = view.resolve('Benlysta', 'drug');
    expect(node).to.deep.include({ id: 'drug:belimumab', kind: 'drug', label: 'Belimumab' });
    expect(node!.id).to.equal(unresolvedEntityId('drug', 'belimumab'));
    expect(node!.xrefs).to.deep.equal({ curie: 'DRUGBANK:DB08879' });
    expect(view.resolve('BAFF', 'target')).to.deep.include({ id: 'target:TNFSF13B', label: 'TNFSF13B' });
    expect(view.node('target:TNFSF13B')!.xrefs).to.deep.equal({ curie: 'NCBIGene:10673', hgnc_symbol: 'TNFSF13B' });
    expect(view.resolve('interferon alpha/beta signaling', 'pathway')?.id).to.equal('pathway:R-HSA-909733');
  });

  it('makes one drug of a DrugBank drug and a ChEMBL compound of the same name, named by both synonym lists', () => {
    const node = view.node('drug:anifrolumab')!;
    expect(node.xrefs).to.deep.equal({ curie: 'DRUGBANK:DB15141' });
    expect(view.resolve('MEDI-546', 'drug')?.id).to.equal('drug:anifrolumab');
    expect(view.resolve('Saphnelo', 'drug')?.id).to.equal('drug:anifrolumab');
  });

  it('finds the names a text mentions, as the record linker reads them', () => {
    expect(view.mentionedIn('Saphnelo blocks IFNAR1; Benlysta lowers BAFF', ['drug']).map((n) => n.id)).to.deep.equal(['drug:anifrolumab', 'drug:belimumab']);
    expect(view.mentionedIn('Saphnelo blocks IFNAR1', ['target']).map((n) => n.id)).to.deep.equal(['target:IFNAR1']);
  });

  it('says a drug acts on a target only when the store has a TARGETS or BINDS edge between them', () => {
    const linker = exactLinker(view);
    expect(linker.actsOn('drug:belimumab', 'target:TNFSF13B')).to.equal(true);
    expect(linker.actsOn('drug:anifrolumab', 'target:IFNAR1')).to.equal(true);
    expect(linker.actsOn('drug:belimumab', 'target:IFNAR1')).to.equal(false);
    expect(linker.actsOn('drug:unknown', 'target:IFNAR1')).to.equal(false);
  });

  it('answers a path in the Workspace\'s relations, each edge citing its claims, against the edge direction where it goes so', () => {
    const path = view.findPath({ from: 'drug:anifrolumab', to: 'disease:MONDO:0007915', maxHops: 2, relations: ['targets', 'associated_with'] })!;
    expect(path.nodes.map((n) => n.id)).to.deep.equal(['drug:anifrolumab', 'target:IFNAR1', 'disease:MONDO:0007915']);
    expect(path.edges.map((e) => [e.source, e.relation, e.target])).to.deep.equal([
      ['drug:anifrolumab', 'targets', 'target:IFNAR1'], ['disease:MONDO:0007915', 'associated_with', 'target:IFNAR1']]);
    expect(path.edges[0]!.provenance).to.equal('drugcentral claim 3 (snap-dc)');
    expect(view.findPath({ from: 'drug:anifrolumab', to: 'disease:MONDO:0007915', maxHops: 2, relations: ['targets'] })).to.equal(undefined);
  });
});
