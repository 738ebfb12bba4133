// The JobStatus resource of the spec (§2.3): only the fields relevant to the state are present.
// HTTP knows PENDING, STARTED, PROGRESS, SUCCESS, FAILURE; a revoked job reads as FAILURE there,
// while the SSE stream names it REVOKED (spec §3.1).
import type { JobPhase } from './job';

export type HttpJobStatus = 'PENDING' | 'STARTED' | 'PROGRESS' | 'SUCCESS' | 'FAILURE';

export interface JobStatusView {
  job_id: string;
  status: HttpJobStatus;
  module?: string;
  progress?: { percent: number; message: string };
  result?: unknown;
  error?: string;
}

export interface JobSnapshot {
  jobId: string;
  module: string;
  phase: JobPhase;
  progress?: { percent: number; message: string } | null;
  result?: unknown;
  error?: string | null;
  /** The researcher who submitted it; absent for jobs queued without one (operator module jobs). */
  researcherId?: string | null;
}

const HTTP_STATUS: Record<JobPhase, HttpJobStatus> = {
  none: 'PENDING',
  pending: 'PENDING',
  started: 'STARTED',
  progress: 'PROGRESS',
  succeeded: 'SUCCESS',
  failed: 'FAILURE',
  revoked: 'FAILURE',
};

export function jobStatusView(job: JobSnapshot): JobStatusView {
  const view: JobStatusView = { job_id: job.jobId, status: HTTP_STATUS[job.phase], module: job.module };
  if (job.phase === 'progress' && job.progress) view.progress = job.progress;
  if (job.phase === 'succeeded') view.result = job.result ?? null;
  if (job.phase === 'failed') view.error = job.error ?? 'job failed';
  if (job.phase === 'revoked') view.error = `job revoked${job.error ? `: ${job.error}` : ''}`;
  return view;
}

/** SSE's name for the state: REVOKED is its own terminal state there. */
export function streamStatus(job: JobSnapshot): HttpJobStatus | 'REVOKED' {
  return job.phase === 'revoked' ? 'REVOKED' : HTTP_STATUS[job.phase];
}
