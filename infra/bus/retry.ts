// Runs a handler with exponential backoff; reports the last error after maxAttempts so the caller can
// park the event instead of blocking its group forever.
import type { RecordedEvent } from '../event-store/event-store';
import type { ConsumerOptions } from './message-bus';

export type HandlerOutcome = { ok: true } | { ok: false; attempts: number; error: unknown };

export async function handleWithRetries(
  options: ConsumerOptions,
  event: RecordedEvent,
  isStopped: () => boolean = () => false,
): Promise<HandlerOutcome> {
  const maxAttempts = options.maxAttempts ?? 5;
  let delay = options.initialBackoffMs ?? 200;
  for (let attempt = 1; ; attempt++) {
    try {
      await options.handle(event, { group: options.group, attempt });
      return { ok: true };
    } catch (error) {
      if (attempt >= maxAttempts || isStopped()) return { ok: false, attempts: attempt, error };
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  }
}

/** Error text stored for operators: bounded, single line. */
export function describeError(error: unknown, max = 1000): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, max);
}
