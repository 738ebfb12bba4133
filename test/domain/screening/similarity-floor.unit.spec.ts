// The Tanimoto floor of virtual screening (issue 29: JAK1's top hits at 0.16–0.19 were reported as candidates).
import { expect } from 'chai';
import { applySimilarityFloor, DEFAULT_MIN_TANIMOTO } from '../../../domain/screening/similarity-floor';

const c = (curie: string, similarity: number) => ({ curie, label: curie.toLowerCase(), similarity });

describe('virtual screening similarity floor', () => {
  it('drops compounds below Tanimoto 0.3 by default instead of ranking noise as hits', () => {
    const { kept, report } = applySimilarityFloor([c('A', 0.62), c('B', 0.3), c('C', 0.29), c('D', 0.1)], DEFAULT_MIN_TANIMOTO);
    expect(kept.map((x) => x.curie)).to.deep.equal(['A', 'B']); // 0.3 itself is kept
    expect(report).to.deep.include({ min_tanimoto: 0.3, above_floor: 2, below_floor: 2, no_analogue_above_floor: false });
  });

  it('says "no analogue above the floor" and names the closest compound when none reaches it (JAK1-like: 0.19 at best)', () => {
    const { kept, report } = applySimilarityFloor([c('X', 0.1912), c('Y', 0.16)], 0.3);
    expect(kept).to.deep.equal([]);
    expect(report.no_analogue_above_floor).to.equal(true);
    expect(report.closest).to.deep.equal({ curie: 'X', label: 'x', tanimoto: 0.1912 });
    expect(report.note).to.match(/^no analogue above the floor/).and.contain('0.1912');
  });

  it('takes the floor as a parameter: 0 keeps everything', () => {
    expect(applySimilarityFloor([c('X', 0.1), c('Y', 0)], 0).kept).to.have.length(2);
  });
});
