// Wang et al.'s semantic similarity (Bioinformatics 2007) of Disease Ontology terms and the derived DrD edges, against
// hand computation on a small DAG and against a second implementation (graph-fixtures.ts:
// every IS_A path enumerated, S-value = the largest product of 0.8s over them) on random DAGs.
import { expect } from 'chai';
import { diseaseResemblesPairs, semanticValues, wangSimilarity } from '../../../domain/link-prediction/disease-similarity';
import { seededRandom } from '../../../domain/shared/seeded-random';
import { naiveWangSimilarity } from './graph-fixtures';

// 0 root R; 1 X is_a R; 2 A is_a X and is_a R (a shortcut); 3 B is_a X; 4 C is_a R.
const PARENTS: number[][] = [[], [0], [1, 0], [1], [0]];
const parents = (u: number) => PARENTS[u]!;

describe('link prediction: disease similarity (Wang et al. 2007) and DrD edges', () => {
  it('matches a hand computation, the shortcut to the root taking the larger S-value', () => {
    // S_A = {A 1, X 0.8, R max(0.8 direct, 0.64 via X) = 0.8}, SV 2.6; S_B = {B 1, X 0.8, R 0.64}, SV 2.44;
    // S_C = {C 1, R 0.8}, SV 1.8.
    expect([...semanticValues(2, parents)].sort((x, y) => x[0] - y[0])).to.deep.equal([[0, 0.8], [1, 0.8], [2, 1]]);
    const [sA, sB, sC] = [2, 3, 4].map((t) => semanticValues(t, parents));
    expect([...sB!.values()].reduce((x, y) => x + y, 0)).to.be.closeTo(2.44, 1e-12);
    // sim(A, B) = ((0.8 + 0.8) + (0.8 + 0.64)) / (2.6 + 2.44) = 3.04 / 5.04 = 0.603175
    expect(wangSimilarity(sA!, sB!)).to.be.closeTo(3.04 / 5.04, 1e-12);
    expect(3.04 / 5.04).to.be.closeTo(0.603175, 1e-6);
    // sim(A, C) = (0.8 + 0.8) / (2.6 + 1.8) = 0.363636; sim(B, C) = (0.64 + 0.8) / (2.44 + 1.8) = 0.339623
    expect(wangSimilarity(sA!, sC!)).to.be.closeTo(1.6 / 4.4, 1e-12);
    expect(wangSimilarity(sB!, sC!)).to.be.closeTo(1.44 / 4.24, 1e-12);
    expect(wangSimilarity(sA!, sA!)).to.equal(1);
  });

  it('joins exactly the pairs at or above the threshold, each once, lower node first', () => {
    const at = (threshold: number) => {
      const p = diseaseResemblesPairs([4, 3, 2, 2], parents, threshold);
      return [...p.src].map((s, i) => [s, p.dst[i]]);
    };
    expect(at(0.5)).to.deep.equal([[2, 3]]);
    expect(at(0.35)).to.deep.equal([[2, 3], [2, 4]]);
    expect(at(0.3)).to.deep.equal([[2, 3], [2, 4], [3, 4]]);
    expect(at(0.61)).to.deep.equal([]);
  });

  it('equals the path-enumerating second implementation on random DAGs', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = seededRandom(seed);
      const n = 12;
      // Each term gets one to three parents among the terms numbered below it: a DAG with multiple inheritance.
      const ps: number[][] = Array.from({ length: n }, (_, u) => {
        if (u === 0) return [];
        const set = new Set<number>();
        const k = 1 + Math.floor(random() * 3);
        for (let i = 0; i < k; i++) set.add(Math.floor(random() * u));
        return [...set];
      });
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < n; b++) {
          const got = wangSimilarity(semanticValues(a, (u) => ps[u]!), semanticValues(b, (u) => ps[u]!));
          expect(got, `seed ${seed} ${a} ${b}`).to.be.closeTo(naiveWangSimilarity(a, b, (u) => ps[u]!), 1e-12);
        }
      }
    }
  });
});
