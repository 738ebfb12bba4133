// Carry-over of reviews (issue 30): a new run of the same disease and question brings forward the pins and
// rejections the researcher made on their previous run of it — never silently. They show at the top of the
// dossier and on each candidate as "carried over from run X", not yet saved to this run; "Save to this run"
// saves each as this run's review (notes and the tag "carried-over" say where it came from; each stays
// changeable in its review), "Undo carry-over" takes them off this run's page (recorded on the server as a
// CarryOverDeclined event, so no other browser offers them again; "Carry them over again" takes it back).
// Only for candidates this run ranks and has not reviewed itself.
// After saving, "Undo this save" withdraws those reviews (ReviewWithdrawn events: the save and the undo both
// stay in the history); the saved state is read from the server, so the undo is offered after a reload too.
import { api } from '../../core/api';
import { formatDate, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { RunSummary } from '../runs/run-types';
import type { CurrentReview, ReviewStore } from './review-store';
import { NOTES_MAX } from './review-rules';

export interface CarryOverSource {
  run: RunSummary;
  /** The earlier run's reviews of candidates this run has not reviewed, or reviewed only by saving this carry-over. */
  reviews: CurrentReview[];
  /** This run's reviews saved from that carry-over (tag carried-over, notes naming the run): undoable. */
  saved: CurrentReview[];
}
/** Slots drawn with the dossier (so its first render waits for nothing), filled when the earlier run is read. */
export interface CarryOverSlots {
  /** The place at the top of the dossier (empty: nothing to carry over). */
  panel: HTMLElement;
  /** The candidate's place for its "carried over from run X" line. */
  mark(candidateId: string): HTMLElement;
  show(source: CarryOverSource | null): void;
}
const savedNote = (fromRunId: string) => `Carried over from run ${fromRunId}.`;

/**
 * The researcher's latest earlier completed run of the same disease and question, with its reviews of
 * candidates this run ranks; null when there is none (or this run already has reviews).
 */
export async function findCarryOver(run: { run_id: string; disease_id: string; question: string }, store: ReviewStore, ranked: ReadonlySet<string>, signal: AbortSignal): Promise<CarryOverSource | null> {
  const page = await api.get<{ runs: RunSummary[] }>('/api/workspace/runs', { query: { limit: 200 }, signal });
  const self = page.runs.find((r) => r.run_id === run.run_id);
  const earlier = page.runs.filter((r) => r.run_id !== run.run_id && r.status === 'completed' && r.disease_id === run.disease_id
    && r.question.trim() === run.question.trim() && (!self || r.requested_at < self.requested_at));
  const previous = earlier.sort((a, b) => (a.requested_at < b.requested_at ? 1 : -1))[0];
  if (!previous) return null;
  const answer = await api.get<{ reviews: CurrentReview[] }>(`/api/workspace/runs/${encodeURIComponent(previous.run_id)}/reviews`, { signal });
  const savedFrom = (id: string) => {
    const here = store.current(id);
    return here && here.tags.includes('carried-over') && here.notes.startsWith(savedNote(previous.run_id)) ? here : undefined;
  };
  const reviews = answer.reviews.filter((r) => ranked.has(r.candidate_id) && (!store.current(r.candidate_id) || savedFrom(r.candidate_id)));
  const saved = reviews.map((r) => savedFrom(r.candidate_id)).filter((r): r is CurrentReview => r !== undefined);
  return reviews.length === 0 ? null : { run: previous, reviews, saved };
}

export function carryOverSlots(store: ReviewStore): CarryOverSlots {
  const marks = new Map<string, HTMLElement>();
  const mark = (id: string) => marks.get(id) ?? marks.set(id, h('div', { class: 'carried-mark', 'data-testid': 'carried-mark', 'data-candidate': id })).get(id)!;
  const panel = h('div', { 'data-testid': 'carry-over-slot' });
  return {
    panel, mark,
    // data-state says the look-up is over (tests and assistive tools need not guess from an empty place).
    show: (source) => { panel.dataset.state = source ? 'shown' : 'none'; if (source) showCarryOver(source, store, panel, mark); },
  };
}

function showCarryOver(source: CarryOverSource, store: ReviewStore, slot: HTMLElement, markOf: (id: string) => HTMLElement): void {
  const from = source.run;
  const short = from.run_id.slice(0, 8);
  const panel = h('section', { class: 'panel carry-over', 'aria-label': 'Reviews carried over', 'data-testid': 'carry-over' });
  replace(slot, panel);
  let saved = source.saved;
  let state: 'proposed' | 'saved' | 'undone' = saved.length > 0 ? 'saved' : store.carryOverDeclinedFrom === from.run_id ? 'undone' : 'proposed';
  const count = (list: readonly CurrentReview[]) => {
    const pins = list.filter((r) => r.decision === 'pin').length;
    return `${pins} pin${pins === 1 ? '' : 's'} and ${list.length - pins} rejection${list.length - pins === 1 ? '' : 's'}`;
  };
  const runLink = h('a', { href: `#runs/${encodeURIComponent(from.run_id)}` }, `run ${short}`);

  const draw = (problem?: unknown) => {
    const what = count(state === 'saved' ? saved : source.reviews);
    for (const review of source.reviews) {
      replace(markOf(review.candidate_id), state !== 'proposed' ? null : [h('span', { class: `tag decision-${review.decision}` }, review.decision === 'pin' ? 'pinned' : 'rejected'),
        ` carried over from run ${short}`, review.rationale ? ` — ${review.rationale}` : '', ' (not yet saved to this run)']);
    }
    const button = (label: string, testId: string, act: () => void) => {
      const b = h('button', { type: 'button', 'data-testid': testId }, label);
      b.addEventListener('click', act);
      return b;
    };
    if (state === 'proposed') {
      replace(panel, h('p', { 'data-testid': 'carry-over-text' }, h('strong', null, `Carried over from `), runLink, ` (the same disease and question, requested ${formatDate(from.requested_at)}): your ${what}, `
        + 'marked on the candidates below. They are not this run\'s reviews until you save them.'),
      h('div', { class: 'actions' }, button('Save them to this run', 'carry-over-save', () => void keep()), button('Undo carry-over', 'carry-over-undo', () => void undo())),
      problem ? errorBox(problem) : null);
    } else if (state === 'undone') {
      replace(panel, h('p', { class: 'muted small', 'data-testid': 'carry-over-text' }, `Not carried over: your ${what} of `, runLink, ' stay with that run. ',
        button('Carry them over again', 'carry-over-redo', () => void redo())), problem ? errorBox(problem) : null);
    } else {
      replace(panel, h('p', { class: 'small', 'data-testid': 'carry-over-text' }, `Saved to this run: your ${what} carried over from `, runLink,
        ' (tagged carried-over; change any of them in its review). ', button('Undo this save', 'carry-over-unsave', () => void unsave())),
      problem ? errorBox(problem) : null);
    }
  };
  // The decision is the server's (every browser reads it); the page changes once it is recorded.
  const decide = async (declined: boolean) => {
    try {
      await store.decideCarryOver(from.run_id, declined);
      state = declined ? 'undone' : 'proposed';
      draw();
    } catch (error) {
      draw(error);
    }
  };
  const undo = () => decide(true);
  const redo = () => decide(false);
  const keep = async () => {
    try {
      saved = [];
      for (const r of source.reviews) {
        if (store.current(r.candidate_id)) continue; // reviewed here meanwhile: this run's own review wins
        const notes = `${savedNote(from.run_id)}${r.notes ? ` ${r.notes}` : ''}`.slice(0, NOTES_MAX);
        saved.push(await store.save({ candidate_id: r.candidate_id, candidate_type: r.candidate_type, decision: r.decision, rationale: r.rationale, notes,
          tags: [...new Set(['carried-over', ...r.tags])].slice(0, 20), changed_mind: null }));
      }
      state = 'saved';
      draw();
    } catch (error) {
      draw(error);
    }
  };
  // Undo after saving: the saved reviews are withdrawn (new events; nothing is erased), and the carry-over
  // is left undone (as "Undo carry-over" would), with the way to bring it back.
  const unsave = async () => {
    try {
      const ids = saved.map((r) => r.candidate_id).filter((id) => store.current(id));
      if (ids.length > 0) await store.withdraw(ids, `Undo of the carry-over saved from run ${from.run_id}`);
      saved = [];
      await store.decideCarryOver(from.run_id, true);
      state = 'undone';
      draw();
    } catch (error) {
      draw(error);
    }
  };
  draw();
}
