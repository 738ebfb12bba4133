// Network proximity (Guney et al. 2016) against an independent computation: closest distances from
// Floyd–Warshall, and the reference distribution against its exact form, enumerated over every pair of
// random disease-gene and target sets (one degree bin, so random sets are uniform subsets).
import { expect } from 'chai';
import { closestPairs, networkProximity } from '../../../domain/network-medicine/network-proximity';
import { distancesFrom } from '../../../domain/network-medicine/interactome';
import { floyd, meanSd, network, subsets } from './support';

// A 7-gene graph: the path 1-2-3-4-5-6 with the chord 2-7 and 7-5.
const EDGES: [number, number][] = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [2, 7], [7, 5]];
const GENES = [1, 2, 3, 4, 5, 6, 7];
const dist = floyd(GENES, EDGES);
const closest = (S: number[], T: number[]) => T.reduce((sum, t) => sum + Math.min(...S.map((s) => dist(s, t))), 0) / T.length;

describe('network medicine: network proximity', () => {
  const { ia, local } = network(EDGES);
  const ONE_BIN = 1000; // every gene in one bin: random sets are uniform subsets

  it('d_c is the mean over targets of the distance to the nearest disease gene', () => {
    // Disease {1}, targets {3, 6}: d(1,3) = 2, d(1,6) = 1-2-7-5-6 = 4 -> 3. Disease {1, 6}, targets {3, 4}: min(2, 3) = 2, min(3, 2) = 2 -> 2.
    const r = networkProximity({ network: ia, diseaseGenes: [local(1)], compounds: [{ key: 'a', targets: [local(3), local(6)] }], permutations: 100, seed: 1, minBinSize: ONE_BIN });
    expect(r.scores[0]!.d).to.equal(3);
    expect(closest([1], [3, 6])).to.equal(3);
    const r2 = networkProximity({ network: ia, diseaseGenes: [local(1), local(6)], compounds: [{ key: 'a', targets: [local(3), local(4)] }], permutations: 100, seed: 1, minBinSize: ONE_BIN });
    expect(r2.scores[0]!.d).to.equal(2);
  });

  it('the reference distribution matches the exact one over all random set pairs', () => {
    const S = [1, 6];
    const T = [3, 4];
    const observed = closest(S, T);
    const exact: number[] = [];
    for (const s of subsets(GENES, 2)) for (const t of subsets(GENES, 2)) exact.push(closest(s, t));
    const { mean, sd } = meanSd(exact);
    const pExact = exact.filter((v) => v <= observed).length / exact.length;
    const permutations = 5000;
    const r = networkProximity({ network: ia, diseaseGenes: S.map(local), compounds: [{ key: 'x', targets: T.map(local) }], permutations, seed: 20161010, minBinSize: ONE_BIN }).scores[0]!;
    // Monte Carlo error of the mean: sd / sqrt(5000) ≈ 0.01; of p: sqrt(p(1-p)/5000) ≤ 0.007.
    expect(r.random_mean).to.be.closeTo(mean, 0.05);
    expect(r.random_sd).to.be.closeTo(sd, 0.05);
    expect(r.z!).to.be.closeTo((observed - mean) / sd, 0.1);
    expect(r.p_empirical).to.be.closeTo(pExact, 0.03);
  });

  it('is reproducible, and a compound\'s score does not depend on the other compounds scored', () => {
    const input = (compounds: { key: string; targets: number[] }[], seed = 7) => ({ network: ia, diseaseGenes: [local(1)], compounds, permutations: 300, seed, minBinSize: 3 });
    const a = { key: 'DRUGBANK:DB1', targets: [local(4)] };
    const b = { key: 'DRUGBANK:DB2', targets: [local(6), local(7)] };
    const alone = networkProximity(input([a])).scores[0];
    const both = networkProximity(input([b, a])).scores[1];
    expect(both).to.deep.equal(alone);
    expect(networkProximity(input([a]))).to.deep.equal(networkProximity(input([a])));
    expect(networkProximity(input([a], 8)).scores[0]!.random_mean).not.to.equal(alone!.random_mean);
  });

  it('explains a target by its nearest disease gene (ties: smallest CURIE) and one shortest path', () => {
    // Disease genes {4, 6}. Target 2: d(2,4) = 2 (2-3-4), d(2,6) = 3 (2-7-5-6) -> gene 4, one at that distance.
    // Target 5: d(5,4) = 1, d(5,6) = 1 -> tie, gene 4, tied 2, path 5-4.
    const disease = [local(4), local(6)];
    const fromGene = disease.map((s) => distancesFrom(ia, s));
    const pairs = closestPairs(ia, disease, fromGene, [local(2), local(5)]);
    expect(pairs.map((p) => [p.target, p.gene, p.distance, p.tied_genes, p.path])).to.deep.equal([
      [local(5), local(4), 1, 2, [local(5), local(4)]],
      [local(2), local(4), 2, 1, [local(2), local(3), local(4)]],
    ]);
  });
});
