// After a 429 the dashboard waits as long as the server asked (Retry-After, seconds) and tries again —
// it never gives up for good, so a progress bar or a page section resumes by itself once the budget
// refills. Without a usable header it waits DEFAULT_WAIT_S. Leaving the page (signal) ends the wait.
import { ApiError } from './api';

const DEFAULT_WAIT_S = 5;
/** Longest single wait: a window of a minute or more is still retried, at least once a minute. */
const MAX_WAIT_S = 60;

/** Seconds to wait before retrying `error`, or null when it is not a 429. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = Number(error.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_WAIT_S) : DEFAULT_WAIT_S;
}

/** Resolves after `ms`, or rejects with an AbortError when `signal` aborts first. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('left the page', 'AbortError'));
    const timer = setTimeout(() => { signal.removeEventListener('abort', stop); resolve(); }, ms);
    const stop = () => { clearTimeout(timer); reject(new DOMException('left the page', 'AbortError')); };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * `load()` again after each 429, waiting Retry-After first; `onWait` says how long (for a "retrying in
 * N s" line). Any other error passes through.
 */
export async function retrying<T>(load: () => Promise<T>, signal: AbortSignal, onWait?: (seconds: number) => void): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      const seconds = retryAfterSeconds(error);
      if (seconds === null || signal.aborted) throw error;
      onWait?.(seconds);
      await pause(seconds * 1000, signal);
    }
  }
}
