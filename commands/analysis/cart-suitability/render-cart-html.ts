// The CAR-T suitability result as an HTML report (export_html): the formula, the vital tissues used, then each
// candidate with every factor and rank. Every value from data is escaped.
import { escapeHtml as e, num, page, table } from '../network-medicine/html';

interface Row {
  rank: number; id: string; symbol: string; rank_product: number;
  surface: { gesp_score: number; max_score: number; gate: string[] };
  vital_tissues: { measured: boolean; expressed_in: { id: string; label: string }[] | null; count: number | null; of: number; rank: number };
  disease_relevance: {
    kind: string; best_p_value: number | null; interacting_disease_genes: { symbol: string }[]; rank: number;
    clinical_precedence?: { label: string; relation: string }[]; cell_populations?: { name: string }[];
  };
}
interface Result { disease: { curie: string; label: string } | null; formula: string; note: string | null; vital_tissues: { used: { id: string; name: string }[] }; antigens: Row[] }

function relevance(r: Row['disease_relevance']): string {
  if (r.kind === 'clinical_precedence') return `target of ${(r.clinical_precedence ?? []).map((p) => `${e(p.label)} (${e(p.relation)})`).join(', ')}`;
  if (r.kind === 'cell_population') return `antigen of ${(r.cell_populations ?? []).map((p) => e(p.name)).join(', ')}`;
  if (r.kind === 'gwas') return `GWAS gene, best p ${r.best_p_value === null ? '—' : e(r.best_p_value.toExponential(2))}`;
  return `interacts with ${r.interacting_disease_genes.map((x) => e(x.symbol)).join(', ')}`;
}

export function renderCartHtml(value: unknown): string {
  const r = value as Result & Record<string, unknown>;
  const title = `CAR-T suitability — ${r.disease ? `${r.disease.label} (${r.disease.curie})` : 'disease'}`;
  const head = `<p>${e(r.formula)}</p><p>Vital tissues: ${r.vital_tissues.used.map((t) => `${e(t.name)} (${e(t.id)})`).join(', ')}</p>${r.note ? `<p>${e(r.note)}</p>` : ''}`;
  const rows = table(['#', 'Gene', 'Rank product', 'GESP (surface gate)', 'Vital tissues present (rank)', 'Disease relevance (rank)'], r.antigens.map((a) => [
    e(a.rank), `${e(a.symbol)} <small>${e(a.id)}</small>`, e(num(a.rank_product, 2)),
    `${e(a.surface.gesp_score)}/${e(a.surface.max_score)} (${e(a.surface.gate.join(', '))})`,
    `${a.vital_tissues.measured ? `${e(a.vital_tissues.count)}/${e(a.vital_tissues.of)}: ${(a.vital_tissues.expressed_in ?? []).map((t) => e(t.label)).join(', ')}` : 'not measured'} (${e(a.vital_tissues.rank)})`,
    `${relevance(a.disease_relevance)} (${e(a.disease_relevance.rank)})`,
  ]));
  return page(title, r, `${head}<h2>Candidate antigens</h2>${rows}`);
}
