// Runs a sliced computation (a generator that yields between slices: claimSubgraphInSlices, searchInSlices,
// jsonInSlices) to its end in one go, for callers that need not give an event loop turns between slices
// (infra/threads/in-turns.ts is the one that does).
export function runSlices<T>(slices: Generator<void, T, void>): T {
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
  }
}
