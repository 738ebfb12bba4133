// One candidate's review history (GET …/review-events), newest first: each save's decision (and the
// one it replaced), rationale, tags, what changed my mind, who saved it and when; a withdrawal (undo) and why.
import { emptySection, formatDate, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { ReviewEvent, ReviewStore } from './review-store';

export function reviewHistory(store: ReviewStore, candidateId: string): { element: HTMLElement; refresh(): Promise<void> } {
  const list = h('div', { class: 'review-history', 'data-testid': 'review-history' });
  const refresh = async () => {
    try {
      const events = await store.history(candidateId);
      replace(list, events.length === 0 ? emptySection('no saved reviews') : h('ol', { class: 'history-list', reversed: true }, [...events].reverse().map(historyItem)));
    } catch (error) {
      replace(list, errorBox(error));
    }
  };
  return { element: list, refresh };
}

const word = (d: 'pin' | 'reject') => (d === 'pin' ? 'pinned' : 'rejected');

function historyItem(e: ReviewEvent): HTMLElement {
  if (e.decision === null) {
    return h('li', { 'data-testid': 'review-event' },
      h('div', null, h('span', { class: 'tag' }, 'withdrawn'), e.previous_decision ? h('span', { class: 'muted' }, ` (was ${word(e.previous_decision)})`) : null,
        h('span', { class: 'muted' }, ` · ${formatDate(e.saved_at)} · ${e.saved_by} · revision ${e.revision}`)),
      e.reason ? h('p', null, h('strong', null, 'Why: '), e.reason) : null);
  }
  return h('li', { 'data-testid': 'review-event' },
    h('div', null,
      h('span', { class: `tag decision-${e.decision}` }, word(e.decision)),
      e.previous_decision && e.previous_decision !== e.decision ? h('span', { class: 'muted' }, ` (was ${word(e.previous_decision)})`) : null,
      h('span', { class: 'muted' }, ` · ${formatDate(e.saved_at)} · ${e.saved_by} · revision ${e.revision}`)),
    e.rationale ? h('p', null, h('strong', null, 'Rationale: '), e.rationale) : null,
    e.changed_mind ? h('p', null, h('strong', null, 'What changed my mind: '), e.changed_mind) : null,
    e.notes ? h('p', { class: 'muted' }, h('strong', null, 'Notes: '), e.notes) : null,
    e.tags.length > 0 ? h('div', null, e.tags.map((t) => h('span', { class: 'tag' }, t))) : null);
}
