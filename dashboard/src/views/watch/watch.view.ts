// #jobs/{job_id}: a job's live progress — a <progress> bar with the step message, per-source status,
// the transport in use (?transport=sse|poll starts further down the fallback chain), and the outcome:
// the server's error text on failure, or the dossier (auto-opened unless ?stay=1) on success.
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import { emit } from '../../core/events';
import { navigate, type ViewContext } from '../../core/router';
import { followJob, JobStatus, Transport, TRANSPORTS } from './job-transport';
import { SourceProgress } from './source-progress';
import './watch.css';

const OPEN_DOSSIER_AFTER_MS = 1500;
const TRANSPORT_LABEL: Record<Transport, string> = { ws: 'WebSocket', sse: 'Server-sent events', poll: 'Polling' };

interface RunRead {
  request?: { sources?: string[]; question?: string; disease_id?: string };
  source_statuses?: { source: string; status: string; record_count?: number; warning?: string | null }[];
}

export function watchView({ params, query, outlet, signal }: ViewContext): void {
  const jobId = params.job_id ?? '';
  const requested = query.get('transport') as Transport | null;
  const start: Transport = requested && TRANSPORTS.includes(requested) ? requested : 'ws';
  const stay = query.has('stay');

  const bar = h('progress', { max: 100, 'data-testid': 'job-progress', 'aria-label': 'Progress' });
  const state = h('span', { class: 'tag', 'data-testid': 'job-status' }, 'CONNECTING');
  const message = h('p', { class: 'step-message', 'data-testid': 'job-message', 'aria-live': 'polite' }, 'Connecting…');
  const transport = h('p', { class: 'muted', 'data-testid': 'job-transport' });
  const sources = new SourceProgress();
  const outcome = h('div', { 'data-testid': 'job-outcome', 'aria-live': 'polite' });
  const about = h('p', { class: 'muted question' });

  outlet.append(
    h('h1', null, 'Building the dossier'),
    h('section', { class: 'panel watch' },
      about,
      h('div', { class: 'status-line' }, state, transport),
      bar,
      message,
      h('h2', null, 'Sources'),
      sources.element),
    outcome,
  );

  // A Workspace job's run holds the request (which sources to expect) and source statuses as they land.
  let lastMessage = '';
  const readRun = async (): Promise<void> => {
    try {
      const run = await api.get<RunRead>(`/api/workspace/runs/${encodeURIComponent(jobId)}`, { signal });
      if (run.request?.question) replace(about, `${run.request.disease_id ?? ''}: `, run.request.question);
      sources.expect(run.request?.sources ?? []);
      if (run.source_statuses?.length) sources.fromStatuses(run.source_statuses);
    } catch {
      // Not a Workspace run (or not yet readable): the progress messages still tell the story.
    }
  };
  void readRun();

  const show = (status: JobStatus) => {
    replace(state, status.status);
    state.className = `tag status-${status.status.toLowerCase()}`;
    if (status.progress) {
      bar.value = status.progress.percent;
      replace(message, status.progress.message);
      if (status.progress.message !== lastMessage) {
        lastMessage = status.progress.message;
        if (sources.fromMessage(status.progress.message)) void readRun();
      }
    } else if (status.status === 'PENDING' || status.status === 'STARTED') {
      replace(message, status.status === 'PENDING' ? 'Waiting for a worker…' : 'Started…');
    }
  };

  const finish = (status: JobStatus) => {
    if (status.status === 'SUCCESS') {
      bar.value = 100;
      replace(message, 'Done.');
      const dossier = (status.result as { dossier?: { run_id?: string; source_statuses?: RunRead['source_statuses'] } } | null)?.dossier;
      const runId = dossier?.run_id ?? jobId;
      if (dossier?.source_statuses) sources.fromStatuses(dossier.source_statuses);
      emit('dossier-completed', { jobId, runId });
      const link = h('a', { href: `#runs/${encodeURIComponent(runId)}`, class: 'open-dossier', 'data-testid': 'open-dossier' }, 'Open the dossier');
      replace(outcome, h('div', { class: 'panel success', 'data-testid': 'job-success' }, 'The dossier is ready. ', link));
      if (!stay) {
        const timer = setTimeout(() => navigate(`runs/${encodeURIComponent(runId)}`), OPEN_DOSSIER_AFTER_MS);
        signal.addEventListener('abort', () => clearTimeout(timer));
      }
    } else {
      bar.removeAttribute('value');
      replace(outcome, h('div', { class: 'error', role: 'alert', 'data-testid': 'job-error' },
        `The job ${status.status === 'REVOKED' ? 'was revoked' : 'failed'}: `, status.error ?? 'no reason given'));
    }
  };

  followJob({
    jobId,
    start,
    signal,
    onStatus: show,
    onTransport: (used, reason) => replace(transport, `Live updates: ${TRANSPORT_LABEL[used]}`, reason ? ` (fell back: ${reason})` : ''),
  }).then((last) => {
    if (last) finish(last);
  }).catch((error) => {
    if (!signal.aborted) replace(outcome, errorBox(error));
  });
}
