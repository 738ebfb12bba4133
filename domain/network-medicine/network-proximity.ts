// Network-based drug–disease proximity: Guney, Menche, Vidal & Barabási, "Network-based in silico drug
// efficacy screening", Nat Commun 2016 (doi:10.1038/ncomms10331).
// - Closest distance d_c(S,T) = (1/|T|) Σ_{t∈T} min_{s∈S} d(s,t): the mean, over a drug's targets T, of the
//   shortest-path length in the interactome to the nearest disease gene of S. One multi-source BFS from S
//   gives min_s d(s,·) for every gene at once.
// - Reference distribution: `permutations` pairs of random sets (random targets of |T|, random disease
//   genes of |S|), each degree-preserving (degree-preserving-sampling.ts); z = (d - mean) / sd, and the
//   empirical p = (1 + #{random d ≤ d}) / (1 + permutations) (closer than random is the signal).
// - Cost: the random disease-gene sets are shared by every compound of a request (one BFS per permutation,
//   not per compound per permutation, run 32 permutations at a time as one bit-parallel search), so a
//   permutation costs a share of that search plus Σ|T| lookups;
//   each compound draws its random targets from its own stream, so its score does not depend on which
//   other compounds are scored. Sums of integer distances are compared exactly (same |T| on both sides).
// The network must be connected (Guney et al. use the interactome's largest connected component), so every
// distance is finite.
import { bfsFromSet, degrees, Interactome, shortestPathTo, UNREACHABLE } from './interactome';
import { LANES, MultiSourceBfs } from './multi-source-bfs';
import { DegreeBin, degreeBins, DegreePreservingSampler, empiricalP, MIN_BIN_SIZE, NullAccumulator, SamplingPlan, streamRandom } from './degree-preserving-sampling';

export interface ProximityCompound {
  /** Stable key for its random stream (the compound's CURIE). */
  key: string;
  /** Its targets in the network (local indices, distinct, at least one). */
  targets: readonly number[];
}

export interface ProximityInput {
  network: Interactome;
  /** Disease genes in the network (local indices, distinct, at least one). */
  diseaseGenes: readonly number[];
  compounds: readonly ProximityCompound[];
  permutations: number;
  seed: number;
  minBinSize?: number;
}

export interface ProximityScore {
  /** Observed closest distance. */
  d: number;
  random_mean: number;
  random_sd: number;
  /** (d - mean) / sd; null when every random pair scored the same (sd 0). */
  z: number | null;
  /** (1 + #{random d ≤ d}) / (1 + permutations). */
  p_empirical: number;
}

export interface ProximityResult {
  scores: ProximityScore[];
  bins: DegreeBin[];
}

/** Σ_t min_s d(s,t) for the targets, from the distances to the nearest source. */
function distanceSum(dist: Uint8Array, targets: ArrayLike<number>, count: number): number {
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const d = dist[targets[i]!]!;
    if (d === UNREACHABLE) throw new Error('network proximity needs a connected network (use its largest component)');
    sum += d;
  }
  return sum;
}

/**
 * One request's computation, advanced a batch of permutations at a time so a caller can report progress,
 * honour an abort and let other work run between batches; the result does not depend on the batching.
 */
export class ProximityRun {
  readonly bins: DegreeBin[];
  private readonly sampler: DegreePreservingSampler;
  private readonly observed: number[];
  private readonly diseasePlan: SamplingPlan;
  private readonly diseaseRandom: () => number;
  /** The random disease-gene sets of one batch of LANES permutations, and their distances (lane k at k·size). */
  private readonly randomGenes: Int32Array[];
  private readonly batchDist: Uint8Array;
  private readonly bfs: MultiSourceBfs;
  private readonly plans: SamplingPlan[];
  private readonly streams: (() => number)[];
  private readonly nulls: NullAccumulator[];
  private readonly atMost: Int32Array;
  private readonly randomTargets: Int32Array;
  private completed = 0;
  /** Permutations to run; starts at input.permutations and may be raised by extendTo (adaptive runs). */
  private total: number;

  constructor(private readonly input: ProximityInput) {
    this.total = input.permutations;
    const { network, diseaseGenes, compounds } = input;
    if (diseaseGenes.length === 0) throw new Error('network proximity needs at least one disease gene in the network');
    this.bins = degreeBins(degrees(network), input.minBinSize ?? MIN_BIN_SIZE);
    this.sampler = new DegreePreservingSampler(this.bins, network.size);
    const dist = new Uint8Array(network.size);
    bfsFromSet(network, diseaseGenes, diseaseGenes.length, dist, new Int32Array(network.size));
    this.observed = compounds.map((c) => {
      if (c.targets.length === 0) throw new Error(`compound ${c.key} has no target in the network`);
      return distanceSum(dist, c.targets, c.targets.length);
    });
    this.diseasePlan = this.sampler.plan(diseaseGenes);
    this.diseaseRandom = streamRandom(input.seed, 'disease-genes');
    this.randomGenes = Array.from({ length: LANES }, () => new Int32Array(this.diseasePlan.size));
    this.batchDist = new Uint8Array(LANES * network.size);
    this.bfs = new MultiSourceBfs(network);
    this.plans = compounds.map((c) => this.sampler.plan(c.targets));
    this.streams = compounds.map((c) => streamRandom(input.seed, c.key));
    this.nulls = compounds.map((c, i) => new NullAccumulator(this.observed[i]! / c.targets.length));
    this.atMost = new Int32Array(compounds.length);
    this.randomTargets = new Int32Array(Math.max(1, ...compounds.map((c) => c.targets.length)));
  }

  get done(): boolean { return this.completed >= this.total; }
  get permutationsDone(): number { return this.completed; }
  get permutationsTotal(): number { return this.total; }

  /**
   * Raises the number of permutations to run. The streams continue where they stopped, so a run extended to
   * P gives exactly the result of a run asked for P from the start.
   */
  extendTo(total: number): void { this.total = Math.max(this.total, total); }

  /** Compounds no random set has yet matched (#random d <= d is 0): their p is at the resolution floor 1/(1+P). */
  atResolutionFloor(): number {
    let n = 0;
    for (let c = 0; c < this.plans.length; c++) if (this.atMost[c] === 0) n++;
    return n;
  }

  /**
   * Runs up to `count` more permutations, LANES at a time: their random disease-gene sets are drawn in order from
   * the disease stream, searched together (multi-source-bfs.ts), then each compound draws its random targets for
   * them in order from its own stream. Every stream is consumed in the same order as one permutation at a time, and
   * each compound's null is accumulated in permutation order, so the numbers are the same (tested).
   */
  advance(count: number): void {
    const { network } = this.input;
    const end = Math.min(this.total, this.completed + count);
    // Without compounds the random gene sets would score nothing.
    if (this.plans.length === 0) { this.completed = end; return; }
    const n = network.size;
    const dist = this.batchDist;
    while (this.completed < end) {
      const lanes = Math.min(LANES, end - this.completed);
      for (let k = 0; k < lanes; k++) this.sampler.sample(this.diseasePlan, this.diseaseRandom, this.randomGenes[k]!);
      this.bfs.run(this.randomGenes, this.diseasePlan.size, lanes, dist);
      for (let c = 0; c < this.plans.length; c++) {
        const plan = this.plans[c]!;
        const stream = this.streams[c]!;
        const observed = this.observed[c]!;
        const nul = this.nulls[c]!;
        let atMost = 0;
        for (let k = 0, base = 0; k < lanes; k++, base += n) {
          let sum = 0;
          if (plan.size === 1) {
            sum = dist[base + this.sampler.sampleOne(plan, stream)]!;
            if (sum === UNREACHABLE) throw new Error('network proximity needs a connected network (use its largest component)');
          } else {
            this.sampler.sample(plan, stream, this.randomTargets);
            for (let i = 0; i < plan.size; i++) {
              const d = dist[base + this.randomTargets[i]!]!;
              if (d === UNREACHABLE) throw new Error('network proximity needs a connected network (use its largest component)');
              sum += d;
            }
          }
          if (sum <= observed) atMost++;
          nul.add(sum / plan.size);
        }
        this.atMost[c]! += atMost;
      }
      this.completed += lanes;
    }
  }

  result(): ProximityResult {
    if (!this.done) throw new Error('permutations not finished');
    const scores = this.input.compounds.map((c, i): ProximityScore => {
      const s = this.nulls[i]!.summary();
      return { d: this.observed[i]! / c.targets.length, random_mean: s.mean, random_sd: s.sd, z: s.z, p_empirical: empiricalP(this.atMost[i]!, this.total) };
    });
    return { scores, bins: this.bins };
  }
}

/** The whole computation at once. */
export function networkProximity(input: ProximityInput): ProximityResult {
  const run = new ProximityRun(input);
  run.advance(input.permutations);
  return run.result();
}

export interface ClosestPair {
  /** Local indices in the network. */
  target: number;
  gene: number;
  distance: number;
  /** Disease genes at the same (closest) distance from this target, this one included. */
  tied_genes: number;
  /** One shortest path target → gene (local indices). */
  path: number[];
}

/**
 * For each target, its nearest disease gene (ties: the smallest CURIE, i.e. smallest local index) with one
 * shortest path, from the per-gene BFS distances (`fromGene[i]` = distances from diseaseGenes[i]); sorted by
 * distance, then target.
 */
export function closestPairs(network: Interactome, diseaseGenes: readonly number[], fromGene: readonly Uint8Array[], targets: readonly number[]): ClosestPair[] {
  const out: ClosestPair[] = [];
  for (const t of targets) {
    let best = UNREACHABLE;
    for (let i = 0; i < diseaseGenes.length; i++) best = Math.min(best, fromGene[i]![t]!);
    if (best === UNREACHABLE) continue;
    let chosen = -1;
    let ties = 0;
    for (let i = 0; i < diseaseGenes.length; i++) {
      if (fromGene[i]![t] !== best) continue;
      ties++;
      if (chosen < 0 || diseaseGenes[i]! < diseaseGenes[chosen]!) chosen = i;
    }
    out.push({ target: t, gene: diseaseGenes[chosen]!, distance: best, tied_genes: ties, path: shortestPathTo(network, fromGene[chosen]!, t)! });
  }
  return out.sort((a, b) => a.distance - b.distance || a.target - b.target);
}
