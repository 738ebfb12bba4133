// The work queue behind competing consumer groups (table bus_work_items): each event fed to a group is one
// item, leased by one consumer at a time. A claim takes the oldest item whose lease is free or lapsed with
// SELECT ... FOR UPDATE SKIP LOCKED, so concurrent claimers on PostgreSQL never wait on each other nor take
// the same item; on PGlite (one connection, transactions serialised) the same statement simply runs alone.
// Database time decides expiry, as for the group leases (infra/locks/lease.ts), so clock skew does not matter.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../event-store/event-store';

export interface WorkItem {
  id: number;
  event: RecordedEvent;
  /** 1 on the first lease; higher when an earlier holder's lease lapsed (its process died or hung). */
  deliveries: number;
}

/** Adds events to the group's queue; an event already queued is not added twice. */
export async function enqueueWork(db: Knex | Knex.Transaction, group: string, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db('bus_work_items')
    .insert(events.map((event) => ({ consumer_group: group, event_id: event.id, event: JSON.stringify(event) })))
    .onConflict(['consumer_group', 'event_id'])
    .ignore();
}

/** Leases the group's oldest free item to `owner` for leaseMs; undefined when none is free. */
export async function claimWork(knex: Knex, group: string, owner: string, leaseMs: number): Promise<WorkItem | undefined> {
  const { rows } = await knex.raw(
    `update bus_work_items set lease_owner = ?, lease_expires_at = now() + (? * interval '1 millisecond'), deliveries = deliveries + 1
     where id = (
       select id from bus_work_items
       where consumer_group = ? and (lease_expires_at is null or lease_expires_at < now())
       order by id limit 1
       for update skip locked)
     returning id, event, deliveries`,
    [owner, leaseMs, group],
  );
  const row = rows[0] as { id: number | string; event: RecordedEvent & { createdAt: string } | string; deliveries: number } | undefined;
  if (!row) return undefined;
  const event = (typeof row.event === 'string' ? JSON.parse(row.event) : row.event) as RecordedEvent & { createdAt: string };
  return { id: Number(row.id), event: { ...event, createdAt: new Date(event.createdAt) }, deliveries: Number(row.deliveries) };
}

/** Extends `owner`'s leases on these items; returns the ids it still holds (a lapsed one may have been taken). */
export async function renewWork(knex: Knex, ids: readonly number[], owner: string, leaseMs: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await knex.raw(
    `update bus_work_items set lease_expires_at = now() + (? * interval '1 millisecond')
     where id = any(?::bigint[]) and lease_owner = ? and lease_expires_at >= now()
     returning id`,
    [leaseMs, ids as number[], owner],
  );
  return new Set((rows as { id: number | string }[]).map((r) => Number(r.id)));
}

/** Done with the item (handled or parked): removes it if `owner` still holds it; false when it did not. */
export async function completeWork(db: Knex | Knex.Transaction, id: number, owner: string): Promise<boolean> {
  // returning(): knex-pglite answers a bare delete with the driver's result object, not a row count.
  return (await db('bus_work_items').where({ id, lease_owner: owner }).delete().returning('id')).length === 1;
}

/** Hands the item back at once (shutting down mid-retry) so the next consumer need not wait out the lease. */
export async function releaseWork(knex: Knex, id: number, owner: string): Promise<void> {
  // Not a lost delivery: it does not count towards maxDeliveries.
  await knex('bus_work_items').where({ id, lease_owner: owner })
    .update({ lease_owner: null, lease_expires_at: null, deliveries: knex.raw('greatest(deliveries - 1, 0)') });
}

/** Items fed to the group and not yet handled (leased or waiting). */
export async function countQueuedWork(knex: Knex, group: string): Promise<number> {
  const [row] = await knex('bus_work_items').where({ consumer_group: group }).count<{ n: string | number }[]>('* as n');
  return Number(row?.n ?? 0);
}
