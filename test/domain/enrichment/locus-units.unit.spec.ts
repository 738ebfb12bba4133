// Enrichment counting a GWAS locus once (issue 29: IL2 and IL21, one 4q27 locus, were counted as two hits).
import { expect } from 'chai';
import { locusUnits, overRepresentationByLocus } from '../../../domain/enrichment/locus-units';
import { overRepresentation } from '../../../domain/enrichment/over-representation';

// Genes: 1 = IL2, 2 = IL21 (both locus L1), 3 = Y (L2), 4 = Z (L3); background genes 1…20; pathway P = {1, 2, 5, 6}.
const LOCI = new Map<number, string[]>([[1, ['L1']], [2, ['L1']], [3, ['L2']], [4, ['L3']]]);
const QUERY = [1, 2, 3, 4];
const PATHWAY = { key: 100, members: [1, 2, 5, 6] };

describe('over-representation with a GWAS locus counted once', () => {
  it('groups genes sharing a locus, transitively, and gives a gene without a locus its own unit', () => {
    const units = locusUnits([1, 2, 3, 4, 9], new Map([...LOCI, [3, ['L2', 'L3']]]));
    expect(units.get(1)).to.equal(units.get(2));
    expect(units.get(3)).to.equal(units.get(4)); // 3 is in L2 and L3, 4 in L3
    expect(new Set(units.values()).size).to.equal(3); // {1,2}, {3,4}, {9}
  });

  it('counts IL2 and IL21 as one hit: k = 1 locus of n = 3, p = 1 − C(16,3)/C(20,3) = 580/1140', () => {
    const [row] = overRepresentationByLocus(QUERY, locusUnits(QUERY, LOCI), 20, [PATHWAY]);
    expect(row!.overlap).to.deep.equal([1, 2]);
    expect(row!.loci).to.equal(1);
    expect(row!.expected).to.be.closeTo((3 * 4) / 20, 1e-12);
    // By hand: P(X >= 1) for N = 20, K = 4, n = 3 is 1 − 560/1140.
    expect(row!.p).to.be.closeTo(580 / 1140, 1e-12);
    // Gene-level counting gave k = 2 of n = 4: 1 − (C(16,4) + 4·C(16,3))/C(20,4) = 785/4845, three times smaller.
    const [geneLevel] = overRepresentation(QUERY, 20, [PATHWAY]);
    expect(geneLevel!.p).to.be.closeTo(785 / 4845, 1e-12);
  });

  it('equals gene-level ORA when every gene is its own locus', () => {
    const sets = [PATHWAY, { key: 101, members: [3, 7, 8] }, { key: 102, members: [9] }];
    const byLocus = overRepresentationByLocus(QUERY, locusUnits(QUERY, new Map()), 20, sets);
    const byGene = overRepresentation(QUERY, 20, sets);
    expect(byLocus.map((r) => [r.key, r.p, r.fdr])).to.deep.equal(byGene.map((r) => [r.key, r.p, r.fdr]));
  });
});
