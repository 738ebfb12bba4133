// Tanimoto on packed fingerprints against a naive computation on sets of bit positions.
import { expect } from 'chai';
import { bitCount, nearest, packFingerprint, tanimoto } from '../../../domain/screening/fingerprint-similarity';
import { seededRandom } from '../../../domain/shared/seeded-random';

function bytesFromBits(bits: number[], nBytes = 256): Uint8Array {
  const bytes = new Uint8Array(nBytes);
  for (const b of bits) bytes[b >> 3]! |= 1 << (b & 7);
  return bytes;
}

function naiveTanimoto(a: Set<number>, b: Set<number>): number {
  const both = [...a].filter((x) => b.has(x)).length;
  const either = new Set([...a, ...b]).size;
  return either === 0 ? 0 : both / either;
}

describe('fingerprint similarity', () => {
  it('packs bytes into words keeping every set bit', () => {
    const fp = packFingerprint(bytesFromBits([0, 7, 8, 31, 32, 2047]));
    expect(fp.length).to.equal(64);
    expect(bitCount(fp)).to.equal(6);
    expect(fp[0]).to.equal((1 | (1 << 7) | (1 << 8) | (1 << 31)) >>> 0);
    expect(fp[1]).to.equal(1);
    expect(fp[63]).to.equal(0x80000000);
  });

  it('equals |A ∩ B| / |A ∪ B| on random fingerprints, and 0 for two empty ones', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 50; trial++) {
      const a = new Set<number>(), b = new Set<number>();
      for (let i = 0; i < 60; i++) { a.add(Math.floor(random() * 2048)); b.add(Math.floor(random() * 2048)); }
      for (const x of [...a].slice(0, 20)) b.add(x); // some overlap
      const fa = packFingerprint(bytesFromBits([...a])), fb = packFingerprint(bytesFromBits([...b]));
      expect(tanimoto(fa, fb)).to.be.closeTo(naiveTanimoto(a, b), 1e-12);
    }
    const empty = packFingerprint(new Uint8Array(256));
    expect(tanimoto(empty, empty)).to.equal(0);
    // Worked by hand: {1,2,3} vs {2,3,4}: 2 shared of 4 -> 0.5.
    expect(tanimoto(packFingerprint(bytesFromBits([1, 2, 3])), packFingerprint(bytesFromBits([2, 3, 4])))).to.equal(0.5);
  });

  it('finds the most similar reference, the first of equals', () => {
    const q = packFingerprint(bytesFromBits([1, 2, 3, 4]));
    const refs = [[1, 9], [1, 2, 3, 9], [1, 2, 3, 8], [5]].map((bits) => { const fp = packFingerprint(bytesFromBits(bits)); return { fp, bits: bitCount(fp) }; });
    expect(nearest({ fp: q, bits: bitCount(q) }, refs)).to.deep.equal({ similarity: 0.6, index: 1 });
    expect(nearest({ fp: q, bits: bitCount(q) }, [])).to.equal(null);
  });
});
