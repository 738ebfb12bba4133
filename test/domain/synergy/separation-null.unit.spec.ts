// The separation z of a drug pair against degree-preserving random target sets (Cheng et al., Nat Commun 2019),
// checked against the exact reference distribution enumerated on a small graph. The interactome is the path
// 1-2-...-8 (d(i, j) = |i − j|), fewer than 100 genes, so one degree bin: random target sets are uniform subsets of
// the drug's size, drawn independently for the two drugs. A second implementation (Floyd–Warshall distances and
// the separation formula written out) enumerates every (|A|-subset, |B|-subset) pair.
// Worked by hand for A = {1}, B = {2, 3}: d_AB = (1 + 1 + 2)/3 = 4/3, d_AA = 0, d_BB = 1, s_AB = 5/6.
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';
import { buildInteractome, inInteractome } from '../../../domain/synergy/interactome';
import { placeSet, separation } from '../../../domain/synergy/network-separation';
import { separationNull } from '../../../domain/synergy/separation-null';
import { floyd, meanSd, subsets } from '../network-medicine/support';

const PATH: [number, number][] = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8]];
const GENES = [1, 2, 3, 4, 5, 6, 7, 8];

function net() {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 'ppi-1', resource: 'ppi' }]);
  PATH.forEach(([a, c], i) => b.addEdge(edgeTypeIndex('INTERACTS_WITH')!, `NCBIGene:${a}`, `NCBIGene:${c}`, 0, i));
  const g = b.build(new Map(), new Map());
  const ia = buildInteractome(g);
  return { ia, local: (genes: number[]) => inInteractome(ia, genes.map((x) => g.lookup(`NCBIGene:${x}`)!)) };
}

/** s_AB by its definition over all-pairs distances (Menche et al. 2015), independent of network-separation.ts. */
function sByHand(a: number[], b: number[]): number {
  const d = floyd(GENES, PATH);
  const spread = (s: number[]) => (s.length === 1 ? 0 : s.reduce((sum, x) => sum + Math.min(...s.filter((y) => y !== x).map((y) => d(x, y))), 0) / s.length);
  const across = [...a.map((x) => Math.min(...b.map((y) => d(x, y)))), ...b.map((y) => Math.min(...a.map((x) => d(x, y))))];
  return across.reduce((s, v) => s + v, 0) / across.length - (spread(a) + spread(b)) / 2;
}

function exactZ(a: number[], b: number[]): number {
  const values: number[] = [];
  for (const ra of subsets(GENES, a.length)) for (const rb of subsets(GENES, b.length)) values.push(sByHand(ra, rb));
  const { mean, sd } = meanSd(values);
  return (sByHand(a, b) - mean) / sd;
}

describe('separation z against degree-preserving random target sets', function () {
  this.timeout(20_000);

  it('reproduces the enumerated z of s_AB on a path graph (5,000 permutations)', () => {
    const { ia, local } = net();
    const cases: [number[], number[]][] = [[[1], [2, 3]], [[1, 2], [7, 8]], [[3, 4, 5], [4]]];
    const drugs = cases.flatMap(([a, b], i) => [{ key: `A${i}`, genes: local(a) }, { key: `B${i}`, genes: local(b) }]);
    const pairs = cases.map(([a, b], i) => ({ a: 2 * i, b: 2 * i + 1, observed: separation(placeSet(ia, local(a)), placeSet(ia, local(b))).s_ab! }));
    expect(pairs[0]!.observed).to.be.closeTo(5 / 6, 1e-12);
    const nulls = separationNull(ia, drugs, pairs, 5000, 11);
    cases.forEach(([a, b], i) => {
      expect(pairs[i]!.observed, `${a}|${b}`).to.be.closeTo(sByHand(a, b), 1e-12);
      // z's standard error at 5,000 draws is about sqrt(1 + z²/2)/sqrt(5000) < 0.05 here.
      expect(nulls[i]!.z!, `${a}|${b}`).to.be.closeTo(exactZ(a, b), 0.15);
      expect(nulls[i]!.permutations_used).to.equal(5000);
    });
  });

  it('is reproducible for a seed and changes with it', () => {
    const { ia, local } = net();
    const drugs = [{ key: 'x', genes: local([1]) }, { key: 'y', genes: local([5, 6]) }];
    const pairs = [{ a: 0, b: 1, observed: 1 }];
    expect(separationNull(ia, drugs, pairs, 100, 3)).to.deep.equal(separationNull(ia, drugs, pairs, 100, 3));
    expect(separationNull(ia, drugs, pairs, 100, 3)[0]!.random_mean).to.not.equal(separationNull(ia, drugs, pairs, 100, 4)[0]!.random_mean);
  });
});
