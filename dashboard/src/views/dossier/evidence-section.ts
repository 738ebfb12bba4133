// The dossier's evidence list: each record with its quality tier and a link to the source record
// (opened in a new tab without handing it this page).
import { emptySection, formatScore, h } from '../../core/dom';
import type { EvidenceItem } from './dossier-model';

export function sourceLink(url: string, text: string): HTMLElement {
  // Only web links: a record URL is data from outside, never a javascript: or data: URL.
  if (!/^https?:\/\//i.test(url)) return h('span', null, text);
  return h('a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, text);
}

export function evidenceSection(evidence: EvidenceItem[]): HTMLElement {
  return h('section', { class: 'panel', 'data-testid': 'evidence-section' },
    h('h2', null, `Evidence (${evidence.length})`),
    evidence.length === 0 ? emptySection() : h('ol', { class: 'evidence-list' }, evidence.map(evidenceItem)));
}

function evidenceItem(item: EvidenceItem): HTMLElement {
  return h('li', { id: `evidence-${item.evidence_id}`, 'data-testid': 'evidence-item' },
    h('div', { class: 'evidence-title' }, sourceLink(item.url, item.title || item.native_id)),
    h('div', { class: 'evidence-meta' },
      h('span', { class: `tag tier-${item.quality_tier}`, title: item.quality_rationale, 'data-testid': 'quality-tier' }, `${item.quality_tier} quality`),
      h('span', { class: 'tag' }, item.source),
      h('span', { class: 'tag' }, item.evidence_type.replace(/_/g, ' ')),
      h('span', { class: 'muted' }, item.native_id),
      item.provenance?.synthetic ? h('span', { class: 'tag synthetic', 'data-testid': 'synthetic-badge', title: 'A made-up example record of the offline corpus: not a real publication or trial' }, 'synthetic example') : null,
      item.published ? h('span', { class: 'muted' }, item.published) : null,
      h('span', { class: 'muted' }, `score ${formatScore(item.quality_score, 2)}`)),
    item.snippet ? h('p', { class: 'snippet' }, item.snippet) : null,
    item.quality_rationale ? h('p', { class: 'muted small' }, item.quality_rationale) : null,
    item.also_found_in.length > 0
      ? h('p', { class: 'muted small' }, 'Also found in: ', item.also_found_in.map((a, i) => [i > 0 ? ', ' : '', sourceLink(a.url, `${a.source} ${a.native_id}`)]))
      : null);
}
