// The dossier's evidence as a table to sort and filter (source, tier, outcome, provenance, date): each
// record with its outcome class and the sentence that decided it, where it came from (provenance
// badges), its quality tier, and the drugs and targets it mentions (links to their entity pages).
// A provider link only for a real record: a synthetic example of the offline corpus has none.
import { dataTable } from '../../core/data-table';
import { emptySection, formatScore, h } from '../../core/dom';
import { entityHref } from '../../core/entity-links';
import type { EvidenceItem } from './dossier-model';
import { outcomeCell, outcomeClass, provenanceBadges, provenanceMode } from './provenance-badges';

export function sourceLink(url: string, text: string): HTMLElement {
  // Only web links: a record URL is data from outside, never a javascript: or data: URL.
  if (!/^https?:\/\//i.test(url)) return h('span', null, text);
  return h('a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, text);
}

export function evidenceSection(evidence: EvidenceItem[], context: { run: string; disease: string }): HTMLElement {
  return h('section', { class: 'panel', id: 'dossier-evidence', 'data-testid': 'evidence-section' },
    h('h2', null, `Evidence (${evidence.length})`),
    evidence.length === 0 ? emptySection() : dataTable<EvidenceItem>({
      testId: 'evidence-table',
      caption: 'Evidence records of this dossier',
      rows: evidence,
      facets: [
        { key: 'source', label: 'Source', value: (e) => e.source },
        { key: 'tier', label: 'Tier', value: (e) => e.quality_tier },
        { key: 'outcome', label: 'Outcome', value: outcomeClass },
        { key: 'mode', label: 'Provenance', value: provenanceMode },
      ],
      text: (e) => [e.title, e.native_id, e.source, e.outcome?.statement ?? '', ...(e.entities?.drugs ?? []), ...(e.entities?.targets ?? [])].join(' '),
      rowAttrs: (e) => ({ id: `evidence-${e.evidence_id}`, 'data-testid': 'evidence-item', 'data-source': e.source, 'data-outcome': outcomeClass(e) }),
      columns: [
        { label: 'Record', cell: (e) => recordCell(e, context), sort: (e) => (e.title || e.native_id).toLowerCase(), className: 'record' },
        { label: 'Source', cell: (e) => [h('span', { class: 'tag' }, e.source), h('div', { class: 'muted small' }, e.native_id)], sort: (e) => e.source },
        { label: 'Tier', cell: tierCell, sort: (e) => e.quality_score },
        { label: 'Outcome', cell: outcomeCell, sort: outcomeClass, className: 'outcome-col' },
        { label: 'Provenance', cell: (e) => h('div', { class: 'badges' }, provenanceBadges(e)), sort: provenanceMode },
        { label: 'Date', cell: (e) => e.published ?? '—', sort: (e) => e.published ?? null },
      ],
    }));
}

function tierCell(e: EvidenceItem): HTMLElement {
  return h('span', { class: `tag tier-${e.quality_tier}`, title: e.quality_rationale, 'data-testid': 'quality-tier' }, `${e.quality_tier} ${formatScore(e.quality_score, 2)}`);
}

function recordCell(e: EvidenceItem, context: { run: string; disease: string }): (HTMLElement | null)[] {
  const synthetic = e.provenance?.synthetic === true;
  const mentions = [...(e.entities?.drugs ?? []), ...(e.entities?.targets ?? [])];
  return [
    h('div', { class: 'evidence-title' }, synthetic ? h('span', null, e.title || e.native_id) : sourceLink(e.url, e.title || e.native_id)),
    h('div', { class: 'muted small' }, e.evidence_type.replace(/_/g, ' ')),
    mentions.length === 0 ? null : h('div', { class: 'mentions small' }, 'Mentions: ',
      mentions.map((id, i) => [i > 0 ? ', ' : '', h('a', { href: entityHref(id, context), class: 'entity-link' }, id.replace(/^(drug|target):/, ''))])),
    e.also_found_in.length > 0 && !synthetic
      ? h('div', { class: 'muted small' }, 'Also in: ', e.also_found_in.map((a, i) => [i > 0 ? ', ' : '', sourceLink(a.url, `${a.source} ${a.native_id}`)]))
      : null,
  ];
}
