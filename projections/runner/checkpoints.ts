// Projection checkpoints: read, and moved only by compare-and-swap inside the batch's transaction.
import type { Knex } from 'knex';
import { Position, START } from '../../infra/event-store/event-store';

export interface Checkpoint {
  position: Position;
  schemaVersion: number;
}

export async function readCheckpoint(db: Knex | Knex.Transaction, name: string): Promise<Checkpoint | undefined> {
  const row = await db('projection_checkpoints').where({ name }).first();
  if (!row) return undefined;
  return {
    position: { commit: Number(row.commit_position), prepare: Number(row.prepare_position) },
    schemaVersion: Number(row.schema_version),
  };
}

export async function createCheckpoint(trx: Knex.Transaction, name: string, schemaVersion: number): Promise<void> {
  await trx('projection_checkpoints')
    .insert({ name, commit_position: START.commit, prepare_position: START.prepare, schema_version: schemaVersion })
    .onConflict('name')
    .ignore();
}

/** Moves the checkpoint from `from` to `to`; false when someone else moved it first. */
export async function swapCheckpoint(trx: Knex.Transaction, name: string, from: Position, to: Position): Promise<boolean> {
  const updated = await trx('projection_checkpoints')
    .where({ name, commit_position: from.commit, prepare_position: from.prepare })
    .update({ commit_position: to.commit, prepare_position: to.prepare, updated_at: trx.fn.now() });
  return updated === 1;
}

export async function setCheckpoint(trx: Knex.Transaction, name: string, to: Position, schemaVersion: number): Promise<void> {
  await trx('projection_checkpoints')
    .insert({ name, commit_position: to.commit, prepare_position: to.prepare, schema_version: schemaVersion })
    .onConflict('name')
    .merge({ commit_position: to.commit, prepare_position: to.prepare, schema_version: schemaVersion, updated_at: trx.fn.now() });
}

/** Serialises a projection's batch commits with its rebuild swap (transaction-level: safe behind poolers). */
export async function lockProjection(trx: Knex.Transaction, name: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection:${name}`]);
}
