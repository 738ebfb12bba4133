// The six drug-drug-disease configurations of Cheng, Kovács & Barabási (Nat Commun 2019, Fig. 2) and the ranking.
import { expect } from 'chai';
import { configuration, configurationFromHits, proximityHit, rankPairs } from '../../../domain/synergy/combination-configurations';
import { targetSetRelation, targetsContained } from '../../../domain/synergy/target-set-relation';

describe('drug combination configurations', () => {
  it('classifies by whether the targets overlap (s_AB < 0) and how many drugs hit the disease module (s_XD < 0)', () => {
    expect(configuration(-0.5, -0.1, -0.2)).to.equal('overlapping_exposure');
    expect(configuration(0, -0.1, -0.2)).to.equal('complementary_exposure'); // s_AB = 0 counts as separated
    expect(configuration(0.4, -0.1, -0.2)).to.equal('complementary_exposure');
    expect(configuration(-0.5, -0.1, 0.3)).to.equal('indirect_exposure');
    expect(configuration(0.5, 0.3, -0.1)).to.equal('single_exposure');
    expect(configuration(-0.5, 0, 0.3)).to.equal('non_exposure'); // s_AD = 0 does not hit
    expect(configuration(0.5, 0.2, 0.3)).to.equal('independent_action');
    expect(configuration(null, -1, -1)).to.equal('undetermined');
    expect(configuration(1, null, -1)).to.equal('undetermined');
  });

  it('classifies by proximity: a drug hits when its z-score is below the threshold, unknown without z', () => {
    expect(proximityHit(-0.2, 0)).to.equal(true);
    expect(proximityHit(0, 0)).to.equal(false); // z = threshold does not hit
    expect(proximityHit(-1, -1.645)).to.equal(false);
    expect(proximityHit(null, 0)).to.equal(null);
    expect(configurationFromHits(0.3, true, true)).to.equal('complementary_exposure');
    expect(configurationFromHits(-0.3, true, false)).to.equal('indirect_exposure');
    expect(configurationFromHits(-0.3, false, false)).to.equal('non_exposure');
    expect(configurationFromHits(0.3, true, null)).to.equal('undetermined');
  });

  it('ranks within a configuration by the weaker drug\'s z first, then its separation', () => {
    const p = (a: string, z_a: number | null, z_b: number | null, s_ad: number) => ({ a, b: 'Z', s_ab: 0.5, s_ad, s_bd: s_ad, z_a, z_b, configuration: 'complementary_exposure' as const });
    const ranked = rankPairs([p('A', -1, -0.5, -2), p('B', -3, -2, 0.4), p('C', -3, -2, -0.1), p('D', null, -9, -5)]);
    // weaker z: A -0.5, B -2, C -2 (tie: by weaker s, C -0.1 before B 0.4), D unknown last.
    expect(ranked.map((x) => x.a)).to.deep.equal(['C', 'B', 'A', 'D']);
  });

  it('ranks complementary exposure first, then by the weaker drug\'s disease separation, then by s_AB, then ids', () => {
    const p = (a: string, b: string, s_ab: number | null, s_ad: number | null, s_bd: number | null) => ({ a, b, s_ab, s_ad, s_bd, configuration: configuration(s_ab, s_ad, s_bd) });
    const ranked = rankPairs([
      p('X', 'Y', -0.2, -1, -1), // overlapping
      p('A', 'B', 0.1, -0.5, -0.2), // complementary, weaker -0.2
      p('C', 'D', 0.3, -0.5, -0.2), // complementary, weaker -0.2, larger s_AB -> before A-B
      p('E', 'F', 0.1, -0.9, -0.6), // complementary, weaker -0.6 -> first
      p('G', 'H', 0.1, -0.9, -0.6), // tie with E-F -> by ids, after it
      p('I', 'J', 1, 0.2, 0.2), // independent action
      p('K', 'L', null, 0.2, 0.2), // undetermined, last
    ]);
    expect(ranked.map((x) => x.a + x.b)).to.deep.equal(['EF', 'GH', 'CD', 'AB', 'XY', 'IJ', 'KL']);
  });
});

describe('identical or nested target sets (drug combinations)', () => {
  it('never calls two drugs on the same single target complementary exposure (s_AB = 0 is not separation)', () => {
    // anagrelide + cilostazol, both PDE3A only: d_AA = d_BB = 0, d_AB = 0, so s_AB = 0 passed s_AB >= 0 before.
    expect(configurationFromHits(0, true, true, targetsContained(targetSetRelation([7], [7])))).to.equal('overlapping_exposure');
    expect(configurationFromHits(0, true, false, targetsContained(targetSetRelation([7], [7, 9])))).to.equal('indirect_exposure');
    expect(configurationFromHits(0.5, false, false, targetsContained(targetSetRelation([7, 9], [9])))).to.equal('non_exposure');
    // Disjoint sets keep the published rule.
    expect(configurationFromHits(0, true, true, targetsContained(targetSetRelation([7], [8])))).to.equal('complementary_exposure');
  });

  it('labels the relation of two target sets', () => {
    expect(targetSetRelation([1, 2], [2, 1])).to.equal('identical');
    expect(targetSetRelation([1], [1, 2])).to.equal('nested');
    expect(targetSetRelation([1, 2, 3], [3])).to.equal('nested');
    expect(targetSetRelation([1, 2], [2, 3])).to.equal('sharing');
    expect(targetSetRelation([1, 2], [3])).to.equal('disjoint');
  });
});
