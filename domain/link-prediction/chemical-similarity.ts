// Hetionet's Compound–resembles–Compound (CrC) metaedge (Himmelstein et al., eLife 2017, doi:10.7554/eLife.26726,
// "Compound similarity"): two compounds resemble each other when the Dice coefficient of their ECFP4 fingerprints
// (Morgan, radius 2; Rogers & Hahn, J Chem Inf Model 2010, doi:10.1021/ci100050t) is at least 0.5.
// Dice (Dice, Ecology 1945; for fingerprints: Willett et al., J Chem Inf Comput Sci 1998, doi:10.1021/ci9800211):
// 2 |A ∩ B| / (|A| + |B|) over the set bits, 0 when both are empty. Dice ≥ 0.5 is Tanimoto ≥ 1/3
// (D = 2T / (1 + T)). Fingerprints are packed 32-bit words (domain/screening/fingerprint-similarity.ts). Pure.
import { bitCount, popcount32 } from '../screening/fingerprint-similarity';

/** Hetionet's threshold for a resembles edge. */
export const RESEMBLES_MIN_DICE = 0.5;

/** Dice coefficient of two packed fingerprints; `countA`/`countB` their bit counts (computed when absent). */
export function dice(a: Uint32Array, b: Uint32Array, countA = bitCount(a), countB = bitCount(b)): number {
  if (a.length !== b.length) throw new Error('dice: fingerprints of different lengths');
  const total = countA + countB;
  if (total === 0) return 0;
  let both = 0;
  for (let i = 0; i < a.length; i++) both += popcount32(a[i]! & b[i]!);
  return (2 * both) / total;
}

export interface FingerprintedNode { node: number; fp: Uint32Array; bits: number }

/**
 * Every pair of distinct nodes whose fingerprints have Dice ≥ `threshold`, as (lower node, higher node), sorted;
 * a node listed twice (two identifiers merged into one node) is compared once, by its first fingerprint.
 */
export function resemblesPairs(items: readonly FingerprintedNode[], threshold = RESEMBLES_MIN_DICE): { src: Int32Array; dst: Int32Array } {
  const seen = new Set<number>();
  const unique = items.filter((x) => (seen.has(x.node) ? false : (seen.add(x.node), true)));
  const pairs: [number, number][] = [];
  for (let i = 0; i < unique.length; i++) {
    const a = unique[i]!;
    for (let j = i + 1; j < unique.length; j++) {
      const b = unique[j]!;
      // |A ∩ B| ≤ min(|A|, |B|), so Dice ≤ 2 min / (|A| + |B|): skip pairs that cannot reach the threshold.
      if (2 * Math.min(a.bits, b.bits) < threshold * (a.bits + b.bits)) continue;
      if (dice(a.fp, b.fp, a.bits, b.bits) >= threshold) pairs.push(a.node < b.node ? [a.node, b.node] : [b.node, a.node]);
    }
  }
  pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  return { src: Int32Array.from(pairs.map((p) => p[0])), dst: Int32Array.from(pairs.map((p) => p[1])) };
}
