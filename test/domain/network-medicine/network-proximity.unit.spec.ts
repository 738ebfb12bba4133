// Network proximity (Guney et al. 2016) against an independent computation: closest distances from
// Floyd–Warshall, and the reference distribution against its exact form, enumerated over every pair of
// random disease-gene and target sets (one degree bin, so random sets are uniform subsets).
import { expect } from 'chai';
import { closestPairs, networkProximity, ProximityRun } from '../../../domain/network-medicine/network-proximity';
import { bfsFromSet, degrees, distancesFrom } from '../../../domain/network-medicine/interactome';
import { degreeBins, DegreePreservingSampler, empiricalP, NullAccumulator, streamRandom } from '../../../domain/network-medicine/degree-preserving-sampling';
import { seededRandom } from '../../../domain/shared/seeded-random';
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

  it('runs its permutations 32 at a time with the same numbers as one permutation at a time (the straightforward loop)', () => {
    // The straightforward computation, written out here: for each permutation in turn, the disease stream draws a
    // random gene set, one BFS gives the distances to it, then each compound's stream draws its random targets.
    const random = seededRandom(5);
    const edges: [number, number][] = [];
    for (let v = 2; v <= 260; v++) edges.push([1 + Math.floor(random() * (v - 1)), v]);
    for (let e = 0; e < 300; e++) { const a = 1 + Math.floor(random() * 260), b = 1 + Math.floor(random() * 260); if (a !== b) edges.push([a, b]); }
    const net = network(edges).ia;
    const pick = (k: number) => [...new Set(Array.from({ length: k }, () => Math.floor(random() * net.size)))].sort((a, b) => a - b);
    const diseaseGenes = pick(9);
    const compounds = Array.from({ length: 25 }, (_, c) => ({ key: `C:${c}`, targets: pick(1 + (c % 6)) }));
    const permutations = 150; // 4 full batches of 32 and a partial one
    const bins = degreeBins(degrees(net), 30);
    const sampler = new DegreePreservingSampler(bins, net.size);
    const dist = new Uint8Array(net.size);
    const queue = new Int32Array(net.size);
    bfsFromSet(net, diseaseGenes, diseaseGenes.length, dist, queue);
    const observed = compounds.map((c) => c.targets.reduce((s, t) => s + dist[t]!, 0));
    const diseaseStream = streamRandom(11, 'disease-genes');
    const streams = compounds.map((c) => streamRandom(11, c.key));
    const nulls = compounds.map((c, i) => new NullAccumulator(observed[i]! / c.targets.length));
    const atMost = compounds.map(() => 0);
    const genes = new Int32Array(diseaseGenes.length);
    for (let k = 0; k < permutations; k++) {
      sampler.sample(sampler.plan(diseaseGenes), diseaseStream, genes);
      bfsFromSet(net, genes, genes.length, dist, queue);
      compounds.forEach((c, i) => {
        const out = new Int32Array(c.targets.length);
        sampler.sample(sampler.plan(c.targets), streams[i]!, out);
        const sum = out.reduce((s, t) => s + dist[t]!, 0);
        if (sum <= observed[i]!) atMost[i]!++;
        nulls[i]!.add(sum / c.targets.length);
      });
    }
    const expected = compounds.map((c, i) => {
      const s = nulls[i]!.summary();
      return { d: observed[i]! / c.targets.length, random_mean: s.mean, random_sd: s.sd, z: s.z, p_empirical: empiricalP(atMost[i]!, permutations) };
    });
    const input = { network: net, diseaseGenes, compounds, permutations, seed: 11, minBinSize: 30 };
    expect(networkProximity(input).scores).to.deep.equal(expected);
    // Advanced in uneven steps (as the adaptive extension does): the same.
    const run = new ProximityRun({ ...input, permutations: 40 });
    run.advance(7); run.advance(40); run.extendTo(permutations); run.advance(70); run.advance(100);
    expect(run.result().scores).to.deep.equal(expected);
  });
});
