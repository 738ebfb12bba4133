// The disease module in the interactome: Menche, Sharma, Kitsak, Ghiassian, Vidal, Loscalzo & Barabási,
// "Uncovering disease-disease relationships through the incomplete interactome", Science 2015
// (doi:10.1126/science.1257601). A disease's genes that sit in one connected neighbourhood of the
// interactome form its module; its size is the largest connected component (LCC) of the subgraph the
// disease genes induce, and its significance is the LCC's z-score against random gene sets of the same
// size: z = (LCC - mean) / sd, with the empirical p = (1 + #{random LCC ≥ LCC}) / (1 + permutations).
// Random sets are degree-preserving (degree-preserving-sampling.ts, the same binning as network proximity),
// so the module is not credited to the disease genes merely being hubs.
import { degrees, inducedComponents, Interactome, largestInducedSize } from './interactome';
import { DegreeBin, degreeBins, DegreePreservingSampler, empiricalP, MIN_BIN_SIZE, NullAccumulator, SamplingPlan, streamRandom } from './degree-preserving-sampling';

export interface DiseaseModuleInput {
  network: Interactome;
  /** Disease genes in the network (local indices, distinct). */
  genes: readonly number[];
  permutations: number;
  seed: number;
  minBinSize?: number;
}

export interface DiseaseModuleResult {
  /** The LCC's genes, ascending local indices. */
  lcc: number[];
  /** Sizes of every connected component the disease genes induce, descending (singletons included). */
  component_sizes: number[];
  random_mean: number;
  random_sd: number;
  z: number | null;
  p_empirical: number;
  bins: DegreeBin[];
}

/** One request's computation, advanced a batch of permutations at a time (see ProximityRun). */
export class DiseaseModuleRun {
  private readonly components: { largest: number[]; sizes: number[] };
  private readonly bins: DegreeBin[];
  private readonly sampler: DegreePreservingSampler;
  private readonly plan: SamplingPlan;
  private readonly random: () => number;
  private readonly sample: Int32Array;
  private readonly stamp: Int32Array;
  private readonly queue: Int32Array;
  private readonly nul: NullAccumulator;
  private atLeast = 0;
  private completed = 0;

  constructor(private readonly input: DiseaseModuleInput) {
    const { network, genes } = input;
    this.components = inducedComponents(network, genes);
    this.bins = degreeBins(degrees(network), input.minBinSize ?? MIN_BIN_SIZE);
    this.sampler = new DegreePreservingSampler(this.bins, network.size);
    this.plan = this.sampler.plan(genes);
    this.random = streamRandom(input.seed, 'disease-module');
    this.sample = new Int32Array(Math.max(1, this.plan.size));
    this.stamp = new Int32Array(network.size);
    this.queue = new Int32Array(network.size);
    this.nul = new NullAccumulator(this.components.largest.length);
  }

  get done(): boolean { return this.completed >= this.input.permutations; }
  get permutationsDone(): number { return this.completed; }

  advance(count: number): void {
    const observed = this.components.largest.length;
    const end = Math.min(this.input.permutations, this.completed + count);
    for (; this.completed < end; this.completed++) {
      this.sampler.sample(this.plan, this.random, this.sample);
      const size = largestInducedSize(this.input.network, this.sample, this.plan.size, this.stamp, this.queue, this.completed + 1);
      if (size >= observed) this.atLeast++;
      this.nul.add(size);
    }
  }

  result(): DiseaseModuleResult {
    if (!this.done) throw new Error('permutations not finished');
    const s = this.nul.summary();
    return {
      lcc: this.components.largest, component_sizes: this.components.sizes, random_mean: s.mean, random_sd: s.sd, z: s.z,
      p_empirical: empiricalP(this.atLeast, this.input.permutations), bins: this.bins,
    };
  }
}

export function diseaseModule(input: DiseaseModuleInput): DiseaseModuleResult {
  const run = new DiseaseModuleRun(input);
  run.advance(input.permutations);
  return run.result();
}
