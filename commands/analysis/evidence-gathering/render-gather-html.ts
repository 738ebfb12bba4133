// The evidence-gathering result as an HTML report (export_html): the sources' statuses and the records with their
// provenance. Every value from data is escaped; synthetic examples are badged and never linked.
import { escapeHtml as e } from '../../../domain/workspace/render-html';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function record(r: Json): string {
  const title = r.url ? `<a href="${e(r.url)}">${e(r.title)}</a>` : e(r.title);
  const badge = r.provenance.synthetic ? ' <strong>synthetic example</strong>' : '';
  return `<tr><td>${e(r.source)}</td><td>${title}${badge}</td><td>${e(r.published ?? '—')}</td><td>${e(r.provenance.mode)}, ${e(r.provenance.retrieved_at)}</td><td>${e(r.snippet)}</td></tr>`;
}

export function renderGatherHtml(result: unknown): string {
  const r = result as Json;
  const statuses = (r.source_statuses as Json[]).map((s) => `<li>${e(s.source)}: ${e(s.status)} (${e(s.record_count)} records, ${e(s.retrieval_mode ?? '—')})${s.warning ? ` — ${e(s.warning)}` : ''}</li>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Evidence: ${e(r.disease?.label)}</title></head><body>
<h1>Evidence gathered: ${e(r.disease?.label)}${r.parameters.q ? ` — ${e(r.parameters.q)}` : ''}</h1>
<p>${e(r.method)}</p>
<ul>${statuses}</ul>
<p>${e(r.counts.records)} records (${e(r.counts.duplicates_merged)} duplicates merged, ${e(r.counts.synthetic)} synthetic examples).</p>
<table><thead><tr><th>Source</th><th>Record</th><th>Date</th><th>Provenance</th><th>Snippet</th></tr></thead><tbody>
${(r.records as Json[]).map(record).join('\n')}
</tbody></table>
<p><em>${e(r.disclaimer)}</em></p>
</body></html>`;
}
