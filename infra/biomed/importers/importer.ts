// What a resource importer is: it names the roles of its input files, then streams them into the
// snapshot's rows inside the import transaction it is given. It never commits, activates or records
// lifecycle events; commands/biomed/import-snapshot.ts does that around it.
import type { Knex } from 'knex';
import type { ArtifactRef } from '../../../domain/biomed/snapshot-lifecycle';
import type { BiomedResource } from '../../../domain/biomed/resources';
import type { ArtifactInput } from '../artifacts';
import type { StatementQueue } from '../store/bulk-insert';

export interface ImportContext {
  trx: Knex.Transaction;
  /** Bulk statements of this import, in order, on `trx`. */
  queue: StatementQueue;
  snapshotId: string;
  artifacts: readonly (ArtifactRef & { path: string })[];
  /** Rows parsed so far in the current file (called every few thousand rows). */
  progress(file: string, rows: number): void;
  warn(message: string): void;
}

export interface ImportOutcome {
  version: string | null;
  counts: Record<string, number>;
  /** Resource-specific facts for the import report. */
  details: Record<string, unknown>;
}

export interface ResourceImporter {
  resource: BiomedResource;
  /** Assigns each input file its role; throws ImportRefusedError('bad_input') for a wrong file list. */
  classify(paths: readonly string[]): ArtifactInput[];
  load(context: ImportContext): Promise<ImportOutcome>;
}

export const PROGRESS_EVERY = 5000;
