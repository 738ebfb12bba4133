// What a read model declares to the projection runner. A projector owns its tables and nothing else;
// it writes them only through the names the runner hands it (live names, or shadow names during a
// rebuild), and it must be idempotent: applying the same events twice leaves the same rows.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../infra/event-store/event-store';

/** Logical table name -> physical table name to write. */
export type TableNames = Readonly<Record<string, string>>;

export interface Projector {
  /** Unique, also the checkpoint key. */
  readonly name: string;
  /** Bump when the table shape or the meaning of apply() changes: the runner rebuilds on start. */
  readonly version: number;
  /** The event types it handles; leave out to receive every event. */
  readonly eventTypes?: readonly string[];
  /** Logical names of the tables it owns; live tables carry exactly these names. */
  readonly tables: readonly string[];
  createTables(trx: Knex.Transaction, names: TableNames): Promise<void>;
  /** Applies a batch, in global order, inside the transaction that also moves the checkpoint. */
  apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames): Promise<void>;
}

export function liveTableNames(projector: Projector): TableNames {
  return Object.fromEntries(projector.tables.map((t) => [t, t]));
}

export function shadowTableNames(projector: Projector, suffix: string): TableNames {
  return Object.fromEntries(projector.tables.map((t) => [t, `${t}__${suffix}`]));
}
