// The evidence count of an interaction, worked by hand.
import { expect } from 'chai';
import { interactionEvidence, stringList } from '../../../domain/network-medicine/interaction-evidence';

describe('network medicine: interaction evidence', () => {
  it('counts distinct PubMed ids plus distinct detection methods over the pair\'s claims', () => {
    // Claim 1: PubMed 1, 2; two hybrid. Claim 2: PubMed 2, 3; two hybrid, pull down. -> {1,2,3} + {two hybrid, pull down} = 5.
    const e = interactionEvidence([
      { pubmed_ids: ['2', '1'], methods: ['MI:0018(two hybrid)'] },
      { pubmed_ids: ['2', '3'], methods: ['MI:0018(two hybrid)', 'MI:0096(pull down)'] },
    ]);
    expect(e).to.deep.equal({ count: 5, pubmed_ids: ['1', '2', '3'], methods: ['MI:0018(two hybrid)', 'MI:0096(pull down)'] });
    expect(interactionEvidence([{ pubmed_ids: [], methods: ['MI:0018(two hybrid)'] }]).count).to.equal(1);
    expect(interactionEvidence([]).count).to.equal(0);
    expect(stringList(['a', 3, null, 'b'])).to.deep.equal(['a', 'b']);
    expect(stringList('a')).to.deep.equal([]);
  });
});
