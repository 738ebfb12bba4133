// The disease-module result as an HTML report (export_html): the LCC's significance, its genes and edges
// with their evidence, and the genes outside the interactome. Everything from data is escaped.
import { escapeHtml, num, page, table } from '../network-medicine/html';

interface Gene { id: string; symbol: string }

export function renderDiseaseModuleHtml(value: unknown): string {
  const r = value as Record<string, unknown> & {
    disease?: { curie: string; label: string } | null;
    lcc?: { size: number; genes: Gene[]; edges: { source: Gene; target: Gene; evidence_count: number; pubmed_ids: string[] }[] };
    disease_genes?: { total: number; in_interactome: (Gene & { degree: number; in_lcc: boolean })[]; not_in_interactome: Gene[] };
  };
  const title = `Disease module — ${r.disease ? `${r.disease.label} (${r.disease.curie})` : 'disease'}`;
  const summary = `<p>LCC size ${escapeHtml(r.lcc?.size ?? 0)} of ${escapeHtml(r.disease_genes?.in_interactome.length ?? 0)} genes in the interactome `
    + `(${escapeHtml(r.disease_genes?.total ?? 0)} disease genes); random ${num(r.random_mean)} ± ${num(r.random_sd)}; z = ${num(r.z)}; p = ${num(r.p_empirical, 4)}</p>`;
  const genes = table(['Gene', 'Degree', 'In LCC'], (r.disease_genes?.in_interactome ?? []).map((g) => [`${escapeHtml(g.symbol)} <small>${escapeHtml(g.id)}</small>`, escapeHtml(g.degree), g.in_lcc ? 'yes' : 'no']));
  const edges = table(['Interaction', 'Evidence items', 'PubMed'], (r.lcc?.edges ?? []).map((e) => [
    `${escapeHtml(e.source.symbol)} – ${escapeHtml(e.target.symbol)}`, escapeHtml(e.evidence_count), e.pubmed_ids.map((p) => escapeHtml(p)).join(', '),
  ]));
  const missing = (r.disease_genes?.not_in_interactome ?? []).map((g) => escapeHtml(g.symbol)).join(', ') || 'none';
  return page(title, r, `${summary}<h2>Disease genes in the interactome</h2>${genes}<h2>LCC interactions</h2>${edges}<h2>Not in the interactome</h2><p>${missing}</p>`);
}
