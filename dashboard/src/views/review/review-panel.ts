// A candidate's review on the dossier page: pin or reject with rationale, notes, tags and a
// what-changed-my-mind entry, saved with If-Match. Typed text is kept as a draft until saved. When the
// save meets a newer version (412), the newer version is fetched and shown next to the form, the typed
// text stays, and pressing Save again applies it over the newer version.
import { formatDate, h, replace } from '../../core/dom';
import { showClientErrors, showFieldErrors } from '../../core/errors';
import { emit } from '../../core/events';
import { clearDraft, loadDraft, saveDraft } from '../../core/session-store';
import { reviewHistory } from './review-history';
import { CurrentReview, Decision, isConflict, ReviewStore } from './review-store';
import { CHANGED_MIND_MAX, NOTES_MAX, parseTags, RATIONALE_MAX, validateReview } from './review-rules';
import './review.css';

interface Candidate {
  candidate_id: string;
  label: string;
  kind: 'drug' | 'target';
}

interface ReviewDraft {
  decision: Decision | null;
  rationale: string;
  notes: string;
  tags: string;
  changed_mind: string;
}

export function reviewPanel(store: ReviewStore, candidate: Candidate): HTMLElement {
  const draftKey = `review.${store.runId}.${candidate.candidate_id}`;
  const existing = store.current(candidate.candidate_id);
  const draft: ReviewDraft = loadDraft<ReviewDraft>(draftKey) ?? fromReview(existing);

  const radios = (['pin', 'reject'] as const).map((value) => {
    const input = h('input', { type: 'radio', name: `decision-${candidate.candidate_id}`, value, 'data-testid': `review-${value}` });
    input.checked = draft.decision === value;
    return { value, input, label: h('label', null, input, value === 'pin' ? 'Pin' : 'Reject') };
  });
  const rationale = textArea('rationale', draft.rationale, RATIONALE_MAX);
  const notes = textArea('notes', draft.notes, NOTES_MAX);
  const changedMind = textArea('changed_mind', draft.changed_mind, CHANGED_MIND_MAX);
  const tags = h('input', { name: 'tags', value: draft.tags, 'data-testid': 'review-tags', placeholder: 'comma-separated, e.g. follow-up, phase 2' });
  const general = h('div', { 'aria-live': 'polite', 'data-testid': 'review-general' });
  const conflict = h('div', { 'aria-live': 'polite', 'data-testid': 'review-conflict-slot' });
  const status = h('span', { class: 'muted', 'aria-live': 'polite', 'data-testid': 'review-status' });
  const save = h('button', { type: 'submit', class: 'primary', 'data-testid': 'review-save' }, 'Save review');
  const current = h('div', { class: 'review-current', 'data-testid': 'review-current' });
  const summary = h('summary', null);
  const history = reviewHistory(store, candidate.candidate_id);
  const historyToggle = h('details', { class: 'review-history-toggle' }, h('summary', { 'data-testid': 'review-history-toggle' }, 'Review history'), history.element);
  historyToggle.addEventListener('toggle', () => { if (historyToggle.open) void history.refresh(); });

  const form = h('form', { class: 'review-form', novalidate: true },
    h('fieldset', { 'data-field': 'decision' }, h('legend', null, 'Decision'), radios.map((r) => r.label)),
    h('label', { class: 'field', 'data-field': 'rationale' }, 'Rationale', rationale),
    h('label', { class: 'field', 'data-field': 'changed_mind' }, 'What changed my mind', changedMind),
    h('label', { class: 'field', 'data-field': 'notes' }, 'Notes', notes),
    h('label', { class: 'field', 'data-field': 'tags' }, 'Tags', tags),
    general,
    h('div', { class: 'actions' }, save, status));

  const read = (): ReviewDraft => ({
    decision: radios.find((r) => r.input.checked)?.value ?? null,
    rationale: rationale.value, notes: notes.value, tags: tags.value, changed_mind: changedMind.value,
  });
  // A reversed decision is what the what-changed-my-mind entry is for: say so next to it.
  const mindHint = h('small', { class: 'muted', 'data-testid': 'changed-mind-hint' });
  changedMind.after(mindHint);
  const hintReversal = () => {
    const saved = store.current(candidate.candidate_id)?.decision;
    const chosen = read().decision;
    replace(mindHint, saved && chosen && saved !== chosen ? `You are changing the saved decision (${saved}): say what changed your mind.` : '');
  };
  form.addEventListener('input', () => saveDraft(draftKey, read()));
  form.addEventListener('change', () => { saveDraft(draftKey, read()); hintReversal(); });

  const showCurrent = () => {
    const review = store.current(candidate.candidate_id);
    replace(summary, 'Review: ', review ? h('span', { class: `tag decision-${review.decision}`, 'data-testid': 'review-decision' }, review.decision === 'pin' ? 'pinned' : 'rejected') : h('span', { class: 'muted' }, 'not reviewed'));
    replace(current, review ? describe(review, 'Current review') : null);
  };
  showCurrent();
  hintReversal();
  store.onChange(() => { showCurrent(); hintReversal(); });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });

  async function submit(): Promise<void> {
    const values = read();
    const tagList = parseTags(values.tags);
    if (!showClientErrors(form, validateReview({ ...values, tags: tagList }), general)) return;
    save.disabled = true;
    replace(status, 'Saving…');
    try {
      await store.save({
        candidate_id: candidate.candidate_id, candidate_type: candidate.kind, decision: values.decision as Decision,
        rationale: values.rationale, notes: values.notes, tags: tagList, changed_mind: values.changed_mind.trim() === '' ? null : values.changed_mind,
      });
      clearDraft(draftKey);
      replace(conflict);
      replace(status, 'Saved.');
      emit('alerts-changed', undefined);
      if (historyToggle.open) void history.refresh();
    } catch (error) {
      replace(status);
      if (isConflict(error)) await showNewerVersion();
      else showFieldErrors(form, error, general);
    } finally {
      save.disabled = false;
    }
  }

  async function showNewerVersion(): Promise<void> {
    try {
      await store.reload();
    } catch (error) {
      showFieldErrors(form, error, general);
      return;
    }
    const newer = store.current(candidate.candidate_id);
    replace(conflict, h('div', { class: 'warning review-conflict', role: 'alert', 'data-testid': 'review-conflict' },
      h('p', null, h('strong', null, 'Someone saved a newer version of these reviews since you opened this page. '),
        'Your text is still in the form: compare, then press "Save review" again to apply it over the newer version.'),
      newer ? describe(newer, 'Newer version') : h('p', null, 'This candidate itself has no saved review yet; another candidate changed.')));
    if (historyToggle.open) void history.refresh();
  }

  return h('details', { class: 'review', 'data-testid': 'review-panel', 'data-candidate': candidate.candidate_id },
    summary, current, conflict, form, historyToggle);
}

function textArea(name: string, value: string, max: number): HTMLTextAreaElement {
  const area = h('textarea', { name, rows: 2, 'data-testid': `review-${name.replace('_', '-')}` });
  area.value = value;
  area.title = `Up to ${max} characters`;
  return area;
}

function fromReview(review: CurrentReview | undefined): ReviewDraft {
  return {
    decision: review?.decision ?? null, rationale: review?.rationale ?? '', notes: review?.notes ?? '',
    tags: review?.tags.join(', ') ?? '', changed_mind: review?.changed_mind ?? '',
  };
}

function describe(review: CurrentReview, title: string): HTMLElement {
  return h('div', { class: 'review-version', 'data-testid': 'review-version', 'data-decision': review.decision },
    h('div', null, h('strong', null, `${title}: `), h('span', { class: `tag decision-${review.decision}` }, review.decision === 'pin' ? 'pinned' : 'rejected'),
      h('span', { class: 'muted' }, ` by ${review.provenance.saved_by}, ${formatDate(review.updated_at)} (revision ${review.provenance.revision})`)),
    review.rationale ? h('p', null, 'Rationale: ', review.rationale) : null,
    review.changed_mind ? h('p', null, 'What changed my mind: ', review.changed_mind) : null,
    review.notes ? h('p', { class: 'muted' }, 'Notes: ', review.notes) : null,
    review.tags.length > 0 ? h('div', null, review.tags.map((t) => h('span', { class: 'tag' }, t))) : null);
}
