// Tanimoto similarity of binary fingerprints (Rogers & Tanimoto, Science 1960; for Morgan/ECFP fingerprints:
// Rogers & Hahn, J Chem Inf Model 2010, doi:10.1021/ci100050t): |A ∩ B| / |A ∪ B| over the set bits, 0 when
// both are empty. Fingerprints are packed into 32-bit words so a comparison is a few dozen popcounts. Pure.

/** Packs a fingerprint given as bytes (RDKit's get_morgan_fp_as_uint8array) into 32-bit words. */
export function packFingerprint(bytes: Uint8Array): Uint32Array {
  const words = new Uint32Array(Math.ceil(bytes.length / 4));
  for (let i = 0; i < bytes.length; i++) words[i >> 2]! |= bytes[i]! << ((i & 3) * 8);
  return words;
}

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function bitCount(fp: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < fp.length; i++) n += popcount32(fp[i]!);
  return n;
}

/** Tanimoto coefficient; `countA`/`countB` are the fingerprints' bit counts (precomputed by the caller). */
export function tanimoto(a: Uint32Array, b: Uint32Array, countA = bitCount(a), countB = bitCount(b)): number {
  let both = 0;
  for (let i = 0; i < a.length; i++) both += popcount32(a[i]! & b[i]!);
  const either = countA + countB - both;
  return either === 0 ? 0 : both / either;
}

export interface Fingerprinted { fp: Uint32Array; bits: number }

/** The highest similarity of `query` to any reference, and which reference (first of equals), or null when none. */
export function nearest(query: Fingerprinted, references: readonly Fingerprinted[]): { similarity: number; index: number } | null {
  let best: { similarity: number; index: number } | null = null;
  references.forEach((ref, index) => {
    const similarity = tanimoto(query.fp, ref.fp, query.bits, ref.bits);
    if (!best || similarity > best.similarity) best = { similarity, index };
  });
  return best;
}
