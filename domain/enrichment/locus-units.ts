// Over-representation with a GWAS locus counted once. Why: the genes a GWAS Catalog locus is mapped to are one
// signal (one lead SNP), yet neighbouring genes often share pathways — IL2 and IL21 sit at one 4q27 locus, IL3 and
// CSF2 at one 5q31 locus — so counting them as independent draws inflates k and the enrichment (issue 29).
// Genes are grouped into locus units: genes sharing a locus are one unit (transitively: a gene mapped to two loci
// joins them); a gene with no locus information is its own unit. The hypergeometric test then draws loci:
// n = units with a gene in the background, k = units with a gene in the pathway; N and K stay gene counts of the
// background and the pathway. Treating a locus as one draw is a conservative approximation (a locus with several
// genes in the pathway counts once; its chance of hitting the pathway is that of one gene), in the spirit of
// locus-aware gene-set tests such as MAGENTA (Segrè et al., PLoS Genet 2010, doi:10.1371/journal.pgen.1001058),
// which keep one gene per locus. Pure: genes, loci and sets are opaque keys.
import { benjaminiHochberg } from '../statistics/benjamini-hochberg';
import { hypergeometricUpperTail } from '../statistics/hypergeometric';
import type { GeneSet } from './over-representation';

/** gene -> unit index (0…), genes joined when they share a locus key. */
export function locusUnits(genes: readonly number[], lociOf: ReadonlyMap<number, readonly string[]>): Map<number, number> {
  const parent = genes.map((_, i) => i);
  const find = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]!]!; i = parent[i]!; } return i; };
  const firstOf = new Map<string, number>();
  genes.forEach((gene, i) => {
    for (const locus of lociOf.get(gene) ?? []) {
      const j = firstOf.get(locus);
      if (j === undefined) firstOf.set(locus, i); else parent[find(i)] = find(j);
    }
  });
  const index = new Map<number, number>();
  const out = new Map<number, number>();
  genes.forEach((gene, i) => {
    const root = find(i);
    if (!index.has(root)) index.set(root, index.size);
    out.set(gene, index.get(root)!);
  });
  return out;
}

export interface LocusOraRow {
  key: number;
  /** K: the set's genes in the background. */
  size: number;
  /** Query genes in the set (sorted). */
  overlap: number[];
  /** k: locus units among them (the count tested). */
  loci: number;
  /** n·K/N with n in loci. */
  expected: number;
  fold_enrichment: number | null;
  p: number;
  fdr: number;
}

/** ORA over locus units (see the header); every set with K >= 1, BH over them all, sorted by p then key. */
export function overRepresentationByLocus(query: readonly number[], unitOf: ReadonlyMap<number, number>, backgroundSize: number, sets: readonly GeneSet[]): LocusOraRow[] {
  const inQuery = new Set(query);
  const unit = (gene: number) => { const u = unitOf.get(gene); if (u === undefined) throw new RangeError(`gene ${gene} has no locus unit`); return u; };
  const n = new Set(query.map(unit)).size;
  if (n > backgroundSize) throw new RangeError('overRepresentationByLocus: more query loci than background genes');
  const rows: Omit<LocusOraRow, 'fdr'>[] = [];
  for (const set of sets) {
    const K = set.members.length;
    if (K === 0) continue;
    const overlap = set.members.filter((gene) => inQuery.has(gene)).sort((a, b) => a - b);
    const k = new Set(overlap.map(unit)).size;
    const expected = (n * K) / backgroundSize;
    rows.push({ key: set.key, size: K, overlap, loci: k, expected, fold_enrichment: expected > 0 ? k / expected : null, p: hypergeometricUpperTail(backgroundSize, K, n, k) });
  }
  const fdr = benjaminiHochberg(rows.map((r) => r.p));
  return rows.map((r, i) => ({ ...r, fdr: fdr[i]! })).sort((a, b) => a.p - b.p || a.key - b.key);
}
