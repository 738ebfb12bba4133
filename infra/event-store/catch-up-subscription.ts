// A polling catch-up subscription over any readAll(): history first, then live. Reads resume from the
// last position handed to the handler, so correctness rests on readAll never returning an event
// behind one it already returned (the PostgreSQL adapter guarantees that with its xmin horizon).
import { EventEmitter } from 'node:events';
import { BatchHandler, Position, RecordedEvent, START, SubscribeOptions, Subscription } from './event-store';

export interface CatchUpSource {
  readAll(options: { after: Position; maxCount: number }): Promise<RecordedEvent[]>;
}

export interface CatchUpOptions extends SubscribeOptions {
  /** How long to sleep when caught up and nobody in this process wakes us. */
  pollIntervalMs?: number;
  /** Emits 'appended' after local appends, to cut latency below the poll interval. */
  wakeups?: EventEmitter;
  onReadError?: (error: unknown) => void;
}

export function startCatchUpSubscription(
  source: CatchUpSource,
  handler: BatchHandler,
  options: CatchUpOptions = {},
): Subscription {
  const batchSize = options.batchSize ?? 1000;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const types = options.eventTypes ? new Set(options.eventTypes) : undefined;
  let stopped = false;
  let wake: (() => void) | undefined;
  const onAppended = () => wake?.();
  options.wakeups?.on('appended', onAppended);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const run = async () => {
    let after = options.after ?? START;
    let readFailures = 0;
    while (!stopped) {
      let batch: RecordedEvent[];
      try {
        batch = await source.readAll({ after, maxCount: batchSize });
        readFailures = 0;
      } catch (error) {
        if (stopped) break;
        options.onReadError?.(error);
        readFailures += 1;
        await sleep(Math.min(5000, pollIntervalMs * 2 ** readFailures));
        continue;
      }
      if (batch.length === 0) {
        await sleep(pollIntervalMs);
        continue;
      }
      const last = batch[batch.length - 1]!.position;
      await handler(types ? batch.filter((e) => types.has(e.type)) : batch, last);
      after = last;
    }
  };

  const done = run().finally(() => options.wakeups?.off('appended', onAppended));
  return {
    done,
    async stop() {
      stopped = true;
      wake?.();
      await done.catch(() => undefined);
    },
  };
}
