// A Disease–resembles–Disease (DrD) metaedge where Hetionet's (MEDLINE co-occurrence) is missing: the semantic
// similarity of two Disease Ontology terms by Wang et al. ("A new method to measure the semantic similarity of GO
// terms", Bioinformatics 2007, doi:10.1093/bioinformatics/btm087), the measure DOSE and DOSim apply to the Disease
// Ontology (Yu et al., Bioinformatics 2015, doi:10.1093/bioinformatics/btu684), thresholded into edges.
// - A term's DAG: the term and its IS_A ancestors. Its S-value of an ancestor t: S(term) = 1,
//   S(t) = max over children t' of t in the DAG of w · S(t'), w = 0.8 for IS_A (Wang's weight); with one edge type
//   that is w^(shortest IS_A distance from the term up to t).
// - SV(term) = Σ of its S-values; sim(A, B) = Σ over shared ancestors t of (S_A(t) + S_B(t)) / (SV(A) + SV(B)).
// Only the IS_A hierarchy of the graph is read (never an indication), so the edges are label-free. Pure.

/** Wang et al.'s semantic contribution factor of an IS_A edge. */
export const WANG_IS_A_WEIGHT = 0.8;

/** The threshold of a DrD edge, chosen on the internal CV from 0.4, 0.5 and 0.6 (docs/modules.md, design (7)). */
export const DISEASE_RESEMBLES_MIN_WANG = 0.5;

/** The S-values of a term's DAG (the term and every ancestor); `parents(u)` its IS_A parents. */
export function semanticValues(term: number, parents: (u: number) => ArrayLike<number>, weight = WANG_IS_A_WEIGHT): Map<number, number> {
  const values = new Map<number, number>([[term, 1]]);
  let frontier = [term];
  let s = 1;
  // Breadth-first: an ancestor is first reached by a shortest chain, which gives the largest product of weights.
  while (frontier.length > 0) {
    s *= weight;
    const next: number[] = [];
    for (const u of frontier) {
      const ps = parents(u);
      for (let i = 0; i < ps.length; i++) {
        const p = ps[i]!;
        if (values.has(p)) continue;
        values.set(p, s);
        next.push(p);
      }
    }
    frontier = next;
  }
  return values;
}

/** Wang's similarity of two terms from their S-values. */
export function wangSimilarity(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): number {
  let shared = 0;
  let svA = 0;
  let svB = 0;
  for (const v of a.values()) svA += v;
  for (const v of b.values()) svB += v;
  for (const [t, v] of a) {
    const w = b.get(t);
    if (w !== undefined) shared += v + w;
  }
  return svA + svB === 0 ? 0 : shared / (svA + svB);
}

/** Every pair of distinct `terms` with Wang similarity ≥ `threshold`, as (lower node, higher node), sorted. */
export function diseaseResemblesPairs(terms: readonly number[], parents: (u: number) => ArrayLike<number>, threshold: number): { src: Int32Array; dst: Int32Array } {
  const unique = [...new Set(terms)].sort((x, y) => x - y);
  const values = unique.map((t) => semanticValues(t, parents));
  const src: number[] = [];
  const dst: number[] = [];
  for (let i = 0; i < unique.length; i++) {
    for (let j = i + 1; j < unique.length; j++) {
      if (wangSimilarity(values[i]!, values[j]!) >= threshold) { src.push(unique[i]!); dst.push(unique[j]!); }
    }
  }
  return { src: Int32Array.from(src), dst: Int32Array.from(dst) };
}
