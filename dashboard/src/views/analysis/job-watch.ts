// Watching a queued module job: GET /api/jobs/{job_id} every half second (stopped when the page is
// left) with its percent and message in a <progress>, until it succeeds or fails. `onPoll` sees every
// answer (run-all reads which module just finished from the message).
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { showFieldErrors } from '../../core/errors';
import type { JobStatus } from './analysis-types';

export async function watchJob(jobId: string, box: HTMLElement, signal: AbortSignal, onPoll?: (job: JobStatus) => void): Promise<JobStatus> {
  const bar = h('progress', { max: 100, 'aria-label': 'Job progress', 'data-testid': 'analysis-progress' });
  const message = h('p', { class: 'muted small', 'aria-live': 'polite', 'data-testid': 'analysis-status' }, 'Queued…');
  replace(box, bar, message);
  for (;;) {
    const job = await api.get<JobStatus>(`/api/jobs/${encodeURIComponent(jobId)}`, { signal });
    onPoll?.(job);
    if (job.progress) {
      bar.value = job.progress.percent;
      replace(message, `${job.status}: ${job.progress.message}`);
    } else replace(message, job.status);
    if (job.status === 'SUCCESS' || job.status === 'FAILURE') {
      bar.value = 100;
      replace(message, job.status === 'SUCCESS' ? 'Done.' : 'Failed.');
      return job;
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, 500);
      signal.addEventListener('abort', () => { clearTimeout(timer); reject(new DOMException('left the page', 'AbortError')); }, { once: true });
    });
  }
}

/**
 * A form's job from submission to its end: POST `path` with the form's query, watch it, and hand the
 * finished job to `done`. The submit button is disabled meanwhile; a refused request (422) marks the
 * form's fields; leaving the page stops it quietly.
 */
export async function runFormJob(form: HTMLFormElement, path: string, query: Record<string, string | string[]>, parts: { general: HTMLElement; status: HTMLElement },
  signal: AbortSignal, done: (job: JobStatus, jobId: string) => void, onPoll?: (job: JobStatus) => void): Promise<void> {
  const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  button.disabled = true;
  try {
    const submitted = await api.post<{ job_id: string }>(path, undefined, { query, signal });
    done(await watchJob(submitted.job_id, parts.status, signal, onPoll), submitted.job_id);
  } catch (error) {
    if (signal.aborted) return;
    replace(parts.status);
    showFieldErrors(form, error, parts.general);
  } finally {
    button.disabled = false;
  }
}
