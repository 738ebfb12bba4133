// The overlap result (the job's route) as an HTML report: the pairs of diseases sharing genes. Every value
// from data is escaped.
import { escapeHtml as e } from '../../../domain/workspace/render-html';

interface Ref { curie: string; label: string }
interface Pair { a: Ref; b: Ref; shared_genes: number; gene_jaccard: number; pathway_jaccard: number | null; p: number | null; fdr: number | null; genes: { symbol: string }[] }
interface Result {
  method: string; disclaimer: string;
  diseases: { registry_modules: number; compared: number; left_out: Record<string, number>; rule: string };
  background: { definition: string; size: number }; counts: { pairs: number; pairs_with_shared_genes: number }; pairs: Pair[];
}

const num = (x: number | null) => (x === null ? '—' : x === 0 || (Math.abs(x) >= 0.001 && Math.abs(x) < 1e4) ? x.toFixed(3).replace(/\.?0+$/, '') : x.toExponential(2));

export function renderCrossDiseaseHtml(result: unknown): string {
  const r = result as Result;
  const leftOut = Object.entries(r.diseases.left_out).filter(([, n]) => n > 0).map(([why, n]) => `${why}: ${n}`).join(', ') || 'none';
  const rows = r.pairs.map((p) => `<tr><td>${e(p.a.label)} (${e(p.a.curie)})</td><td>${e(p.b.label)} (${e(p.b.curie)})</td><td>${e(p.shared_genes)}</td>`
    + `<td>${e(num(p.gene_jaccard))}</td><td>${e(num(p.pathway_jaccard))}</td><td>${e(num(p.p))}</td><td>${e(num(p.fdr))}</td><td>${e(p.genes.map((g) => g.symbol).join(', '))}</td></tr>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Cross-disease overlap</title></head><body>
<h1>Cross-disease overlap</h1>
<p>${e(r.method)}</p>
<p>Diseases compared: ${e(r.diseases.compared)} of ${e(r.diseases.registry_modules)} registry modules (${e(r.diseases.rule)}); left out: ${e(leftOut)}.</p>
<p>Background: ${e(r.background.definition)} (${e(r.background.size)} genes). Pairs: ${e(r.counts.pairs)}, sharing genes: ${e(r.counts.pairs_with_shared_genes)}.</p>
<table><thead><tr><th>Disease A</th><th>Disease B</th><th>Shared genes</th><th>Gene Jaccard</th><th>Pathway Jaccard</th><th>p</th><th>FDR</th><th>Genes</th></tr></thead><tbody>
${rows}
</tbody></table>
<p><em>${e(r.disclaimer)}</em></p>
</body></html>`;
}
