// Runs a domain generator (training, cross-validation) to its end, giving the event loop a turn after each
// unit of work so the server keeps answering while a model trains, reporting progress, and stopping when
// the job is aborted.
import type { Progress } from '../../../domain/link-prediction/train-model';

export async function drive<T>(work: Generator<Progress, T>, onProgress?: (p: Progress) => Promise<void> | void, signal?: AbortSignal): Promise<T> {
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
    if (onProgress) await onProgress(next.value);
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
  }
}
