// Dice similarity of packed fingerprints and Hetionet's resembles edges (Dice ≥ 0.5), against hand computation.
import { expect } from 'chai';
import { dice, resemblesPairs } from '../../../domain/link-prediction/chemical-similarity';
import { bitCount } from '../../../domain/screening/fingerprint-similarity';

const fp = (...words: number[]) => Uint32Array.from(words);
const item = (node: number, f: Uint32Array) => ({ node, fp: f, bits: bitCount(f) });

describe('link prediction: chemical similarity (CrC)', () => {
  // Bits: A {0,1,2,3}; B {2,3,4}; C {5,6,7,8}; D {0,1,33} (bit 33 is in the second word).
  const A = fp(0b1111, 0);
  const B = fp(0b11100, 0);
  const C = fp(0b111100000, 0);
  const D = fp(0b11, 0b10);

  it('is 2|A∩B| / (|A| + |B|) by hand', () => {
    // A∩B = {2,3}: 2·2 / (4 + 3) = 4/7. (Tanimoto 2/5; 2T/(1+T) = 0.8/1.4 = 4/7 too.)
    expect(dice(A, B)).to.be.closeTo(4 / 7, 1e-15);
    // A∩D = {0,1}: 4 / (4 + 3) = 4/7, the second word counted (|D| = 3).
    expect(dice(A, D)).to.be.closeTo(4 / 7, 1e-15);
    expect(dice(A, C)).to.equal(0);
    expect(dice(B, D)).to.equal(0);
    expect(dice(A, A)).to.equal(1);
    expect(dice(fp(0, 0), fp(0, 0))).to.equal(0);
    // {0,1} and {1,2}: 2·1 / 4 = 0.5 exactly.
    expect(dice(fp(0b11, 0), fp(0b110, 0))).to.equal(0.5);
  });

  it('links every pair with Dice ≥ 0.5 (lower node first), the threshold itself included', () => {
    const pairs = resemblesPairs([item(7, A), item(3, B), item(5, C), item(9, D)]);
    // A–B 4/7 and A–D 4/7 pass; A–C, B–C, B–D, C–D are 0. Node order: (3, 7), (7, 9).
    expect([...pairs.src]).to.deep.equal([3, 7]);
    expect([...pairs.dst]).to.deep.equal([7, 9]);
    const boundary = resemblesPairs([item(1, fp(0b11, 0)), item(2, fp(0b110, 0))]);
    expect([...boundary.src, ...boundary.dst]).to.deep.equal([1, 2]);
    // {0,1,2} and {2,3,4}: 2·1/6 = 1/3 < 0.5: no edge.
    expect(resemblesPairs([item(1, fp(0b111, 0)), item(2, fp(0b11100, 0))]).src).to.have.length(0);
  });

  it('compares a node listed twice once, with no self-pair', () => {
    const pairs = resemblesPairs([item(4, A), item(4, A), item(6, B)]);
    expect([...pairs.src]).to.deep.equal([4]);
    expect([...pairs.dst]).to.deep.equal([6]);
  });
});
