// The similarity floor of ligand-based screening. Why: below a Morgan-fingerprint (radius 2, 2048 bits) Tanimoto
// of about 0.3, similarity to a known binder is what unrelated drug-like molecules share by chance — the
// distribution of random pairs of ECFP4-like fingerprints centres near 0.1–0.2 (Maggiora, Vogt, Stumpfe & Bajorath,
// J Med Chem 2014, doi:10.1021/jm401411z, on the dependence of similarity values on the fingerprint) — so a list
// ranked by similarity alone reports noise as hits (issue 29: JAK1's "top" compounds at 0.16–0.19). Compounds
// under the floor are not candidates; when none reaches it the answer says so and names the closest one. Pure.

export const DEFAULT_MIN_TANIMOTO = 0.3;

export interface FloorReport {
  min_tanimoto: number;
  above_floor: number;
  below_floor: number;
  /** True when no screened compound reaches the floor: there is no analogue of the known binders. */
  no_analogue_above_floor: boolean;
  /** The most similar compound overall (also when it is below the floor), null when nothing was screened. */
  closest: { curie: string; label: string; tanimoto: number } | null;
  note: string;
}

export function applySimilarityFloor<T extends { similarity: number; curie: string; label: string }>(
  rankedBySimilarity: readonly T[], minTanimoto: number,
): { kept: T[]; report: FloorReport } {
  const kept = rankedBySimilarity.filter((x) => x.similarity >= minTanimoto);
  const first = rankedBySimilarity[0];
  const closest = first ? { curie: first.curie, label: first.label, tanimoto: Math.round(first.similarity * 1e4) / 1e4 } : null;
  const none = kept.length === 0;
  return {
    kept,
    report: {
      min_tanimoto: minTanimoto, above_floor: kept.length, below_floor: rankedBySimilarity.length - kept.length, no_analogue_above_floor: none, closest,
      note: none
        ? `no analogue above the floor: no screened compound reaches Tanimoto ${minTanimoto} to a known binder`
          + (closest ? ` (the closest, ${closest.label}, is at ${closest.tanimoto})` : '')
        : `${kept.length} compound(s) at Tanimoto >= ${minTanimoto} to a known binder; ${rankedBySimilarity.length - kept.length} below the floor are not candidates`,
    },
  };
}
