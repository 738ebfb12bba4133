// The text linker reads names from the store graph (issue 24 item 2), no longer from the curated fixtures/kg
// graph: a brand name only the store graph's DrugBank-vocabulary synonyms carry ("Benlysta", "Saphnelo") and a
// gene alias of HGNC ("BAFF") link to the store graph's CURIEs.
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { storeMentionView } from '../../../domain/knowledge-graph/mention-view';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';
import { linkEntities } from '../../../domain/workspace/entity-linking/link-entities';

function graph() {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'chembl' }]);
  b.addEdge(edgeTypeIndex('TARGETS')!, 'DRUGBANK:DB08879', 'NCBIGene:10673', 0, 1);
  b.addEdge(edgeTypeIndex('TARGETS')!, 'DRUGBANK:DB15141', 'NCBIGene:3454', 0, 2);
  return b.build(new Map([
    ['DRUGBANK:DB08879', { label: 'Belimumab', synonyms: ['Benlysta'] }],
    ['DRUGBANK:DB15141', { label: 'Anifrolumab', synonyms: ['Saphnelo'] }],
    ['NCBIGene:10673', { label: 'TNFSF13B', synonyms: ['BAFF', 'BLYS'] }],
    ['NCBIGene:3454', { label: 'IFNAR1', synonyms: [] }],
  ]), new Map());
}

describe('knowledge graph: the text linker\'s view of the store graph', () => {
  const g = graph();

  it('a brand name only the store graph knows was not linked without it; with it, it is the DrugBank compound', () => {
    const record = { title: 'Saphnelo in lupus nephritis', text: 'Patients received Saphnelo or placebo.' };
    expect(linkEntities(record).drugs).to.deep.equal([]);
    const linked = linkEntities(record, storeMentionView(g));
    expect(linked.drugs.map((d) => [d.name, d.nodeId])).to.deep.equal([['Anifrolumab', 'DRUGBANK:DB15141']]);
  });

  it('a gene alias links to the gene node, and a drug name to its compound node', () => {
    const linked = linkEntities({ title: 'Benlysta lowers BAFF signalling', text: 'Belimumab binds soluble BAFF.' }, storeMentionView(g));
    expect(linked.drugs.map((d) => d.nodeId)).to.deep.equal(['DRUGBANK:DB08879']);
    expect(linked.targets.map((t) => [t.name, t.nodeId])).to.deep.equal([['TNFSF13B', 'NCBIGene:10673']]);
  });

  it('is built once per graph and offers only compounds and genes', () => {
    const view = storeMentionView(g);
    expect(storeMentionView(g)).to.equal(view);
    expect(view.node('NCBIGene:3454')).to.deep.include({ kind: 'target', label: 'IFNAR1' });
    expect(view.resolve('benlysta', 'drug')?.id).to.equal('DRUGBANK:DB08879');
    expect(view.mentionedIn('IFNAR1 and TNFSF13B', ['drug'])).to.deep.equal([]);
  });
});
