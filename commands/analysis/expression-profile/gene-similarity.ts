// Gene–gene expression similarity across anatomy: the Jaccard index of the anatomy terms where Bgee calls
// two disease genes present (domain/expression/jaccard.ts), for every pair of disease genes with presence
// calls; the top pairs by index (ties: more shared terms, then node order).
import type { ExpressionCalls } from '../../../domain/expression/expression-calls';
import { jaccard } from '../../../domain/expression/jaccard';

export interface SimilarPair { a: number; b: number; index: number; intersection: number; union: number }

export function geneSimilarity(calls: ExpressionCalls, genes: readonly number[], top: number): { compared: number; pairs: number; top: SimilarPair[] } {
  const withCalls = genes.filter((x) => (calls.byGene.present.get(x)?.length ?? 0) > 0);
  const all: SimilarPair[] = [];
  for (let i = 0; i < withCalls.length; i++) {
    const a = calls.byGene.present.get(withCalls[i]!)!;
    for (let j = i + 1; j < withCalls.length; j++) {
      const r = jaccard(a, calls.byGene.present.get(withCalls[j]!)!);
      all.push({ a: withCalls[i]!, b: withCalls[j]!, index: r.index ?? 0, intersection: r.intersection, union: r.union });
    }
  }
  all.sort((x, y) => y.index - x.index || y.intersection - x.intersection || x.a - y.a || x.b - y.b);
  return { compared: withCalls.length, pairs: all.length, top: all.slice(0, top) };
}
