// The one place event schema versions are applied: a decorator around any EventStore adapter.
// Appends of a declared type are stamped with metadata.schemaVersion (its current version) unless the
// caller set one; every read (readStream, readAll, subscribeToAll) lifts stored events to the current
// shape through the registry's upcasters, so deciders, projections and processors never see an old
// shape. Types nobody declared pass through untouched. The stored log is never rewritten.
import { eventSchemaRegistry } from '../../domain/event-versions';
import { EventSchemaRegistry, UNVERSIONED } from '../../domain/shared/event-schema';
import type {
  AppendResult,
  BatchHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from './event-store';

export class VersionedEventStore implements EventStore {
  /** Offered only when the adapter behind offers it, so callers can still tell whether it is atomic. */
  readonly appendAtomically?: (appends: StreamAppend[]) => Promise<AppendResult[]>;

  constructor(private readonly inner: EventStore, private readonly registry: EventSchemaRegistry = eventSchemaRegistry) {
    const atomic = inner.appendAtomically?.bind(inner);
    if (atomic) {
      this.appendAtomically = (appends) => atomic(Array.isArray(appends)
        ? appends.map((a) => (a && Array.isArray(a.events) ? { ...a, events: a.events.map((e) => this.stamp(e)) } : a))
        : appends);
    }
  }

  append(streamId: string, events: NewEvent[], expected?: ExpectedRevision): Promise<AppendResult> {
    // Malformed input goes to the adapter as it came, so it fails there the way the contract says.
    return this.inner.append(streamId, Array.isArray(events) ? events.map((e) => this.stamp(e)) : events, expected);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, options)).map((e) => this.toCurrent(e));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(options)).map((e) => this.toCurrent(e));
  }

  /** An event this code cannot read (EventVersionError) fails the handler's batch: the subscription stops. */
  subscribeToAll(handler: BatchHandler, options?: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll((events, last) => handler(events.map((e) => this.toCurrent(e)), last), options);
  }

  headPosition(): Promise<Position> {
    return this.inner.headPosition();
  }

  countAfter(position: Position): Promise<number> {
    return this.inner.countAfter(position);
  }

  tombstone(streamId: string, expected?: ExpectedRevision): Promise<void> {
    return this.inner.tombstone(streamId, expected);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private stamp(event: NewEvent): NewEvent {
    const current = event && typeof event === 'object' ? this.registry.currentVersion(event.type) : undefined;
    const metadata = event?.metadata;
    if (current === undefined || !metadata || typeof metadata !== 'object' || metadata.schemaVersion !== undefined) return event;
    return { ...event, metadata: { ...metadata, schemaVersion: current } };
  }

  private toCurrent(event: RecordedEvent): RecordedEvent {
    if (!this.registry.knows(event.type)) return event;
    const stored = event.metadata?.schemaVersion ?? UNVERSIONED;
    const { data, version } = this.registry.upcast(event.type, event.data, stored);
    if (data === event.data && event.metadata?.schemaVersion === version) return event;
    return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
  }
}

/** `inner` with the service's event schema versions applied (wrapping twice changes nothing). */
export function versioned(inner: EventStore): EventStore {
  return inner instanceof VersionedEventStore ? inner : new VersionedEventStore(inner);
}
