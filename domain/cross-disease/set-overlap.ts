// Overlap of two sets given as sorted integer lists: the intersection by a merge walk, and the Jaccard
// index |A ∩ B| / |A ∪ B| (Jaccard, Bull Soc Vaudoise Sci Nat 1901).

/** Elements in both sorted, distinct lists (sorted). */
export function sortedIntersection(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else { out.push(a[i]!); i++; j++; }
  }
  return out;
}

/** |A ∩ B| / |A ∪ B| of sorted, distinct lists; null when both are empty (undefined, not 0). */
export function jaccard(a: readonly number[], b: readonly number[], shared = sortedIntersection(a, b).length): number | null {
  const union = a.length + b.length - shared;
  return union === 0 ? null : shared / union;
}
