// Network separation and proximity of gene sets in the interactome, the quantities of the network
// configuration of drug combinations (Cheng, Kovács & Barabási, Nat Commun 2019, doi:10.1038/s41467-019-09186-x),
// which takes them from Menche et al. (Science 2015, doi:10.1126/science.1257601) and Guney et al.
// (Nat Commun 2016, doi:10.1038/ncomms10331). Pure. With d(x, y) the shortest-path length in hops:
//   d_AA = mean over a in A of the distance from a to the closest OTHER member of A (0 for a single gene: a
//          one-gene module has no spread);
//   d_AB = [ sum over a in A of min_b d(a, b) + sum over b in B of min_a d(a, b) ] / (|A| + |B|);
//   s_AB = d_AB - (d_AA + d_BB) / 2: negative when the two modules overlap (share or neighbour each other
//          more closely than each is spread), zero or positive when they are topologically separated;
//   closest distance d_c(T, S) = mean over t in T of min_s d(t, s) (Guney et al.: drug targets T, disease genes S).
// Genes that reach no member of the other set are left out of a mean (counted in `unreachable`); a mean with
// nothing left is null, and a separation using it is null.
import { Interactome, setDistances } from './interactome';

/** A gene set placed in the interactome: its genes (local indices) and the distances from it. */
export interface PlacedSet {
  genes: readonly number[];
  /** Hops from every interactome gene to the closest gene of the set (-1 unreachable). */
  nearest: Int32Array;
  /** d_AA (null when no gene reaches another); 0 for a single gene. */
  spread: number | null;
}

export function placeSet(net: Interactome, genes: readonly number[]): PlacedSet {
  const { nearest, other } = setDistances(net, genes);
  if (genes.length === 1) return { genes, nearest, spread: 0 };
  let sum = 0, count = 0;
  for (const g of genes) { const d = other.get(g)!; if (d >= 0) { sum += d; count++; } }
  return { genes, nearest, spread: count ? sum / count : null };
}

export interface SetDistance {
  /** d_AB. */
  mean: number | null;
  /** Genes of either set that reach no gene of the other. */
  unreachable: number;
}

export function betweenSets(a: PlacedSet, b: PlacedSet): SetDistance {
  let sum = 0, count = 0, unreachable = 0;
  for (const g of a.genes) { const d = b.nearest[g]!; if (d >= 0) { sum += d; count++; } else unreachable++; }
  for (const g of b.genes) { const d = a.nearest[g]!; if (d >= 0) { sum += d; count++; } else unreachable++; }
  return { mean: count ? sum / count : null, unreachable };
}

export interface Separation { d_ab: number | null; d_aa: number | null; d_bb: number | null; s_ab: number | null; unreachable: number }

export function separation(a: PlacedSet, b: PlacedSet): Separation {
  const between = betweenSets(a, b);
  const s = between.mean === null || a.spread === null || b.spread === null ? null : between.mean - (a.spread + b.spread) / 2;
  return { d_ab: between.mean, d_aa: a.spread, d_bb: b.spread, s_ab: s, unreachable: between.unreachable };
}

/** Guney's closest distance from targets T to a set S (mean over T of the hops to S's nearest gene). */
export function closestDistance(targets: readonly number[], to: PlacedSet): { value: number | null; unreachable: number } {
  let sum = 0, count = 0, unreachable = 0;
  for (const t of targets) { const d = to.nearest[t]!; if (d >= 0) { sum += d; count++; } else unreachable++; }
  return { value: count ? sum / count : null, unreachable };
}
