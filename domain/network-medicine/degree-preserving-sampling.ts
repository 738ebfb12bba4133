// Degree-preserving random gene sets, the reference distributions of network medicine: a random set
// has as many genes in each degree bin as the real set, so hubs are replaced by hubs and a set's
// closeness or connectivity is not credited to its genes merely being well studied (highly connected).
//
// Binning as in Guney, Menche, Vidal & Barabási, Nat Commun 2016 (doi:10.1038/ncomms10331), toolbox
// function get_degree_binning(g, bin_size=100): genes are grouped by exact degree in ascending order, and
// consecutive degree groups are merged until a bin holds at least `minBinSize` genes; a last bin that stays
// smaller is merged into the bin before it. (When the whole network has fewer genes than minBinSize, it is
// one bin.) A gene's "degree-equivalent" genes are the genes of its bin.
//
// Sampling: for each bin, as many distinct genes as the real set has there, drawn uniformly without
// replacement (a partial Fisher–Yates shuffle, undone after each draw so the bin's order — and hence every
// later draw — depends only on the generator's stream). Guney et al.'s code draws with replacement and
// retries a duplicate up to 20 times; without replacement the random set always has the real set's size.
// Randomness only through seededRandom streams; subSeed derives independent streams from one seed.
import { seededRandom } from '../shared/seeded-random';

export const MIN_BIN_SIZE = 100;

export interface DegreeBin {
  degree_low: number;
  degree_high: number;
  /** Genes (local indices) in the bin, ascending. */
  genes: Int32Array;
}

/** Bins over genes 0…n-1 with the given degrees (see the header for the rule). */
export function degreeBins(degrees: ArrayLike<number>, minBinSize = MIN_BIN_SIZE): DegreeBin[] {
  const byDegree = new Map<number, number[]>();
  for (let u = 0; u < degrees.length; u++) {
    const d = degrees[u]!;
    const list = byDegree.get(d);
    if (list) list.push(u); else byDegree.set(d, [u]);
  }
  const values = [...byDegree.keys()].sort((a, b) => a - b);
  const bins: { low: number; high: number; genes: number[] }[] = [];
  let i = 0;
  while (i < values.length) {
    const low = values[i]!;
    const genes = [...byDegree.get(low)!];
    while (genes.length < minBinSize && i + 1 < values.length) genes.push(...byDegree.get(values[++i]!)!);
    const high = values[i]!;
    i++;
    const last = bins[bins.length - 1];
    if (genes.length < minBinSize && last) {
      last.high = high;
      last.genes.push(...genes);
    } else {
      bins.push({ low, high, genes });
    }
  }
  return bins.map((b) => ({ degree_low: b.low, degree_high: b.high, genes: Int32Array.from(b.genes.sort((x, y) => x - y)) }));
}

/** How many genes of a set fall in each bin: what a random set must match. */
export interface SamplingPlan {
  readonly bins: Int32Array;
  readonly counts: Int32Array;
  /** The set's size (= the sum of counts). */
  readonly size: number;
}

export class DegreePreservingSampler {
  /** Bin of each gene. */
  readonly binOf: Int32Array;
  private readonly pools: Int32Array[];
  private readonly swaps: Int32Array;

  constructor(readonly bins: readonly DegreeBin[], geneCount: number) {
    this.binOf = new Int32Array(geneCount).fill(-1);
    bins.forEach((b, i) => { for (const g of b.genes) this.binOf[g] = i; });
    // Private copies: sampling permutes them (and restores them).
    this.pools = bins.map((b) => Int32Array.from(b.genes));
    this.swaps = new Int32Array(Math.max(1, ...bins.map((b) => b.genes.length)));
  }

  /** The plan of a set of distinct genes (each must be in a bin). */
  plan(genes: readonly number[]): SamplingPlan {
    const counts = new Map<number, number>();
    for (const g of genes) {
      const b = this.binOf[g]!;
      if (b < 0) throw new Error(`gene ${g} is in no degree bin`);
      counts.set(b, (counts.get(b) ?? 0) + 1);
    }
    const bins = [...counts.keys()].sort((a, b) => a - b);
    return { bins: Int32Array.from(bins), counts: Int32Array.from(bins.map((b) => counts.get(b)!)), size: genes.length };
  }

  /**
   * One random gene of a one-gene plan: the same draw `sample` makes for it (one random number, the pool in its
   * ascending resting order), without the swap and its undo. Why: most compounds have one interactome target, and
   * this is the hot loop of repurposing's permutations.
   */
  sampleOne(plan: SamplingPlan, random: () => number): number {
    const pool = this.pools[plan.bins[0]!]!;
    return pool[Math.floor(random() * pool.length)]!;
  }

  /** Writes one random set matching the plan into out[0 … plan.size-1] (bin by bin, in bin order). */
  sample(plan: SamplingPlan, random: () => number, out: Int32Array): void {
    let o = 0;
    for (let i = 0; i < plan.bins.length; i++) {
      const pool = this.pools[plan.bins[i]!]!;
      const k = plan.counts[i]!;
      const m = pool.length;
      for (let j = 0; j < k; j++) {
        const pick = j + Math.floor(random() * (m - j));
        this.swaps[j] = pick;
        const chosen = pool[pick]!;
        pool[pick] = pool[j]!;
        pool[j] = chosen;
        out[o++] = chosen;
      }
      // Undo in reverse so the pool is back in ascending order for the next draw.
      for (let j = k - 1; j >= 0; j--) {
        const pick = this.swaps[j]!;
        const t = pool[pick]!;
        pool[pick] = pool[j]!;
        pool[j] = t;
      }
    }
  }
}

/**
 * An independent stream's seed from the request's seed and a key (a compound's CURIE, "disease-genes"):
 * FNV-1a over the key's UTF-16 units, mixed with the seed. A compound's random sets then depend only on
 * the seed and that compound, not on which other compounds are scored in the same request.
 */
export function subSeed(seed: number, key: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= Math.imul(seed >>> 0, 0x9e3779b1) >>> 0;
  return h >>> 0;
}

/** A generator for one stream of a request. */
export function streamRandom(seed: number, key: string): () => number {
  return seededRandom(subSeed(seed, key));
}

/** Mean, population standard deviation (numpy.std's default, as Guney et al. and Menche et al. use) and z. */
export interface NullSummary { mean: number; sd: number; z: number | null }

/**
 * Accumulates a reference distribution shifted by the observed value (small numbers, no cancellation)
 * and answers its summary and the z-score of the observed value (null when the distribution has no
 * spread: every random set scored the same).
 */
export class NullAccumulator {
  private n = 0;
  private sum = 0;
  private sumSq = 0;
  constructor(private readonly observed: number) {}
  add(value: number): void {
    const x = value - this.observed;
    this.n++;
    this.sum += x;
    this.sumSq += x * x;
  }
  summary(): NullSummary {
    const shift = this.sum / this.n;
    const variance = Math.max(0, this.sumSq / this.n - shift * shift);
    const sd = Math.sqrt(variance);
    const mean = this.observed + shift;
    return { mean, sd, z: sd > 1e-12 ? -shift / sd : null };
  }
}

/** Empirical one-sided p with the +1 correction (Phipson & Smyth 2010): (1 + #as extreme) / (1 + permutations). */
export function empiricalP(asExtreme: number, permutations: number): number {
  return (1 + asExtreme) / (1 + permutations);
}
