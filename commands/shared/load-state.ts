// The typed read of an aggregate: read its stream and fold it with the decider. Events arrive in their
// current schema version (the event store's upcasting reader turns old shapes into current ones), which
// is what makes the one cast below sound.
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import type { EventStore, RecordedEvent } from '../../infra/event-store/event-store';

export interface LoadedState<State> {
  state: State;
  /** Last revision of the stream (-1 when nothing was ever written). */
  revision: number;
}

export function toDomainEvent<Event extends DomainEvent>(event: RecordedEvent): Event {
  return { type: event.type, data: event.data } as Event;
}

/** Folds already-read events with a decider. */
export function foldRecorded<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly RecordedEvent[],
): State {
  let state = decider.initialState;
  for (const event of events) state = decider.evolve(state, toDomainEvent<Event>(event));
  return state;
}

export async function loadState<Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
): Promise<LoadedState<State>> {
  const events = await store.readStream(streamId);
  return { state: foldRecorded(decider, events), revision: events.length > 0 ? events[events.length - 1]!.revision : -1 };
}
