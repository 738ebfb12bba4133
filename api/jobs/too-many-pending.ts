// 429 for a client at JOB_MAX_PENDING_PER_CLIENT unfinished jobs (commands/jobs/pending-job-cap.ts).
// Retry-After is a guess (a job's length is unknown): long enough not to be hammered, short enough to retry.
import type { Response } from 'express';

const RETRY_AFTER_SECONDS = 30;

export const tooManyPendingResponse = {
  description: 'The caller (researcher, or client address without one) has JOB_MAX_PENDING_PER_CLIENT unfinished jobs; nothing was queued. Retry-After says when to try again.',
  schema: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
  headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
};

export function tooManyPending(res: Response, result: { pending: number; max: number }): void {
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(429).json({ detail: `too many unfinished jobs: ${result.pending} of at most ${result.max}; wait for one to finish` });
}
