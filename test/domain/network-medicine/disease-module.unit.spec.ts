// The disease module (Menche et al. 2015): the LCC worked by hand, and the reference distribution of the
// LCC size against its exact form over every random gene set (one bin: uniform subsets), with LCC sizes
// from a naive union-find written here.
import { expect } from 'chai';
import { diseaseModule } from '../../../domain/network-medicine/disease-module';
import { meanSd, network, subsets } from './support';

function lccSize(set: number[], edges: [number, number][]): number {
  const parent = new Map(set.map((s) => [s, s]));
  const find = (x: number): number => (parent.get(x) === x ? x : find(parent.get(x)!));
  for (const [a, b] of edges) if (parent.has(a) && parent.has(b)) parent.set(find(a), find(b));
  const sizes = new Map<number, number>();
  for (const s of set) sizes.set(find(s), (sizes.get(find(s)) ?? 0) + 1);
  return Math.max(...sizes.values());
}

describe('network medicine: disease module', () => {
  // 1-2-3 chain, 3-4, 5-6, 6-7, 7-8, 8-5 (a square), 2-9.
  const EDGES: [number, number][] = [[1, 2], [2, 3], [3, 4], [5, 6], [6, 7], [7, 8], [8, 5], [2, 9], [4, 5]];
  const GENES = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  const { ia, local, gene } = network(EDGES);

  it('the LCC of the genes a disease induces, and every component size', () => {
    // Genes {1, 2, 3, 6, 7, 9}: 1-2-3 with 9 on 2 (size 4) and 6-7 (size 2).
    const r = diseaseModule({ network: ia, genes: [1, 2, 3, 6, 7, 9].map(local), permutations: 100, seed: 1 });
    expect(r.lcc.map(gene)).to.deep.equal([1, 2, 3, 9]);
    expect(r.component_sizes).to.deep.equal([4, 2]);
  });

  it('the reference distribution matches the exact one over all gene sets of that size', () => {
    const disease = [1, 2, 3, 6];
    const observed = lccSize(disease, EDGES);
    expect(observed).to.equal(3);
    const exact = subsets(GENES, 4).map((s) => lccSize(s, EDGES));
    const { mean, sd } = meanSd(exact);
    const pExact = exact.filter((v) => v >= observed).length / exact.length;
    const r = diseaseModule({ network: ia, genes: disease.map(local), permutations: 5000, seed: 20161010, minBinSize: 1000 });
    expect(r.random_mean).to.be.closeTo(mean, 0.05);
    expect(r.random_sd).to.be.closeTo(sd, 0.05);
    expect(r.z!).to.be.closeTo((observed - mean) / sd, 0.1);
    expect(r.p_empirical).to.be.closeTo(pExact, 0.03);
  });

  it('the same seed gives the same result', () => {
    const input = { network: ia, genes: [1, 5, 6].map(local), permutations: 200, seed: 3, minBinSize: 2 };
    expect(diseaseModule(input)).to.deep.equal(diseaseModule(input));
  });
});
