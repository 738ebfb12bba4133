// Where a CURIE on a store page leads: the store's own condition page, the resource's page, or nowhere.
import { expect } from 'chai';
import { curieTarget } from '../../domain/biomed/curie-links';

describe('Dashboard CURIE links', function () {
  it('opens MONDO and HP terms in the store, never DOID, OMIM, MESH or Orphanet (they have no store page)', function () {
    expect(curieTarget('MONDO:0007915')).to.deep.equal({ kind: 'store', href: '#biomed/conditions/MONDO%3A0007915' });
    expect(curieTarget('HP:0001369').kind).to.equal('store');
    expect(curieTarget('DOID:9074')).to.deep.equal({ kind: 'external', href: 'https://disease-ontology.org/?id=DOID:9074' });
    expect(curieTarget('OMIM:152700')).to.deep.equal({ kind: 'external', href: 'https://omim.org/entry/152700' });
    expect(curieTarget('MESH:D008180')).to.deep.equal({ kind: 'external', href: 'https://meshb.nlm.nih.gov/record/ui?ui=D008180' });
    expect(curieTarget('Orphanet:536')).to.deep.equal({ kind: 'external', href: 'https://www.orpha.net/en/disease/detail/536' });
  });

  it('shows an unknown vocabulary or an odd id as text', function () {
    expect(curieTarget('ICD10CM:M32')).to.deep.equal({ kind: 'text' });
    expect(curieTarget('OMIM:1 2')).to.deep.equal({ kind: 'text' });
    expect(curieTarget('no-colon')).to.deep.equal({ kind: 'text' });
    expect(curieTarget('DOID:javascript:alert(1)')).to.deep.equal({ kind: 'text' });
  });
});
