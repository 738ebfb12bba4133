// The MONDO class registry on a hand-made class list and mapping rows (expected values worked out by hand
// in the comments, not read back from the code).
import { expect } from 'chai';
import { MondoRegistry, normaliseXref } from '../../../domain/diseases/mondo-registry';

const classes = [
  { id: 'MONDO:0007915', label: 'systemic lupus erythematosus' },
  { id: 'MONDO:0005301', label: 'multiple sclerosis' },
  { id: 'MONDO:0000238', label: 'obsolete pestis minor' },
  { id: 'MONDO:0007506', label: 'obsoleted echo virus 11 sensitivity' },
  { id: 'MONDO:0000001', label: 'disease' },
  { id: 'MONDO:0100000', label: 'a class no set maps' },
  { id: 'GO:0006505', label: 'not a MONDO class' },
];
const mappings = [
  { mondo: 'MONDO:0007915', xref: 'DOID:9074' },
  { mondo: 'MONDO:0007915', xref: 'mesh:D008180' },
  { mondo: 'MONDO:0007915', xref: 'DOID:9074' }, // repeated row: one xref
  { mondo: 'MONDO:0005301', xref: 'EFO:0003885' },
  { mondo: 'MONDO:0005301', xref: 'DOID:2377' },
  { mondo: 'MONDO:0000238', xref: 'DOID:0000000' }, // obsolete class: left out
  { mondo: 'MONDO:0000001', xref: 'OMIM:999999' },
  { mondo: 'MONDO:0005301', xref: 'OMIM:999999' }, // OMIM:999999 matches two live classes: ambiguous
];

describe('domain/diseases: MONDO class registry', () => {
  const registry = new MondoRegistry(classes, mappings);

  it('keeps the live classes that have an exact searchable cross-reference, counting what it left out', () => {
    // 6 MONDO rows; 2 obsolete ("obsolete …", "obsoleted …"); 4 live; 3 of them mapped (SLE, MS, disease).
    expect(registry.counts()).to.deep.equal({
      classes: 6, obsolete: 2, live: 4, registry: 3,
      live_with_xref: { EFO: 1, DOID: 2, mesh: 1, OMIM: 2, Orphanet: 0 },
      mapping_rows: 8, mapping_rows_obsolete_or_unknown: 1, ambiguous_xrefs: 1,
    });
    expect(registry.size).to.equal(3);
    expect(registry.get('MONDO:0100000'), 'no cross-reference a source can search by').to.equal(undefined);
    expect(registry.get('MONDO:0000238'), 'obsolete').to.equal(undefined);
  });

  it('finds a class by MONDO id or module id, with its exact cross-references in file order', () => {
    expect(registry.get('MONDO:0007915')).to.deep.equal({ id: 'MONDO:0007915', label: 'systemic lupus erythematosus', xrefs: ['DOID:9074', 'mesh:D008180'] });
    expect(registry.get('mondo_0005301')?.label).to.equal('multiple sclerosis');
  });

  it('maps a cross-reference to its one MONDO class, whatever the spelling of the prefix; never an ambiguous one', () => {
    expect(registry.mondoOf('DOID:9074')).to.equal('MONDO:0007915');
    expect(registry.mondoOf('MESH:D008180')).to.equal('MONDO:0007915');
    expect(registry.mondoOf('EFO_0003885')).to.equal('MONDO:0005301');
    expect(registry.mondoOf('OMIM:999999')).to.equal(undefined);
    expect(registry.mondoOf('DOID:0000000'), 'only an obsolete class has it').to.equal(undefined);
    expect(registry.resolve('mondo_0007915')).to.equal('MONDO:0007915');
    expect(registry.resolve('HP:0000001')).to.equal(undefined);
    expect(normaliseXref('orphanet_536')).to.equal('Orphanet:536');
  });
});
