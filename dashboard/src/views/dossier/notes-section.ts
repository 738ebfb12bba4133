// The parts of a dossier around the rankings: the sources searched and how they answered, warnings
// and limitations (with the language model's status), and the dossier's own disclaimer.
import { emptySection, h } from '../../core/dom';
import type { Dossier } from './dossier-model';

export function sourcesSection(dossier: Dossier): HTMLElement {
  const rows = dossier.source_statuses;
  return h('section', { class: 'panel', 'data-testid': 'sources-section' },
    h('h2', null, 'Sources'),
    rows.length === 0 ? emptySection() : h('div', { class: 'table-wrap' }, h('table', null,
      h('thead', null, h('tr', null, h('th', null, 'Source'), h('th', null, 'Status'), h('th', null, 'Records'), h('th', null, 'Mode'), h('th', null, 'Note'))),
      h('tbody', null, rows.map((s) => h('tr', null,
        h('td', null, s.source),
        h('td', null, h('span', { class: `tag status-${s.status}` }, s.status)),
        h('td', null, String(s.record_count)),
        h('td', null, s.retrieval_mode ?? '—'),
        h('td', null, s.warning ?? ''))))),
    ),
    dossier.search_terms.length > 0 ? h('p', { class: 'muted small' }, 'Search terms: ', dossier.search_terms.join(', ')) : null);
}

export function warningsSection(dossier: Dossier): HTMLElement {
  const llm = dossier.manifest.llm;
  // The dossier's warnings already carry the LLM's (as written or prefixed "LLM: "): list each once.
  const listed = new Set(dossier.warnings);
  const llmWarnings = (llm.warnings ?? []).filter((w) => !listed.has(w) && !listed.has(`LLM: ${w}`));
  const all = [...dossier.warnings, ...llmWarnings];
  return h('section', { class: 'panel', 'data-testid': 'warnings-section' },
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
