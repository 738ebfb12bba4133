// The search result as an HTML report (export_html): the expansion and the ranked hits. Every value from data
// is escaped.
import { escapeHtml as e } from '../../../domain/workspace/render-html';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function hit(h: Json): string {
  const what = h.kind === 'term'
    ? `${e(h.label)} (${e(h.curie)}, ${e(h.term_kind)}, ${e(h.resource)})${h.definition ? ` — ${e(h.definition)}` : ''}`
    : `${e(h.subject.label)} ${e(h.predicate)} ${e(h.object.label)} (${e(h.resource)} claim ${e(h.claim_no)}; ${e((h.evidence as Json[]).map((x) => x.reference ?? `${x.source_file}:${x.source_line}`).join(', '))})`;
  return `<tr><td>${e(h.rank)}</td><td>${e(h.score.toFixed(4))}</td><td>${e(h.kind)}</td><td>${what}</td></tr>`;
}

export function renderSearchHtml(result: unknown): string {
  const r = result as Json;
  const expansion = r.expansion
    ? `<p>Expanded with: ${e([...r.expansion.matched, ...r.expansion.descendants].map((t: Json) => `${t.label} (${t.curie}, ${t.via})`).join('; ') || 'no ontology term matched')}; added words: ${e(r.expansion.added_tokens.join(', ') || '—')}</p>`
    : '<p>No ontology expansion.</p>';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Search: ${e(r.parameters.query)}</title></head><body>
<h1>Search: ${e(r.parameters.query)}${r.disease ? ` within ${e(r.disease.label)}` : ''}</h1>
<p>${e(r.method)}. Lexical retrieval: documents share words with the query; no meaning is inferred.</p>
${expansion}
<p>Index: ${e(r.index.terms)} terms, ${e(r.index.claims)} claims.</p>
<table><thead><tr><th>#</th><th>BM25</th><th>Kind</th><th>Document</th></tr></thead><tbody>
${(r.results as Json[]).map(hit).join('\n')}
</tbody></table>
<p><em>${e(r.disclaimer)}</em></p>
</body></html>`;
}
