// #ask: the research question form. Every keystroke is kept as a draft (sessionStorage), so a 401
// mid-way opens sign-in over the form and nothing typed is lost. Submitting queues a Workspace job
// (POST /api/jobs/workspace) and moves to its live progress (#jobs/{job_id}).
import { api } from '../../core/api';
import { authState } from '../../core/auth';
import { h } from '../../core/dom';
import { showClientErrors, showFieldErrors } from '../../core/errors';
import { navigate, type ViewContext } from '../../core/router';
import { clearDraft, loadDraft, saveDraft } from '../../core/session-store';
import { buildAskForm } from './ask-form';
import { AskDraft, defaultDraft, toRequestBody, validateDraft } from './research-request';
import './ask.css';

const DRAFT = 'ask';

export function askView({ outlet, query, signal }: ViewContext): void {
  const llmAvailable = authState()?.llm_available !== false;
  const draft = { ...defaultDraft(llmAvailable), ...(loadDraft<Partial<AskDraft>>(DRAFT) ?? {}) };
  const ask = buildAskForm(draft, signal, () => saveDraft(DRAFT, ask.read()), llmAvailable);
  // ?transport=sse|poll is handed on to the progress view (tests and debugging of the fallbacks).
  const transport = query.get('transport');

  ask.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });

  async function submit(): Promise<void> {
    const values = ask.read();
    saveDraft(DRAFT, values);
    if (!showClientErrors(ask.form, validateDraft(values), ask.general)) {
      ask.form.querySelector<HTMLElement>('.field-error')?.closest('[data-field]')?.querySelector<HTMLElement>('input, textarea, select')?.focus();
      return;
    }
    ask.submit.disabled = true;
    try {
      const job = await api.post<{ job_id: string }>('/api/jobs/workspace', toRequestBody(values), { signal });
      clearDraft(DRAFT);
      navigate(`jobs/${encodeURIComponent(job.job_id)}${transport ? `?transport=${encodeURIComponent(transport)}` : ''}`);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      showFieldErrors(ask.form, error, ask.general);
    } finally {
      ask.submit.disabled = false;
    }
  }

  outlet.append(
    h('h1', null, 'Ask a question'),
    h('p', { class: 'muted' }, 'The service searches the chosen public sources, extracts claims, ranks drugs and targets and explains them through knowledge-graph paths.'),
    ask.form,
  );
}
