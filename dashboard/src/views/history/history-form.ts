// Which candidate to follow: a name (offered as you type from your runs) or an id, the type and
// optionally one disease. The checks mirror the server's candidateHistoryQuery schema; submitting
// puts the resolved id in the fragment so the page can be linked.
import { h } from '../../core/dom';
import { showClientErrors } from '../../core/errors';
import { navigate } from '../../core/router';
import { candidateNames, resolveCandidate, type CandidateName } from './candidate-names';
import { historyHref } from './history-link';

export function validateHistoryQuery(candidateId: string, candidateType: string, diseaseId: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (candidateId === '') errors.candidate_id = 'is required';
  else if (candidateId.length > 200) errors.candidate_id = 'must be at most 200 characters';
  if (candidateType !== 'drug' && candidateType !== 'target') errors.candidate_type = 'must be drug or target';
  if (diseaseId.length > 100) errors.disease_id = 'must be at most 100 characters';
  return errors;
}

export function historyForm(query: URLSearchParams, general: HTMLElement): HTMLFormElement {
  const type = query.get('candidate_type') ?? 'drug';
  const datalist = h('datalist', { id: 'candidate-names', 'data-testid': 'candidate-names' });
  let names: CandidateName[] = [];
  // Read once, when the researcher first reaches for the field (the trends of 100 runs are not free).
  let asked: Promise<void> | undefined;
  const loadNames = () => (asked ??= candidateNames().then((found) => {
    names = found;
    datalist.replaceChildren(...found.map((n) => h('option', { value: n.label }, `${n.kind} · ${n.id}`)));
  }, () => undefined));
  const form = h('form', { class: 'panel', 'data-testid': 'history-form', novalidate: true },
    h('div', { class: 'row' },
      h('label', { class: 'field', 'data-field': 'candidate_id' }, 'Candidate (name or id)',
        h('input', { name: 'candidate_id', value: query.get('candidate_id') ?? '', maxlength: 200, required: true, placeholder: 'e.g. belimumab', list: 'candidate-names', autocomplete: 'off', 'data-testid': 'history-candidate', onfocus: () => void loadNames() }),
        datalist),
      h('label', { class: 'field', 'data-field': 'candidate_type' }, 'Candidate type',
        h('select', { name: 'candidate_type' },
          h('option', { value: 'drug', selected: type === 'drug' }, 'Drug'),
          h('option', { value: 'target', selected: type === 'target' }, 'Target'))),
      h('label', { class: 'field', 'data-field': 'disease_id' }, 'Disease (optional)',
        h('input', { name: 'disease_id', value: query.get('disease_id') ?? '', maxlength: 100 }))),
    general,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Show history')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    await loadNames();
    const data = new FormData(form);
    const typed = String(data.get('candidate_id') ?? '').trim();
    const chosenType = String(data.get('candidate_type') ?? '');
    const resolved = typed && (chosenType === 'drug' || chosenType === 'target') ? resolveCandidate(typed, chosenType, names) : undefined;
    const candidateId = resolved?.id ?? typed;
    const candidateType = resolved?.kind ?? chosenType;
    const diseaseId = String(data.get('disease_id') ?? '').trim();
    if (!showClientErrors(form, validateHistoryQuery(candidateId, candidateType, diseaseId), general)) return;
    navigate(historyHref(candidateId, candidateType as 'drug' | 'target', diseaseId || undefined));
  });
  return form;
}
