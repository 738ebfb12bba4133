// The shape of every aggregate in domain/: pure functions, no I/O, no clock, no randomness.
// Time and ids arrive on the command; the command handler persists what decide() returns.

/** An event as the domain sees it: a past-tense type and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  /** Returns the events the command causes, or throws a DomainError when it is not allowed. */
  decide(command: Command, state: State): Event[];
}

/** A rule the command broke; carries a stable code the API maps to a status. */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
