// Blue/green rebuild of one read model from the log: build shadow tables from position 0 while the
// live tables keep serving, then swap them in under the projection's lock in one short transaction.
// A lease row keeps two rebuilds of the same projection apart; an expired lease may be taken over,
// and the taker drops the shadow tables the dead rebuild left behind. On PostgreSQL a rebuild also holds a
// session advisory lock on a connection of its own for its whole run: it is released the moment the
// rebuilding process dies, so the next rebuild takes a killed one's lease over at once instead of waiting
// out the lease (60 s). PGlite (one connection, one process) keeps the lease alone.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { EventStore, Position, START } from '../../infra/event-store/event-store';
import { Logger, silentLogger } from '../../infra/logging/logger';
import { liveTableNames, Projector, shadowTableNames, TableNames } from '../projector';
import { lockProjection, setCheckpoint } from './checkpoints';

export interface RebuildOptions {
  owner: string;
  batchSize?: number;
  leaseMs?: number;
  logger?: Logger;
}

export interface RebuildReport {
  name: string;
  events: number;
  position: Position;
  durationMs: number;
}

export class RebuildInProgressError extends Error {
  override name = 'RebuildInProgressError';
  constructor(readonly projection: string, readonly owner: string) {
    super(`projection ${projection} is already being rebuilt by ${owner}`);
  }
}

export async function rebuildProjection(
  knex: Knex,
  store: EventStore,
  projector: Projector,
  options: RebuildOptions,
): Promise<RebuildReport> {
  const started = Date.now();
  const logger = options.logger ?? silentLogger;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 2000;
  const suffix = `rb${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const shadow = shadowTableNames(projector, suffix);
  const liveness = await holdRebuildLock(knex, projector.name);
  try {
    await acquireLease(knex, projector, options.owner, suffix, leaseMs, liveness !== undefined);
  } catch (error) {
    await liveness?.release();
    throw error;
  }
  try {
    await knex.transaction(async (trx) => {
      await dropTables(trx, shadow);
      await projector.createTables(trx, shadow);
    });
    const types = projector.eventTypes ? new Set(projector.eventTypes) : undefined;
    let position: Position = START;
    let events = 0;
    let leaseRenewedAt = Date.now();
    for (;;) {
      const batch = await store.readAll({ after: position, maxCount: batchSize });
      if (batch.length === 0) break;
      const relevant = types ? batch.filter((e) => types.has(e.type)) : batch;
      if (relevant.length > 0) await knex.transaction((trx) => projector.apply(trx, relevant, shadow));
      position = batch[batch.length - 1]!.position;
      events += relevant.length;
      if (Date.now() - leaseRenewedAt > leaseMs / 3) {
        await renewLease(knex, projector.name, options.owner, leaseMs);
        leaseRenewedAt = Date.now();
      }
    }
    // The swap: readers block only for the renames; the live runner resumes from `position` on the
    // new tables because its checkpoint compare-and-swap fails once this commits.
    await knex.transaction(async (trx) => {
      await lockProjection(trx, projector.name);
      await dropTables(trx, liveTableNames(projector));
      for (const table of projector.tables) {
        // RENAME TO takes a bare name: a table in another schema (biomed.snapshots) stays in that schema.
        await trx.raw('alter table ?? rename to ??', [shadow[table]!, table.slice(table.lastIndexOf('.') + 1)]);
      }
      await setCheckpoint(trx, projector.name, position, projector.version);
      await trx('projection_rebuild_leases').where({ name: projector.name, owner: options.owner }).delete();
    });
    const report = { name: projector.name, events, position, durationMs: Date.now() - started };
    logger.info(report, 'projection rebuilt');
    return report;
  } catch (error) {
    await knex.transaction((trx) => dropTables(trx, shadow)).catch(() => undefined);
    await knex('projection_rebuild_leases').where({ name: projector.name, owner: options.owner }).delete().catch(() => undefined);
    throw error;
  } finally {
    await liveness?.release();
  }
}

/**
 * PostgreSQL only: the rebuild's liveness lock, on a pooled connection held for the rebuild. Refuses with
 * RebuildInProgressError when a live rebuild holds it. Undefined on PGlite (its pool is one connection).
 */
async function holdRebuildLock(knex: Knex, name: string): Promise<{ release(): Promise<void> } | undefined> {
  if ((knex.client as { config?: { client?: unknown } }).config?.client !== 'pg') return undefined;
  const key = `projection-rebuild:${name}`;
  const client = knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(connection: unknown): Promise<void> };
  const connection = await client.acquireConnection();
  try {
    const { rows } = await knex.raw('select pg_try_advisory_lock(hashtext(?)) as held', [key]).connection(connection) as { rows: { held: boolean }[] };
    if (!rows[0]?.held) {
      const lease = await knex('projection_rebuild_leases').where({ name }).first('owner');
      throw new RebuildInProgressError(name, (lease?.owner as string | undefined) ?? 'another process');
    }
  } catch (error) {
    await client.releaseConnection(connection);
    throw error;
  }
  return {
    async release() {
      await knex.raw('select pg_advisory_unlock(hashtext(?))', [key]).connection(connection).catch(() => undefined);
      await client.releaseConnection(connection);
    },
  };
}

/** `holderKnownDead`: this rebuild holds the liveness lock, so any other lease belongs to a dead rebuild. */
async function acquireLease(knex: Knex, projector: Projector, owner: string, suffix: string, leaseMs: number, holderKnownDead: boolean): Promise<void> {
  await knex.transaction(async (trx) => {
    const existing = await trx('projection_rebuild_leases').where({ name: projector.name }).forUpdate().first();
    if (existing && !holderKnownDead && new Date(existing.expires_at).getTime() > Date.now() && existing.owner !== owner) {
      throw new RebuildInProgressError(projector.name, existing.owner);
    }
    if (existing) await dropTables(trx, shadowTableNames(projector, existing.shadow_suffix));
    await trx('projection_rebuild_leases')
      .insert({ name: projector.name, owner, shadow_suffix: suffix, expires_at: new Date(Date.now() + leaseMs) })
      .onConflict('name')
      .merge();
  });
}

async function renewLease(knex: Knex, name: string, owner: string, leaseMs: number): Promise<void> {
  const renewed = await knex('projection_rebuild_leases')
    .where({ name, owner })
    .update({ expires_at: new Date(Date.now() + leaseMs) });
  if (renewed !== 1) throw new Error(`lost the rebuild lease of projection ${name}`);
}

async function dropTables(trx: Knex.Transaction, names: TableNames): Promise<void> {
  for (const physical of Object.values(names)) await trx.schema.dropTableIfExists(physical);
}

export async function isRebuilding(knex: Knex, name: string): Promise<boolean> {
  const lease = await knex('projection_rebuild_leases').where({ name }).first('expires_at');
  return Boolean(lease && new Date(lease.expires_at).getTime() > Date.now());
}
