// The literature result as an HTML report (export_html): top genes and drugs, counts per year, and the
// articles, synthetic ones badged and never linked. Every value from data is escaped.
import { escapeHtml as e } from '../../../domain/workspace/render-html';

interface Entity { id: string | null; label: string; articles: number; pmids: { pmid: string; synthetic: boolean }[]; outcomes: Record<string, number> }
interface Article { pmid: string; title: string; year: number | null; synthetic: boolean; url: string | null; names_disease: boolean; outcome: { class: string; sentence: string | null } }
interface Result {
  disease: { curie: string; label: string } | null; method: string; disclaimer: string; note: string | null;
  source: { retrieval_mode: string | null; synthetic_records: number };
  counts: Record<string, number>; per_year: { year: number | null; articles: number; with_gene: number; with_drug: number }[];
  genes: Entity[]; drugs: Entity[]; articles: Article[];
}

const badge = (synthetic: boolean) => (synthetic ? ' <strong>[synthetic example]</strong>' : '');
const outcomeText = (o: Record<string, number>) => Object.entries(o).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ');

function entityTable(title: string, rows: Entity[]): string {
  const body = rows.map((r) => `<tr><td>${e(r.label)}</td><td>${e(r.id ?? '—')}</td><td>${e(r.articles)}</td><td>${e(outcomeText(r.outcomes))}</td>`
    + `<td>${r.pmids.map((p) => `${e(p.pmid)}${p.synthetic ? ' (synthetic)' : ''}`).join(', ')}</td></tr>`).join('\n');
  return `<h2>${e(title)}</h2><table><thead><tr><th>Name</th><th>Id</th><th>Articles</th><th>Outcome classes</th><th>PMIDs</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function articleList(rows: Article[]): string {
  return `<h2>Articles</h2><ul>\n${rows.map((a) => {
    const title = a.url && /^https?:\/\//.test(a.url) ? `<a href="${e(a.url)}">${e(a.title)}</a>` : e(a.title);
    return `<li>PMID ${e(a.pmid)}${badge(a.synthetic)} (${e(a.year ?? 'undated')}): ${title} — ${e(a.outcome.class)}${a.names_disease ? '' : ' (does not name the disease: not counted)'}</li>`;
  }).join('\n')}\n</ul>`;
}

export function renderLiteratureHtml(result: unknown): string {
  const r = result as Result;
  const years = r.per_year.map((y) => `<tr><td>${e(y.year ?? 'undated')}</td><td>${e(y.articles)}</td><td>${e(y.with_gene)}</td><td>${e(y.with_drug)}</td></tr>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Literature mining: ${e(r.disease?.label)}</title></head><body>
<p><em>${e(r.disclaimer)}</em></p>
<h1>Literature mining: ${e(r.disease?.label)} (${e(r.disease?.curie)})</h1>
<p>${e(r.method)}</p>
${r.note ? `<p><strong>${e(r.note)}</strong></p>` : ''}
<p>Articles read: ${e(r.counts.articles_retrieved)} (${e(r.source.retrieval_mode)}); naming the disease: ${e(r.counts.articles_naming_disease)}; with a gene: ${e(r.counts.articles_with_gene)}; with a drug: ${e(r.counts.articles_with_drug)}.</p>
<h2>Per year</h2><table><thead><tr><th>Year</th><th>Articles</th><th>With a gene</th><th>With a drug</th></tr></thead><tbody>
${years}
</tbody></table>
${entityTable('Genes', r.genes)}
${entityTable('Drugs', r.drugs)}
${articleList(r.articles)}
</body></html>`;
}
