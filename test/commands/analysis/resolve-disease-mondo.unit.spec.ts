// disease_id through MONDO's class registry: a MONDO class without a module file, and an EFO/MeSH/OMIM
// cross-reference the graph has no node for, reach the Disease node of their one exact MONDO match.
import { expect } from 'chai';
import { resolveDisease } from '../../../commands/analysis/resolve-disease';
import { MondoRegistry } from '../../../domain/diseases/mondo-registry';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';
import { DiseaseRegistry } from '../../../infra/diseases/disease-registry';

function graph() {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'pharmacotherapydb' }]);
  b.addEdge(edgeTypeIndex('TREATS')!, 'DRUGBANK:DB00073', 'MONDO:0005301', 0, 1);
  return b.build(new Map([['MONDO:0005301', { label: 'multiple sclerosis', synonyms: [] }]]), new Map([['DOID:2377', 'MONDO:0005301']]));
}

const mondo = new MondoRegistry(
  [{ id: 'MONDO:0005301', label: 'multiple sclerosis' }, { id: 'MONDO:0007915', label: 'systemic lupus erythematosus' }],
  [{ mondo: 'MONDO:0005301', xref: 'EFO:0003885' }, { mondo: 'MONDO:0005301', xref: 'mesh:D009103' }, { mondo: 'MONDO:0007915', xref: 'DOID:9074' }],
);

describe('commands/analysis: resolveDisease with the MONDO class registry', () => {
  const g = graph();
  const withMondo = DiseaseRegistry.fromModules([]).withMondo(() => mondo);
  const without = DiseaseRegistry.fromModules([]);

  it('a MONDO class without a module file was an unknown disease; it now names its Disease node', () => {
    expect(without.exactMondo('mondo_0005301')).to.equal(undefined);
    expect(resolveDisease(without, g, 'mondo_0005301').kind).to.equal('not_found');
    expect(resolveDisease(withMondo, g, 'mondo_0005301')).to.deep.include({ kind: 'resolved', curie: 'MONDO:0005301', label: 'multiple sclerosis' });
  });

  it('an EFO or MeSH id of GWAS/PubMed reaches the node of its exact MONDO match; an unmapped one stays not found', () => {
    expect(resolveDisease(withMondo, g, 'EFO:0003885')).to.deep.include({ kind: 'resolved', curie: 'MONDO:0005301' });
    expect(resolveDisease(withMondo, g, 'MESH:D009103')).to.deep.include({ kind: 'resolved', curie: 'MONDO:0005301' });
    expect(resolveDisease(withMondo, g, 'EFO:0000001').kind).to.equal('not_found');
    expect(resolveDisease(without, g, 'EFO:0003885').kind).to.equal('not_found');
  });

  it('a registry class with a single exact EFO match is a Workspace module of its own; one without stays an analysis id only', () => {
    const module = withMondo.get('mondo_0005301');
    expect(module).to.deep.include({ id: 'mondo_0005301', name: 'multiple sclerosis', mondo_id: 'MONDO:0005301', efo_id: 'EFO_0003885' });
    expect(withMondo.has('mondo_0005301')).to.equal(true);
    expect(withMondo.get('mondo_0007915'), 'SLE has no exact EFO match in the set').to.equal(undefined);
    expect(withMondo.exactMondo('mondo_0007915')).to.equal('MONDO:0007915');
    expect(resolveDisease(withMondo, g, 'mondo_0007915')).to.deep.include({ kind: 'not_found' });
  });
});
