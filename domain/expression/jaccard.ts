// The Jaccard index of two sets (Jaccard, New Phytologist 1912, doi:10.1111/j.1469-8137.1912.tb05611.x):
// |A ∩ B| / |A ∪ B|, here over the anatomy terms where Bgee calls each gene present, i.e. the binary
// co-expression similarity of two genes across anatomy. Two empty sets have no index (null), never 1.

export interface JaccardResult { intersection: number; union: number; index: number | null }

/** Both arrays sorted ascending, without repeats. */
export function jaccard(a: readonly number[], b: readonly number[]): JaccardResult {
  let i = 0;
  let j = 0;
  let intersection = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { intersection++; i++; j++; } else if (a[i]! < b[j]!) i++; else j++;
  }
  const union = a.length + b.length - intersection;
  return { intersection, union, index: union === 0 ? null : intersection / union };
}
