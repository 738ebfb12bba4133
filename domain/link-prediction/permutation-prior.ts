// Project Rephetio's permutation prior (Himmelstein et al., "Systematic integration of biomedical knowledge
// prioritizes drugs for repurposing", eLife 2017, doi:10.7554/eLife.26726, "Prior probability of treatment"):
// the probability that a compound–disease pair is a treatment given only the two nodes' treatment degrees.
// The TREATS edges are permuted by XSwap (Hanhijärvi et al., "Randomization techniques for graphs", SIAM SDM
// 2009; Rephetio's hetio implementation): pick two edges (a, b), (c, d) at random and replace them by (a, d),
// (c, b) unless that would duplicate an edge (a = c or b = d included), `multiplier` × |E| attempts per
// permutation, each permutation continuing from the previous one (as hetio chains them). Every permuted network
// keeps each compound's and each disease's degree. The prior of a pair whose compound has degree a and whose
// disease has degree b is the fraction, over the permuted networks, of all (degree-a compound, degree-b disease)
// pairs that are connected: (Σ_perm edges between the two degree classes) / (permutations · n_a · n_b).
// The swap chain is symmetric (a swap and its reverse are proposed with the same probability) and connects
// every bipartite graph with the same degree sequences (Ryser 1957), so its stationary distribution is uniform
// over them and the prior estimates the average over every such graph — what the test checks by enumeration.
// A pair with a degree-0 side has prior 0 (no permuted network can connect it). Deterministic: the RNG is
// seeded (mulberry32, domain/shared/seeded-random.ts) and edges are taken in the order given. Pure.
import { seededRandom } from '../shared/seeded-random';

export interface PermutationPriorOptions {
  /** Number of permuted networks (Rephetio's feature used many more; 50 keeps the Monte-Carlo SE ≲ 0.07 per pair, far less per degree class). */
  permutations: number;
  /** Swap attempts per permutation, as a multiple of the edge count (hetio's default 10). */
  multiplier: number;
  seed: number;
}

export const PERMUTATION_PRIOR_DEFAULTS: PermutationPriorOptions = { permutations: 50, multiplier: 10, seed: 20170922 };

/** The prior is clipped to [clip, 1 − clip] before its logit (a degree-0 pair has prior 0). */
export const PRIOR_CLIP = 1e-5;

/** In place: `attempts` XSwap attempts on the bipartite edge list (src[i], dst[i]); keys of present edges in `present`. */
export function xswap(src: Int32Array, dst: Int32Array, present: Set<number>, targetCount: number, attempts: number, random: () => number): number {
  const m = src.length;
  let swaps = 0;
  if (m < 2) return 0;
  for (let t = 0; t < attempts; t++) {
    const i = Math.floor(random() * m);
    const j = Math.floor(random() * m);
    if (i === j) continue;
    const a = src[i]!, b = dst[i]!, c = src[j]!, d = dst[j]!;
    if (a === c || b === d) continue;
    const ad = a * targetCount + d;
    const cb = c * targetCount + b;
    if (present.has(ad) || present.has(cb)) continue;
    present.delete(a * targetCount + b);
    present.delete(c * targetCount + d);
    present.add(ad);
    present.add(cb);
    dst[i] = d;
    dst[j] = b;
    swaps++;
  }
  return swaps;
}

/** The degree-class prior of a bipartite edge list: prior(a, b) for a source of degree a and a target of degree b. */
export class DegreePrior {
  constructor(
    /** Σ over permutations of the edges between degree classes, keyed a · (maxTargetDegree + 1) + b. */
    private readonly edgesByClass: ReadonlyMap<number, number>,
    private readonly sourcesOfDegree: ReadonlyMap<number, number>,
    private readonly targetsOfDegree: ReadonlyMap<number, number>,
    private readonly maxTargetDegree: number,
    readonly permutations: number,
  ) {}

  prior(sourceDegree: number, targetDegree: number): number {
    if (sourceDegree <= 0 || targetDegree <= 0) return 0;
    const ns = this.sourcesOfDegree.get(sourceDegree) ?? 0;
    const nt = this.targetsOfDegree.get(targetDegree) ?? 0;
    // A degree class no node has: no pair to be connected (only reachable when a caller asks for a degree
    // absent from the network, e.g. a pair's degrees less its own edge); 0.
    if (ns === 0 || nt === 0 || targetDegree > this.maxTargetDegree) return 0;
    const edges = this.edgesByClass.get(sourceDegree * (this.maxTargetDegree + 1) + targetDegree) ?? 0;
    return edges / (this.permutations * ns * nt);
  }
}

/**
 * XSwap permutation prior of the bipartite edges (src[i], dst[i]) — node indices, sources and targets from
 * separate index spaces below `targetCount` for targets. Duplicate pairs must not be passed.
 */
export function permutationPrior(src: Int32Array, dst: Int32Array, targetCount: number, options: PermutationPriorOptions = PERMUTATION_PRIOR_DEFAULTS): DegreePrior {
  const m = src.length;
  const sourceDegree = new Map<number, number>();
  const targetDegree = new Map<number, number>();
  for (let i = 0; i < m; i++) {
    sourceDegree.set(src[i]!, (sourceDegree.get(src[i]!) ?? 0) + 1);
    targetDegree.set(dst[i]!, (targetDegree.get(dst[i]!) ?? 0) + 1);
  }
  const count = (degrees: Map<number, number>): Map<number, number> => {
    const out = new Map<number, number>();
    for (const k of degrees.values()) out.set(k, (out.get(k) ?? 0) + 1);
    return out;
  };
  let maxTarget = 0;
  for (const k of targetDegree.values()) maxTarget = Math.max(maxTarget, k);
  const s = src.slice();
  const d = dst.slice();
  const present = new Set<number>();
  for (let i = 0; i < m; i++) present.add(s[i]! * targetCount + d[i]!);
  if (present.size !== m) throw new Error('permutationPrior: duplicate edges');
  const random = seededRandom(options.seed);
  const attempts = Math.round(options.multiplier * m);
  const edgesByClass = new Map<number, number>();
  for (let p = 0; p < options.permutations; p++) {
    xswap(s, d, present, targetCount, attempts, random);
    // Degrees are preserved, so each edge's class is that of its endpoints' (unchanged) degrees.
    for (let i = 0; i < m; i++) {
      const key = sourceDegree.get(s[i]!)! * (maxTarget + 1) + targetDegree.get(d[i]!)!;
      edgesByClass.set(key, (edgesByClass.get(key) ?? 0) + 1);
    }
  }
  return new DegreePrior(edgesByClass, count(sourceDegree), count(targetDegree), maxTarget, options.permutations);
}

/** log(p / (1 − p)) with p clipped to [PRIOR_CLIP, 1 − PRIOR_CLIP]. */
export function priorLogit(p: number): number {
  const q = Math.min(1 - PRIOR_CLIP, Math.max(PRIOR_CLIP, p));
  return Math.log(q / (1 - q));
}
