// Over-representation analysis (ORA) of a gene list in gene sets: for each set, the one-sided
// hypergeometric test of drawing at least k of its K background genes among the n query genes out of a
// background of N (the classic test of GO/pathway enrichment tools, e.g. Khatri & Drăghici, Bioinformatics
// 2005; Boyle et al., GO::TermFinder, Bioinformatics 2004), then Benjamini–Hochberg FDR over every set
// with at least one background gene (Benjamini & Hochberg, J R Stat Soc B 1995). Sets with no overlap are
// tested too (p = 1): leaving them out would shrink m and make the FDR look better than it is.
// Pure: genes and sets are opaque integers; the caller restricts query and sets to the background.
import { benjaminiHochberg } from '../statistics/benjamini-hochberg';
import { hypergeometricUpperTail } from '../statistics/hypergeometric';

export interface GeneSet { key: number; members: readonly number[] }

export interface OraRow {
  key: number;
  /** K: the set's genes in the background. */
  size: number;
  /** k: query genes in the set (sorted). */
  overlap: number[];
  /** n·K/N: the overlap expected by chance. */
  expected: number;
  /** k / expected (null when nothing is expected: an empty query). */
  fold_enrichment: number | null;
  p: number;
  fdr: number;
}

/**
 * `query` and every set's members must lie in a background of `backgroundSize` genes (checked for the query).
 * Rows for every set with K ≥ 1, sorted by p, then set key.
 */
export function overRepresentation(query: readonly number[], backgroundSize: number, sets: readonly GeneSet[]): OraRow[] {
  const inQuery = new Set(query);
  if (inQuery.size !== query.length) throw new RangeError('overRepresentation: the query repeats a gene');
  if (query.length > backgroundSize) throw new RangeError('overRepresentation: more query genes than background genes');
  const n = query.length;
  const rows: Omit<OraRow, 'fdr'>[] = [];
  for (const set of sets) {
    const K = set.members.length;
    if (K === 0) continue;
    const overlap = set.members.filter((gene) => inQuery.has(gene)).sort((a, b) => a - b);
    const k = overlap.length;
    const expected = (n * K) / backgroundSize;
    rows.push({ key: set.key, size: K, overlap, expected, fold_enrichment: expected > 0 ? k / expected : null, p: hypergeometricUpperTail(backgroundSize, K, n, k) });
  }
  const fdr = benjaminiHochberg(rows.map((r) => r.p));
  return rows.map((r, i) => ({ ...r, fdr: fdr[i]! })).sort((a, b) => a.p - b.p || a.key - b.key);
}
