// Where a record came from, as badges: how it was retrieved (live from the provider, from the cache,
// from the offline corpus), whether it is a made-up example of that corpus, and whether `auto` mode
// fell back to the corpus because the provider was unreachable.
import { h } from '../../core/dom';
import type { EvidenceItem } from './dossier-model';

const MODE_TEXT: Record<string, [text: string, title: string]> = {
  live: ['live', 'Retrieved from the provider during this run'],
  cache: ['cache', 'Served from the response cache of an earlier live retrieval'],
  offline_corpus: ['offline', 'Taken from the offline corpus shipped with the service'],
  mirror: ['mirror', 'Taken from the local mirror of the provider\'s bulk release (a real record; the snapshot is named in the dossier)'],
};

export function provenanceMode(item: EvidenceItem): string {
  return item.provenance?.mode ?? item.retrieval_mode ?? 'unknown';
}

export function provenanceBadges(item: EvidenceItem): HTMLElement[] {
  const mode = provenanceMode(item);
  const [text, title] = MODE_TEXT[mode] ?? [mode, 'Retrieval mode as recorded'];
  return [
    h('span', { class: `tag mode-${mode}`, title: item.provenance?.snapshot_id ? `${title}: snapshot ${item.provenance.snapshot_id}` : title, 'data-testid': 'provenance-mode' }, text),
    item.provenance?.synthetic
      ? h('span', { class: 'tag synthetic', 'data-testid': 'synthetic-badge', title: 'A made-up example record of the offline corpus: not a real publication or trial' }, 'synthetic example')
      : null,
    item.provenance?.fallback
      ? h('span', { class: 'tag fallback', 'data-testid': 'fallback-badge', title: 'The provider was unreachable: this record came from the offline corpus instead' }, 'fallback')
      : null,
  ].filter((b): b is HTMLElement => b !== null);
}

const OUTCOME_TEXT: Record<string, string> = {
  positive: 'positive', null: 'null result', negative: 'negative', harm: 'harm', unknown: 'outcome unknown', excluded: 'excluded',
};

export function outcomeClass(item: EvidenceItem): string {
  return item.outcome?.class ?? 'unknown';
}

/** The outcome class and the sentence that decided it. */
export function outcomeCell(item: EvidenceItem): HTMLElement {
  const cls = outcomeClass(item);
  return h('div', { class: 'outcome', 'data-testid': 'evidence-outcome' },
    h('span', { class: `tag outcome-${cls}`, 'data-testid': 'outcome-class' }, OUTCOME_TEXT[cls] ?? cls),
    item.outcome?.statement ? h('p', { class: 'outcome-statement', 'data-testid': 'outcome-statement' }, item.outcome.statement) : null);
}
