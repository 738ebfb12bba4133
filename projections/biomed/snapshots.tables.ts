// The snapshot lifecycle read model's table: its name and its one definition. Only its projector, its
// .queries.ts file (this folder) and the migration that first created it on a fresh database
// (20261121000010) use it. It is the store's own `biomed.snapshots` (the content tables' SQL joins on its
// active flag, through infra/biomed/store/tables.ts, which names the store's schema).
import type { Knex } from 'knex';
import { SNAPSHOT_STATUSES } from '../../domain/biomed/snapshot-lifecycle';
import { T } from '../../infra/biomed/store/tables';

export const SNAPSHOTS_TABLE = T.snapshots;

/** Index names are per schema, so a shadow table's indexes take its (unqualified) physical name. */
const bareName = (physical: string) => physical.slice(physical.lastIndexOf('.') + 1);

/** Creates the table (live `biomed.snapshots`, or a rebuild's shadow) with its two partial unique indexes. */
export async function createSnapshotsTable(db: Knex | Knex.Transaction, table: string): Promise<void> {
  const bare = bareName(table);
  await db.raw(`create table ?? (
    snapshot_id text collate "C" primary key,
    resource text not null,
    stream_id text not null,
    attempt integer not null,
    version text,
    artifact_sha256 text not null,
    artifacts jsonb not null,
    bytes bigint not null,
    status text not null check (status in (${SNAPSHOT_STATUSES.map((s) => `'${s}'`).join(', ')})),
    active boolean not null default false,
    forced boolean not null default false,
    counts jsonb,
    report jsonb,
    error text,
    created_at timestamptz not null,
    completed_at timestamptz,
    activated_at timestamptz,
    deactivated_at timestamptz,
    check (not active or status = 'completed')
  )`, [table]);
  await db.raw('create unique index ?? on ?? (resource) where active', [`${bare}_one_active`, table]);
  await db.raw(`create unique index ?? on ?? (resource, artifact_sha256) where status = 'completed'`, [`${bare}_artifact_once`, table]);
}
