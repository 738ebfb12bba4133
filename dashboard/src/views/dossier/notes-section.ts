// The parts of a dossier around the rankings: the sources searched and how they answered, warnings
// and limitations (with the language model's status), and the dossier's own disclaimer.
import { emptySection, h } from '../../core/dom';
import type { Dossier } from './dossier-model';

export function sourcesSection(dossier: Dossier): HTMLElement {
  const rows = dossier.source_statuses;
  const fallback = new Set<string>(dossier.manifest.retrieval?.fallback_sources ?? []);
  return h('section', { class: 'panel', id: 'dossier-sources', 'data-testid': 'sources-section' },
    h('h2', null, 'Sources'),
    rows.length === 0 ? emptySection() : h('div', { class: 'table-wrap' }, h('table', null,
      h('thead', null, h('tr', null, h('th', null, 'Source'), h('th', null, 'Status'), h('th', null, 'Records'), h('th', null, 'Mode'), h('th', null, 'Note'))),
      h('tbody', null, rows.map((s) => h('tr', null,
        h('td', null, s.source),
        h('td', null, h('span', { class: `tag status-${s.status}` }, s.status)),
        h('td', null, String(s.record_count)),
        h('td', null, s.retrieval_mode ?? '—', fallback.has(s.source) ? h('span', { class: 'tag fallback', title: 'Provider unreachable: answered by the offline corpus' }, 'fallback') : null),
        h('td', null, s.warning ?? ''))))),
    ),
    retrievalSummary(dossier),
    dossier.search_terms.length > 0 ? h('p', { class: 'muted small' }, 'Search terms: ', dossier.search_terms.join(', ')) : null);
}

export function warningsSection(dossier: Dossier): HTMLElement {
  const llm = dossier.manifest.llm;
  // The dossier's warnings already carry the LLM's (as written or prefixed "LLM: "): list each once.
  const listed = new Set(dossier.warnings);
  const llmWarnings = (llm.warnings ?? []).filter((w) => !listed.has(w) && !listed.has(`LLM: ${w}`));
  const all = [...dossier.warnings, ...llmWarnings];
  return h('section', { class: 'panel', id: 'dossier-limitations', 'data-testid': 'warnings-section' },
    h('h2', null, 'Warnings and limitations'),
    h('h3', null, 'Warnings'),
    all.length === 0
      ? emptySection('no warnings')
      : h('ul', null, all.map((w) => h('li', { class: 'warning' }, w))),
    h('h3', null, 'Limitations'),
    dossier.limitations.length === 0 ? emptySection() : h('ul', null, dossier.limitations.map((l) => h('li', null, l))),
    h('p', { class: 'muted small' }, `Language model: ${llm.status}${llm.model ? ` (${llm.model})` : ''}. Fingerprint: `,
      h('code', { class: 'fingerprint' }, dossier.manifest.provenance.fingerprint)));
}

export function disclaimerBox(text: string): HTMLElement {
  return h('aside', { class: 'dossier-disclaimer', role: 'note', 'data-testid': 'dossier-disclaimer' }, text);
}

/** How the evidence was obtained, at a glance (schema 1.2 manifests; older dossiers have none). */
function retrievalSummary(dossier: Dossier): HTMLElement | null {
  const r = dossier.manifest.retrieval;
  if (!r) return null;
  return h('p', { class: 'small', 'data-testid': 'retrieval-summary' },
    `Records: ${r.records_by_mode.live} live, ${r.records_by_mode.cache} from cache, ${r.records_by_mode.offline_corpus} offline${r.records_by_mode.mirror ? `, ${r.records_by_mode.mirror} from the local mirror` : ''}`,
    r.synthetic_records > 0 ? h('span', { class: 'tag synthetic' }, `${r.synthetic_records} synthetic examples`) : null,
    r.fallback_records > 0 ? h('span', { class: 'tag fallback' }, `${r.fallback_records} fallback (${r.fallback_sources.join(', ')})`) : null);
}
