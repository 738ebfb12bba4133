// Over-representation on a ten-gene background, every number worked by hand.
import { expect } from 'chai';
import { overRepresentation } from '../../../domain/enrichment/over-representation';

describe('enrichment: over-representation analysis', () => {
  it('tests every set with a background gene and adjusts over all of them', () => {
    // Background N = 10 genes (0…9), query {0, 1, 2} (n = 3).
    // S1 = {0,1,5,6}: K = 4, k = 2; P(X ≥ 2) = (C(4,2)C(6,1) + C(4,3)) / C(10,3) = 40/120 = 1/3; expected 3·4/10 = 1.2; fold 2/1.2.
    // S2 = {0,1,2}: K = 3, k = 3; P = 1/C(10,3) = 1/120; expected 0.9; fold 3/0.9.
    // S3 = {7,8}: K = 2, k = 0; P = 1 (tested: it counts in m).
    // S4 = {}: no background gene, not tested.
    // BH with m = 3: sorted p 1/120, 1/3, 1 → 3·(1/120) = 0.025, (3/2)·(1/3) = 0.5, 1.
    const rows = overRepresentation([0, 1, 2], 10, [
      { key: 101, members: [0, 1, 5, 6] }, { key: 102, members: [0, 1, 2] }, { key: 103, members: [7, 8] }, { key: 104, members: [] },
    ]);
    expect(rows.map((r) => r.key)).to.deep.equal([102, 101, 103]);
    const [s2, s1, s3] = rows as [typeof rows[0], typeof rows[0], typeof rows[0]];
    expect(s2).to.deep.include({ size: 3, overlap: [0, 1, 2] });
    expect(s2.p).to.be.closeTo(1 / 120, 1e-15);
    expect(s2.expected).to.be.closeTo(0.9, 1e-12);
    expect(s2.fold_enrichment!).to.be.closeTo(3 / 0.9, 1e-12);
    expect(s2.fdr).to.be.closeTo(0.025, 1e-12);
    expect(s1).to.deep.include({ size: 4, overlap: [0, 1] });
    expect(s1.p).to.be.closeTo(1 / 3, 1e-15);
    expect(s1.expected).to.be.closeTo(1.2, 1e-12);
    expect(s1.fold_enrichment!).to.be.closeTo(2 / 1.2, 1e-12);
    expect(s1.fdr).to.be.closeTo(0.5, 1e-12);
    expect(s3).to.deep.include({ size: 2, overlap: [], p: 1, fdr: 1, fold_enrichment: 0 });
  });

  it('refuses a query that repeats a gene or outgrows the background', () => {
    expect(() => overRepresentation([1, 1], 10, [])).to.throw(RangeError);
    expect(() => overRepresentation([1, 2, 3], 2, [])).to.throw(RangeError);
  });
});
