// The expression result as an HTML report (export_html): enriched tissues, then the most similar gene pairs.
// Every value from data is escaped.
import { escapeHtml as e, num, page, table } from '../network-medicine/html';

interface Gene { id: string; symbol: string }
interface Result {
  disease: { curie: string; label: string } | null; note: string | null; background: { definition: string; size: number };
  query: { disease_genes: number; tested_genes: number }; counts: { tissues_tested: number; significant: number };
  tissues: { id: string; label: string; present: number; over: number; under: number; tissue_over_genes: number; expected: number; p: number; fdr: number; genes_over: Gene[] }[];
  similarity: { method: string; pairs: { a: Gene; b: Gene; jaccard: number; shared: number; union: number }[] };
}

const sci = (x: number) => (x >= 0.001 ? x.toFixed(4) : x.toExponential(2));

export function renderExpressionHtml(value: unknown): string {
  const r = value as Result & Record<string, unknown>;
  const title = `Expression profile — ${r.disease ? `${r.disease.label} (${r.disease.curie})` : 'disease'}`;
  const summary = `<p>Background: ${e(r.background.definition)} (${e(r.background.size)} genes). Disease genes ${e(r.query.disease_genes)}, tested ${e(r.query.tested_genes)}. `
    + `Tissues tested ${e(r.counts.tissues_tested)}, significant ${e(r.counts.significant)}.</p>${r.note ? `<p>${e(r.note)}</p>` : ''}`;
  const tissues = table(['Anatomy', 'Present', 'Over', 'Under', 'K', 'Expected', 'p', 'FDR', 'Over-expressed genes'], r.tissues.map((t) => [
    `${e(t.label)} <small>${e(t.id)}</small>`, e(t.present), e(t.over), e(t.under), e(t.tissue_over_genes), e(num(t.expected, 2)), e(sci(t.p)), e(sci(t.fdr)),
    t.genes_over.map((x) => e(x.symbol)).join(', '),
  ]));
  const pairs = table(['Gene A', 'Gene B', 'Jaccard', 'Shared', 'Union'], r.similarity.pairs.map((p) => [e(p.a.symbol), e(p.b.symbol), e(num(p.jaccard)), e(p.shared), e(p.union)]));
  return page(title, r, `${summary}<h2>Tissues enriched for over-expressed disease genes</h2>${tissues}<h2>Expression similarity (${e(r.similarity.method)})</h2>${pairs}`);
}
