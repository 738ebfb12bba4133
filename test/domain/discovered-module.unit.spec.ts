// A disease module from one MONDO condition: exact EFO mapping required, never guessed.
import { expect } from 'chai';
import { discoverModule, MondoCondition } from '../../domain/diseases/discovered-module';
import { DiseaseRegistry } from '../../infra/diseases/disease-registry';

const ra: MondoCondition = {
  curie: 'MONDO:0008383', label: 'rheumatoid arthritis', obsolete: false, exactMappings: ['OMIM:180300', 'EFO:0000685'],
  synonyms: [
    { text: 'RA', scope: 'EXACT' }, { text: 'Rheumatoid Arthritis', scope: 'EXACT' },
    { text: 'rheumatoid disease', scope: 'RELATED' }, { text: 'RA', scope: 'EXACT' },
  ],
};

describe('domain: a disease module discovered from MONDO', () => {
  it('fills identifiers from the exact EFO mapping and keeps only exact synonyms (no label repeats)', () => {
    const outcome = discoverModule(ra);
    expect(outcome.complete).to.equal(true);
    if (!outcome.complete) return;
    expect(outcome.module).to.deep.equal({
      id: 'mondo_0008383', name: 'rheumatoid arthritis', synonyms: ['RA'], mondo_id: 'MONDO:0008383', efo_id: 'EFO_0000685',
      search: {
        pubmed: { terms: ['rheumatoid arthritis'] },
        clinical_trials: { condition: 'rheumatoid arthritis', terms: ['RA'] },
        gwas: { efo_traits: ['EFO_0000685'] },
        opentargets: { efo_id: 'EFO_0000685' },
      },
      kg_seeds: { disease_node: 'disease:mondo_0008383' },
    });
    expect(DiseaseRegistry.fromModules([outcome.module]).counts().valid).to.equal(1);
  });

  it('skips, with the reason, what cannot make a complete module', () => {
    expect(discoverModule({ ...ra, exactMappings: ['OMIM:180300'] })).to.deep.equal({ complete: false, reason: 'no_exact_efo_mapping' });
    expect(discoverModule({ ...ra, exactMappings: ['EFO:0000685', 'EFO:0000001'] }))
      .to.deep.equal({ complete: false, reason: 'several_exact_efo_mappings', detail: 'EFO:0000001, EFO:0000685' });
    expect(discoverModule({ ...ra, obsolete: true })).to.deep.equal({ complete: false, reason: 'obsolete' });
    expect(discoverModule({ ...ra, label: '  ' })).to.deep.equal({ complete: false, reason: 'no_label' });
    expect(discoverModule({ ...ra, curie: 'RO:0002200' })).to.deep.equal({ complete: false, reason: 'not_a_mondo_id' });
  });

  it('a condition without exact synonyms gets a clinical-trials condition and no empty term list', () => {
    const outcome = discoverModule({ ...ra, synonyms: [] });
    expect(outcome.complete && outcome.module.search.clinical_trials).to.deep.equal({ condition: 'rheumatoid arthritis' });
  });
});
