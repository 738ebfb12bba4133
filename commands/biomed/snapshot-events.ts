// Runs one snapshot-lifecycle command inside a database transaction and applies its events to the
// biomed.snapshots read model in that same transaction (the registered projector's inline application;
// the projection runner applies them again later, idempotently).
// - PostgreSQL log (the default): the events are appended through a PostgresEventStore bound to the
//   transaction (handleCommand), so events, read model and snapshot rows commit or roll back together.
// - Another log (EventStoreDB): the events are decided against the stream and applied in the
//   transaction, then appended right after commit; event ids are derived from the command, so a
//   repeated append of the same decision is a no-op.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { SnapshotCommand, snapshotDecider, SnapshotEvent, SnapshotState } from '../../domain/biomed/snapshot-lifecycle';
import type { Clock } from '../../infra/clock/clock';
import type { EventStore, Principal } from '../../infra/event-store/event-store';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { versioned } from '../../infra/event-store/versioned-event-store';
import { applySnapshotEventsInline } from '../../projections/biomed/snapshots.projector';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';

export interface BiomedDeps {
  knex: Knex;
  store: EventStore;
  /** True when `store` is the PostgreSQL event store on this same database (appends can join our transaction). */
  logInDatabase: boolean;
  /** The time of imports and their events; the system clock when left out. */
  clock?: Clock;
}

/** A name-based (v5-style) UUID: the same name always gives the same id. */
export function nameUuid(name: string): string {
  const h = createHash('sha1').update(`evidence-biomed:${name}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function snapshotCommandContext(principal: Principal, correlationId: string, idKey: string, now: Date): CommandContext {
  let n = 0;
  return { correlationId, causationId: correlationId, principal, now, newId: () => nameUuid(`${idKey}/${n++}`) };
}

export interface CommandOutcome {
  events: SnapshotEvent[];
  state: SnapshotState;
  /** For a log outside the database: the append to run once the transaction has committed. */
  afterCommit: (() => Promise<void>) | null;
}

export async function runSnapshotCommand(
  deps: BiomedDeps, trx: Knex.Transaction, streamId: string, command: SnapshotCommand, context: CommandContext,
): Promise<CommandOutcome> {
  if (deps.logInDatabase) {
    let decided: SnapshotEvent[] = [];
    // handleCommand appends what decide() returns; recording it tells the read model the same events.
    const recording = { ...snapshotDecider, decide: (c: SnapshotCommand, s: SnapshotState) => (decided = snapshotDecider.decide(c, s)) };
    const result = await handleCommand(versioned(new PostgresEventStore(trx)), streamId, recording, command, context);
    if (result.appended === 0) decided = [];
    await applySnapshotEventsInline(trx, streamId, decided);
    return { events: decided, state: result.state, afterCommit: null };
  }
  const { state: before } = await loadState(deps.store, streamId, snapshotDecider);
  const events = snapshotDecider.decide(command, before);
  await applySnapshotEventsInline(trx, streamId, events);
  return {
    events,
    state: events.reduce((s, e) => snapshotDecider.evolve(s, e), before),
    afterCommit: events.length ? async () => { await handleCommand(deps.store, streamId, snapshotDecider, command, context); } : null,
  };
}
