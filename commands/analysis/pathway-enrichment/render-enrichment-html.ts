// The enrichment result as an HTML report (export_html): the pathways table and what was tested. Every
// value from data is escaped.
import { escapeHtml as e } from '../../../domain/workspace/render-html';

interface Row { id: string; name: string; k: number; pathway_size: number; expected: number; fold_enrichment: number | null; p: number; fdr: number; genes: { id: string; symbol: string }[] }
interface Result {
  disease: { curie: string; label: string } | null; method: string; disclaimer: string; parameters: Record<string, unknown>;
  sources: { go: { reason: string } }; background: { definition: string; size: number };
  query: { disease_genes: number; tested_genes: number; untargeted: { dropped_count: number } | null };
  counts: { pathways_tested: number; significant: number; listed: number }; note: string | null; pathways: Row[];
}

const num = (x: number | null) => (x === null ? '—' : x === 0 || (Math.abs(x) >= 0.001 && Math.abs(x) < 1e4) ? x.toFixed(3).replace(/\.?0+$/, '') : x.toExponential(2));

export function renderEnrichmentHtml(result: unknown): string {
  const r = result as Result;
  const rows = r.pathways.map((p) => `<tr><td>${e(p.id)}</td><td>${e(p.name)}</td><td>${e(p.k)}</td><td>${e(p.pathway_size)}</td><td>${e(num(p.expected))}</td>`
    + `<td>${e(num(p.fold_enrichment))}</td><td>${e(num(p.p))}</td><td>${e(num(p.fdr))}</td><td>${e(p.genes.map((g) => g.symbol).join(', '))}</td></tr>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Pathway enrichment: ${e(r.disease?.label)}</title></head><body>
<h1>Pathway enrichment: ${e(r.disease?.label)} (${e(r.disease?.curie)})</h1>
<p>${e(r.method)}</p>
<p>Background: ${e(r.background.definition)} (${e(r.background.size)} genes). Disease genes: ${e(r.query.disease_genes)}, tested: ${e(r.query.tested_genes)}${r.query.untargeted ? `, left out as targeted by an approved drug: ${e(r.query.untargeted.dropped_count)}` : ''}.</p>
<p>Pathways tested: ${e(r.counts.pathways_tested)}; at FDR ≤ ${e(r.parameters.max_fdr)}: ${e(r.counts.significant)}; listed: ${e(r.counts.listed)}.</p>
<p>GO processes: not available — ${e(r.sources.go.reason)}</p>
${r.note ? `<p>${e(r.note)}</p>` : ''}
<table><thead><tr><th>Reactome</th><th>Pathway</th><th>k (GWAS loci)</th><th>Size</th><th>Expected</th><th>Fold</th><th>p</th><th>FDR</th><th>Genes</th></tr></thead><tbody>
${rows}
</tbody></table>
<p><em>${e(r.disclaimer)}</em></p>
</body></html>`;
}
