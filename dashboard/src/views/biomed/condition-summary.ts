// The summary part of a condition page: identity, readiness tier with its meaning, exact mappings,
// synonyms and the active snapshots the answer was read from.
import { emptySection, formatDate, h } from '../../core/dom';
import { conditionHref, snapshotHref, tierTag } from './biomed-page';
import { curieNode } from './curie-node';
import type { ActiveSnapshot, ConditionSummary } from './biomed-types';
import { READINESS_MEANING } from './biomed-vocabulary';

function pair(term: string, ...value: (Node | string)[]): HTMLElement[] {
  return [h('dt', null, term), h('dd', null, ...value)];
}

export function summarySection(summary: ConditionSummary): HTMLElement {
  const meaning = summary.readiness?.meaning ?? READINESS_MEANING[summary.readiness_tier];
  return h('section', { class: 'panel', 'data-testid': 'condition-summary' },
    h('h2', null, 'Summary'),
    summary.obsolete ? h('p', { class: 'warning' }, 'This term is obsolete.', summary.replaced_by?.length ? [' Replaced by ', summary.replaced_by.map((c) => h('a', { href: conditionHref(c) }, c))] : '') : null,
    summary.definition ? h('p', null, summary.definition) : null,
    h('dl', { class: 'facts' },
      pair('CURIE', h('code', null, summary.curie)),
      pair('Kind', summary.kind ?? '—'),
      pair('Readiness', tierTag(summary.readiness_tier, meaning), ' ', h('span', { 'data-testid': 'readiness-meaning' }, meaning)),
      summary.readiness ? pair('Readiness evidence', `${summary.readiness.exact_mappings} exact mapping(s), ${summary.readiness.phenotype_claims} phenotype claim(s), ${summary.readiness.gene_pathway_drug_claims} gene/pathway/drug claim(s)`) : [],
      pair('MONDO', summary.mondo_curie ? h('a', { href: conditionHref(summary.mondo_curie) }, summary.mondo_curie) : '—'),
      pair('EFO', summary.efo_id ?? '—'),
      summary.source ? pair('Read from', h('a', { href: snapshotHref(summary.source.snapshot_id) }, summary.source.snapshot_id), ` (${summary.source.resource})`) : []),
    h('h3', null, 'Synonyms'),
    summary.synonyms && summary.synonyms.length > 0
      ? h('p', null, summary.synonyms.map((s) => h('span', { class: 'tag', title: s.scope }, s.text)))
      : emptySection('no synonyms'),
    h('h3', null, 'Exact mappings'),
    mappingsTable(summary),
    h('h3', null, 'Active snapshots'),
    activeSnapshotsList(summary.active_snapshots));
}

function mappingsTable(summary: ConditionSummary): HTMLElement {
  if (summary.mappings.length === 0) return emptySection('no exact mappings');
  return h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'condition-mappings' },
    h('thead', null, h('tr', null, ['Mapped to', 'Label', 'Predicate', 'Sources', 'Snapshot'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', null, summary.mappings.map((m) => h('tr', null,
      h('td', null, curieNode(m.curie)),
      h('td', null, m.label ?? '—'),
      h('td', null, h('code', null, m.predicate)),
      h('td', null, m.sources.join(', ')),
      h('td', null, h('a', { href: snapshotHref(m.snapshot_id) }, m.snapshot_id)))))));
}

export function activeSnapshotsList(snapshots: ActiveSnapshot[]): HTMLElement {
  if (snapshots.length === 0) return emptySection('no active snapshots');
  return h('ul', { class: 'snapshot-list' }, snapshots.map((s) => h('li', null,
    h('a', { href: snapshotHref(s.snapshot_id) }, s.snapshot_id), ` ${s.resource}`, s.version ? ` ${s.version}` : '',
    h('span', { class: 'muted' }, ` · active since ${formatDate(s.activated_at)}`))));
}
