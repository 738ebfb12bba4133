// The biomarker result as an HTML report (export_html): the formula and relevant tissues, then every
// candidate with each factor and rank. Every value from data is escaped.
import { escapeHtml as e, num, page, table } from '../network-medicine/html';

interface Row {
  rank: number; id: string; symbol: string; rank_product: number;
  genetic: { best_p_value: number | null; confidence: string | null; rank: number };
  over_expression: { relevant_tissues_over: { label: string }[]; count: number; of: number; rank: number };
  accessibility: { surface_gesp_score: number | null; max_score: number | null; rank: number };
}
interface Result {
  disease: { curie: string; label: string } | null; formula: string; note: string | null;
  sources: { secreted: { reason: string } }; relevant_tissues: { rule: string; tissues: { id: string; label: string; fdr: number }[] }; biomarkers: Row[];
}

export function renderBiomarkerHtml(value: unknown): string {
  const r = value as Result & Record<string, unknown>;
  const title = `Biomarker candidates — ${r.disease ? `${r.disease.label} (${r.disease.curie})` : 'disease'}`;
  const head = `<p>${e(r.formula)}</p><p>Relevant tissues (${e(r.relevant_tissues.rule)}): ${r.relevant_tissues.tissues.map((t) => `${e(t.label)} (FDR ${e(t.fdr.toExponential(2))})`).join(', ') || 'none'}</p>`
    + `<p>Secreted proteins: not assessed — ${e(r.sources.secreted.reason)}</p>${r.note ? `<p>${e(r.note)}</p>` : ''}`;
  const rows = table(['#', 'Gene', 'Rank product', 'GWAS p (rank)', 'Over-expressed in relevant tissues (rank)', 'Surface GESP (rank)'], r.biomarkers.map((b) => [
    e(b.rank), `${e(b.symbol)} <small>${e(b.id)}</small>`, e(num(b.rank_product, 2)),
    `${b.genetic.best_p_value === null ? '—' : e(b.genetic.best_p_value.toExponential(2))} ${e(b.genetic.confidence ?? '')} (${e(b.genetic.rank)})`,
    `${e(b.over_expression.count)}/${e(b.over_expression.of)} ${b.over_expression.relevant_tissues_over.map((t) => e(t.label)).join(', ')} (${e(b.over_expression.rank)})`,
    `${b.accessibility.surface_gesp_score === null ? 'not in atlas' : `${e(b.accessibility.surface_gesp_score)}/${e(b.accessibility.max_score)}`} (${e(b.accessibility.rank)})`,
  ]));
  return page(title, r, `${head}<h2>Candidates</h2>${rows}`);
}
