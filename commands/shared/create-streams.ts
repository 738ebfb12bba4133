// Creates new aggregates that only make sense together (a Workspace run and the job that computes it).
// With a store that can append to several streams in one transaction (PostgreSQL/PGlite) they are
// written all-or-nothing, so a crash can never leave one without the other. EventStoreDB cannot: the
// streams are then written one after the other, and the writer must own a reconciler for a crash in
// between (for runs: commands/workspace/reconcile-orphaned-runs.ts).
import type { DomainEvent } from '../../domain/shared/decider';
import type { EventStore, StreamAppend } from '../../infra/event-store/event-store';
import { CommandContext, metadataFor } from './command-context';

export interface NewStream {
  streamId: string;
  /** What the aggregate's decider decided from its initial state. */
  events: readonly DomainEvent[];
}

export async function createStreams(store: EventStore, context: CommandContext, streams: readonly NewStream[]): Promise<void> {
  const metadata = metadataFor(context);
  const appends: StreamAppend[] = streams.map(({ streamId, events }) => ({
    streamId,
    events: events.map((event) => ({ id: context.newId(), type: event.type, data: event.data, metadata })),
    expected: 'no_stream',
  }));
  if (store.appendAtomically) {
    await store.appendAtomically(appends);
    return;
  }
  for (const { streamId, events, expected } of appends) await store.append(streamId, events, expected);
}
