// Live projection leases (rows of the `leases` table, named `projection:<name>`): one process at a time
// applies a projection, so N workers do not all tail the log and race to apply the same events (the
// checkpoint's compare-and-swap keeps that correct, but each loser re-reads and retries: CPU for nothing).
// One statement takes every lapsed or free lease of a runner and renews those it holds, so a standby costs
// one query per tick and takes a dead holder's projections over at the first tick after its lease lapses.
// Database time decides expiry (as infra/locks/lease.ts), so clock skew between hosts does not matter.
import type { Knex } from 'knex';

export const projectionLeaseName = (projection: string) => `projection:${projection}`;

/** Takes or renews the leases of these projections for `owner`; returns the projections it holds afterwards. */
export async function holdProjectionLeases(knex: Knex, projections: readonly string[], owner: string, leaseMs: number): Promise<Set<string>> {
  if (projections.length === 0) return new Set();
  const { rows } = await knex.raw(
    `insert into leases as l (name, owner, expires_at)
       select n, ?, now() + (? * interval '1 millisecond') from unnest(?::text[]) as n
     on conflict (name) do update set owner = excluded.owner, expires_at = excluded.expires_at
       where l.owner = excluded.owner or l.expires_at < now()
     returning name`,
    [owner, leaseMs, projections.map(projectionLeaseName)],
  );
  return new Set((rows as { name: string }[]).map((r) => r.name.slice('projection:'.length)));
}

/** Hands the leases back at once (a stopping runner), so a standby need not wait for them to lapse. */
export async function releaseProjectionLeases(knex: Knex, projections: readonly string[], owner: string): Promise<void> {
  if (projections.length === 0) return;
  await knex('leases').whereIn('name', projections.map(projectionLeaseName)).andWhere({ owner }).delete();
}
