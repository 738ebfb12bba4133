// The z-score of a drug pair's target-module separation s_AB against degree-preserving randomised networks
// (the reference the issue asks of Cheng, Kovács & Barabási's configurations, Nat Commun 2019): the drugs keep their
// own targets, the interactome is rewired by double edge swaps (Maslov & Sneppen, Science 2002; edge-swap.ts), and
// s_AB is recomputed on each randomised network; z_AB = (s_AB − mean)/sd (population sd). Where the target-set
// null (separation-null.ts) asks "are these two drugs' targets closer than random genes of the same degrees?", this
// asks "is the network's wiring what puts them close?": a pair sharing its only target has s_AB = 0 on every
// rewired network (d_AB = d_AA = d_BB = 0), so its sd is 0 and its z null — the overlap is not a network effect.
// Cost: per network Q·|E| swap attempts plus one breadth-first search per drug, whatever the number of
// pairs, so every returned pair gets its z. A network on which a separation is undefined (the rewiring cut the
// drugs apart) is skipped and not counted. Pure and seeded.
import { seededRandom } from '../shared/seeded-random';
import { randomisedNetworks, SwapSchedule } from './edge-swap';
import type { Interactome } from './interactome';
import { PairReference, pairSeparations, partnersOfDrugs, SeparationNull, SeparationNullPair } from './separation-null';
import { SetDistanceBuffers } from './set-distance-buffers';

export interface NetworkNullOptions { networks: number; schedule: SwapSchedule; seed: number }

/** `drugs[i]`: distinct interactome genes (local indices) of drug i; pairs index into it. */
export function networkRandomisationNull(
  net: Interactome, drugs: readonly (readonly number[])[], pairs: readonly SeparationNullPair[], options: NetworkNullOptions,
): (SeparationNull | null)[] {
  if (pairs.length === 0 || options.networks <= 0) return pairs.map(() => null);
  const partnersOf = partnersOfDrugs(pairs);
  const reference = new PairReference(pairs);
  for (const random of randomisedNetworks(net, options.networks, options.schedule, seededRandom(options.seed ^ 0x5a5a5a5a))) {
    const bfs = new SetDistanceBuffers(random);
    reference.add(pairSeparations(bfs, (d) => drugs[d]!, partnersOf, pairs));
  }
  return reference.summaries();
}
