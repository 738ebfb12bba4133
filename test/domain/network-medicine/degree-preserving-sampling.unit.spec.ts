// Degree bins worked by hand from Guney et al.'s get_degree_binning rule; the sampler checked for set
// sizes, bin membership, distinctness, uniformity and reproducibility; the null summary against a naive
// mean / population sd.
import { expect } from 'chai';
import { degreeBins, DegreePreservingSampler, empiricalP, NullAccumulator, streamRandom, subSeed } from '../../../domain/network-medicine/degree-preserving-sampling';
import { seededRandom } from '../../../domain/shared/seeded-random';
import { meanSd } from './support';

const binsOf = (degrees: number[], min: number) => degreeBins(degrees, min).map((b) => [b.degree_low, b.degree_high, [...b.genes]]);

describe('network medicine: degree-preserving sampling', () => {
  it('bins degrees as get_degree_binning does', () => {
    // degree 1: genes 0,1,2 (3, a bin); degree 2: 3,4 (2 < 3) + degree 3: 5 -> bin [2,3]; degree 5: 6,7 + degree 8: 8 -> bin [5,8].
    expect(binsOf([1, 1, 1, 2, 2, 3, 5, 5, 8], 3)).to.deep.equal([[1, 1, [0, 1, 2]], [2, 3, [3, 4, 5]], [5, 8, [6, 7, 8]]]);
    // A last group still smaller than the minimum joins the bin before it.
    expect(binsOf([1, 1, 1, 2], 3)).to.deep.equal([[1, 2, [0, 1, 2, 3]]]);
    // Genes listed out of degree order land in their degree's bin, ascending.
    expect(binsOf([2, 1, 2, 1, 1, 2], 3)).to.deep.equal([[1, 1, [1, 3, 4]], [2, 2, [0, 2, 5]]]);
    // Fewer genes than the minimum in all: one bin.
    expect(binsOf([4, 4], 100)).to.deep.equal([[4, 4, [0, 1]]]);
  });

  it('a random set has the real set\'s size and bin counts, distinct genes from the right bins', () => {
    const degrees = [1, 1, 1, 1, 2, 2, 2, 2, 9, 9, 9, 9];
    const sampler = new DegreePreservingSampler(degreeBins(degrees, 4), degrees.length);
    const plan = sampler.plan([0, 1, 8]);
    expect([...plan.bins]).to.deep.equal([0, 2]);
    expect([...plan.counts]).to.deep.equal([2, 1]);
    const out = new Int32Array(3);
    const random = seededRandom(1);
    for (let i = 0; i < 200; i++) {
      sampler.sample(plan, random, out);
      expect(new Set(out).size).to.equal(3);
      expect([...out].filter((g) => degrees[g] === 1)).to.have.length(2);
      expect([...out].filter((g) => degrees[g] === 9)).to.have.length(1);
    }
  });

  it('draws uniformly: each gene and each pair of a bin equally often', () => {
    const sampler = new DegreePreservingSampler(degreeBins([3, 3, 3, 3, 3], 5), 5);
    const plan = sampler.plan([0, 1]);
    const out = new Int32Array(2);
    const random = seededRandom(99);
    const n = 20_000;
    const single = new Array(5).fill(0);
    const pairs = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      sampler.sample(plan, random, out);
      single[out[0]!]++; single[out[1]!]++;
      const key = [...out].sort().join('-');
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
    // Each gene is in 2/5 of the sets; each of the 10 pairs is 1/10. Binomial sd: sqrt(n p (1-p)) ≈ 69 and 42.
    for (const count of single) expect(count).to.be.closeTo(n * 0.4, 4 * 69);
    expect(pairs.size).to.equal(10);
    for (const count of pairs.values()) expect(count).to.be.closeTo(n / 10, 4 * 42);
  });

  it('a stream\'s draws do not depend on draws made from the same bins by other streams', () => {
    const degrees = Array.from({ length: 30 }, (_, i) => 1 + (i % 3));
    const bins = degreeBins(degrees, 5);
    const plan = (s: DegreePreservingSampler) => s.plan([0, 1, 2, 3, 4, 5]);
    const alone = new DegreePreservingSampler(bins, 30);
    const a1 = new Int32Array(6);
    alone.sample(plan(alone), streamRandom(5, 'A'), a1);
    const shared = new DegreePreservingSampler(bins, 30);
    const other = new Int32Array(6);
    shared.sample(plan(shared), streamRandom(5, 'B'), other);
    shared.sample(plan(shared), streamRandom(6, 'C'), other);
    const a2 = new Int32Array(6);
    shared.sample(plan(shared), streamRandom(5, 'A'), a2);
    expect([...a2]).to.deep.equal([...a1]);
  });

  it('sub-seeds are reproducible and differ by key and seed', () => {
    expect(subSeed(20161010, 'DRUGBANK:DB00001')).to.equal(subSeed(20161010, 'DRUGBANK:DB00001'));
    expect(subSeed(20161010, 'DRUGBANK:DB00001')).not.to.equal(subSeed(20161010, 'DRUGBANK:DB00002'));
    expect(subSeed(1, 'disease-genes')).not.to.equal(subSeed(2, 'disease-genes'));
  });

  it('the null summary is the mean, population sd and z of the values; p has the +1 correction', () => {
    const values = [2, 3, 3, 5, 7.5, 1];
    const acc = new NullAccumulator(2.5);
    for (const v of values) acc.add(v);
    const naive = meanSd(values);
    const s = acc.summary();
    expect(s.mean).to.be.closeTo(naive.mean, 1e-12);
    expect(s.sd).to.be.closeTo(naive.sd, 1e-12);
    expect(s.z!).to.be.closeTo((2.5 - naive.mean) / naive.sd, 1e-12);
    const flat = new NullAccumulator(1);
    flat.add(4); flat.add(4);
    expect(flat.summary()).to.deep.include({ mean: 4, sd: 0, z: null });
    expect(empiricalP(0, 999)).to.equal(1 / 1000);
    expect(empiricalP(999, 999)).to.equal(1);
  });
});
