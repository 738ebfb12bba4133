// Time-bound leases in the `leases` table: the way processes agree that exactly one of them does
// something (consume a bus group, run the scheduler, relay the log to Kafka). Database time decides
// expiry, so clock skew between hosts does not matter. A holder that stops renewing loses the lease
// after leaseMs and another process takes over.
import type { Knex } from 'knex';

/** Takes or renews the lease; true when `owner` holds it afterwards. */
export async function tryAcquireLease(knex: Knex, name: string, owner: string, leaseMs: number): Promise<boolean> {
  const { rows } = await knex.raw(
    `insert into leases as l (name, owner, expires_at) values (?, ?, now() + (? * interval '1 millisecond'))
     on conflict (name) do update set owner = excluded.owner, expires_at = excluded.expires_at
       where l.owner = excluded.owner or l.expires_at < now()
     returning owner`,
    [name, owner, leaseMs],
  );
  return rows.length === 1;
}

export async function releaseLease(knex: Knex, name: string, owner: string): Promise<void> {
  await knex('leases').where({ name, owner }).delete();
}

/**
 * Holds a lease for as long as the process runs: waits until it can take it, renews it at a third of
 * its length, and calls onLost if a renewal fails (the caller must then stop the guarded work).
 */
export class HeldLease {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly knex: Knex,
    readonly name: string,
    readonly owner: string,
    private readonly leaseMs = 15_000,
  ) {}

  async acquire(onLost: () => void, pollMs = 1000): Promise<void> {
    while (!this.stopped && !(await tryAcquireLease(this.knex, this.name, this.owner, this.leaseMs))) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    if (this.stopped) return;
    this.timer = setInterval(() => {
      tryAcquireLease(this.knex, this.name, this.owner, this.leaseMs).then(
        (held) => { if (!held) this.lost(onLost); },
        () => this.lost(onLost),
      );
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
  }

  async release(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await releaseLease(this.knex, this.name, this.owner).catch(() => undefined);
  }

  private lost(onLost: () => void): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    onLost();
  }
}
