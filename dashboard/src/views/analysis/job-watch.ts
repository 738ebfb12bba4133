// Watching a queued module job: over the job's WebSocket, server-sent events when the socket fails,
// polling only as the last resort (every 2 s, waiting out a 429's Retry-After and resuming) — so a long
// run-all stays live to its last module whatever the rate limit. Its percent and message go in a
// <progress>; `onPoll` sees every status (run-all reads which module just finished from the message).
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { showFieldErrors } from '../../core/errors';
import { followJob, type Transport } from '../watch/job-transport';
import type { JobStatus } from './analysis-types';

const TRANSPORT_TEXT: Record<Transport, string> = { ws: 'live (WebSocket)', sse: 'live (event stream)', poll: 'polling every 2 s' };

export async function watchJob(jobId: string, box: HTMLElement, signal: AbortSignal, onPoll?: (job: JobStatus) => void): Promise<JobStatus> {
  const bar = h('progress', { max: 100, 'aria-label': 'Job progress', 'data-testid': 'analysis-progress' });
  const message = h('p', { class: 'muted small', 'aria-live': 'polite', 'data-testid': 'analysis-status' }, 'Queued…');
  const how = h('p', { class: 'muted small', 'data-testid': 'analysis-transport' });
  replace(box, bar, message, how);
  const last = await followJob({
    jobId, start: 'ws', signal,
    onStatus: (status) => {
      const job = status as JobStatus;
      onPoll?.(job);
      if (job.progress) {
        bar.value = job.progress.percent;
        replace(message, `${job.status}: ${job.progress.message}`);
      } else replace(message, job.status);
    },
    onTransport: (used) => replace(how, `Updates: ${TRANSPORT_TEXT[used]}`),
    onWait: (seconds) => replace(how, `Updates: ${TRANSPORT_TEXT.poll} — the server asked to wait, retrying in ${Math.ceil(seconds)} s`),
  });
  if (!last) throw new DOMException('left the page', 'AbortError');
  const job = (last.status === 'REVOKED' ? { ...last, status: 'FAILURE', error: last.error ?? 'the job was revoked' } : last) as JobStatus;
  bar.value = 100;
  replace(message, job.status === 'SUCCESS' ? 'Done.' : 'Failed.');
  return job;
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
