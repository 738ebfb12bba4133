// Advances a permutation test a batch at a time: between batches it reports progress (a job's PROGRESS
// events), stops when the job's signal aborts (soft time limit, revocation), and yields to the event loop
// so the process keeps serving other requests. The batching never changes the result.
import type { AnalysisRunContext } from '../analysis-module';

export interface PermutationRun {
  readonly done: boolean;
  readonly permutationsDone: number;
  advance(count: number): void;
}

const BATCH = 64;

export async function runPermutations(run: PermutationRun, total: number, context: AnalysisRunContext, from: number, to: number, what: string): Promise<void> {
  while (!run.done) {
    context.signal.throwIfAborted();
    run.advance(BATCH);
    await context.progress(Math.floor(from + ((to - from) * run.permutationsDone) / Math.max(1, total)), `${what}: ${run.permutationsDone} of ${total} permutations`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
