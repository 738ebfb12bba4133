// The LLM-extraction result as an HTML report (export_html): the claims with their quotes and sources. Every value
// from data (including the model's output) is escaped.
import { escapeHtml as e } from '../../../domain/workspace/render-html';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const entity = (x: Json) => `${e(x.name)}${x.curie ? ` (${e(x.curie)})` : ''}`;

export function renderLlmHtml(result: unknown): string {
  const r = result as Json;
  const rows = (r.claims as Json[]).map((c) => `<tr><td>${entity(c.subject)}</td><td>${e(c.relation)} (${e(c.direction)})</td><td>${entity(c.object)}</td>`
    + `<td>“${e(c.quote)}”</td><td>${e(c.source)}${c.source_synthetic ? ' <strong>synthetic example</strong>' : ''}</td></tr>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>LLM claim extraction: ${e(r.disease?.label)}</title></head><body>
<h1>Claims extracted by a language model (${e(r.model)})</h1>
<p>${e(r.method)}. Proposed by the model, not verified: read the quote.</p>
<p>Texts: ${e((r.documents as Json[]).map((d) => `${d.key}${d.synthetic ? ' (synthetic example)' : ''}`).join(', '))}${r.missing_pmids.length ? `; PMIDs not found: ${e(r.missing_pmids.join(', '))}` : ''}.
Claims proposed ${e(r.counts.proposed)}, kept ${e(r.counts.kept)}, dropped without a verbatim quote ${e(r.counts.dropped_ungrounded)}.</p>
<table><thead><tr><th>Subject</th><th>Relation</th><th>Object</th><th>Quote</th><th>Source</th></tr></thead><tbody>
${rows}
</tbody></table>
<p><em>${e(r.disclaimer)}</em></p>
</body></html>`;
}
