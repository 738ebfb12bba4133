// Runs a sliced computation (a generator that yields between slices, e.g. claimSubgraphInSlices, jsonInSlices)
// one slice per event-loop turn: after each slice, other tasks (I/O callbacks, timers, other requests) run
// before the next one (issue 23: no single answer holds the serving loop for tens of ms).
export type NextTurn = () => Promise<void>;

export const nextTurn: NextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function inTurns<T>(slices: Generator<void, T, void>, turn: NextTurn = nextTurn): Promise<T> {
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
    await turn();
  }
}
