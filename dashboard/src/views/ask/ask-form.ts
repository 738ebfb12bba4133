// The Ask form's fields: built from a draft, read back into one. Each field wrapper carries
// data-field="<ResearchRequest field>" so client and server (422) errors appear next to it.
import { h } from '../../core/dom';
import { diseasePicker } from './disease-picker';
import { AskDraft, CANDIDATE_TYPES, CandidateType, EVIDENCE_MAX, EVIDENCE_MIN, SOURCE_OPTIONS } from './research-request';

export interface AskForm {
  form: HTMLFormElement;
  general: HTMLElement;
  submit: HTMLButtonElement;
  read(): AskDraft;
}

const CANDIDATE_LABELS: Record<CandidateType, string> = { both: 'Drugs and targets', drugs: 'Drugs', targets: 'Targets' };

export function buildAskForm(draft: AskDraft, signal: AbortSignal, onChange: () => void, llmAvailable = true): AskForm {
  const disease = diseasePicker(draft.disease_id, signal, onChange);
  const question = h('textarea', {
    name: 'question', rows: 3, 'data-testid': 'question-input',
    placeholder: 'e.g. Which approved drugs could be repurposed for lupus nephritis?',
  });
  question.value = draft.question;
  const sourceBoxes = SOURCE_OPTIONS.map(([name, label]) => {
    const box = h('input', { type: 'checkbox', name: 'sources', value: name, 'data-testid': `source-${name}` });
    box.checked = draft.sources.includes(name);
    return { name, box, label: h('label', null, box, label) };
  });
  const dateFrom = h('input', { type: 'date', name: 'date_from', value: draft.date_from, 'data-testid': 'date-from' });
  const dateTo = h('input', { type: 'date', name: 'date_to', value: draft.date_to, 'data-testid': 'date-to' });
  const candidateType = h('select', { name: 'candidate_type', 'data-testid': 'candidate-type' },
    CANDIDATE_TYPES.map((type) => h('option', { value: type }, CANDIDATE_LABELS[type])));
  candidateType.value = draft.candidate_type;
  const maxEvidence = h('input', {
    type: 'number', name: 'max_evidence', min: EVIDENCE_MIN, max: EVIDENCE_MAX, step: 1, value: draft.max_evidence,
    inputmode: 'numeric', 'data-testid': 'max-evidence',
  });
  const llm = h('input', { type: 'checkbox', name: 'enable_llm', 'data-testid': 'enable-llm' });
  llm.checked = draft.enable_llm;
  const general = h('div', { class: 'form-general', 'aria-live': 'polite', 'data-testid': 'ask-general' });
  const submit = h('button', { type: 'submit', class: 'primary', 'data-testid': 'ask-submit' }, 'Build the dossier');

  const form = h('form', { class: 'panel ask-form', novalidate: true, 'data-testid': 'ask-form' },
    disease.field,
    h('label', { class: 'field', 'data-field': 'question' }, 'Question', question),
    h('fieldset', { class: 'sources', 'data-field': 'sources' }, h('legend', null, 'Sources'), sourceBoxes.map((s) => s.label)),
    h('div', { class: 'row' },
      h('label', { class: 'field', 'data-field': 'date_from' }, 'Earliest source date', dateFrom),
      h('label', { class: 'field', 'data-field': 'date_to' }, 'Latest source date', dateTo)),
    h('div', { class: 'row' },
      h('label', { class: 'field', 'data-field': 'candidate_type' }, 'Candidates', candidateType),
      h('label', { class: 'field', 'data-field': 'max_evidence' }, `Evidence limit (${EVIDENCE_MIN}–${EVIDENCE_MAX})`, maxEvidence)),
    h('div', { class: 'field llm-toggle', 'data-field': 'enable_llm' },
      h('label', null, llm, 'Ask the language model for additional claims (deterministic extraction always runs)'),
      llmAvailable ? null : h('p', { class: 'muted small', 'data-testid': 'llm-unavailable' },
        'Off by default: no language model is configured on this server (LLM_BASE_URL and LLM_API_KEY), so only deterministic extraction would run.')),
    general,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('input', onChange);
  form.addEventListener('change', onChange);

  return {
    form,
    general,
    submit,
    read: () => ({
      disease_id: disease.input.value,
      question: question.value,
      sources: sourceBoxes.filter((s) => s.box.checked).map((s) => s.name),
      date_from: dateFrom.value,
      date_to: dateTo.value,
      candidate_type: candidateType.value as CandidateType,
      max_evidence: maxEvidence.value,
      enable_llm: llm.checked,
    }),
  };
}
