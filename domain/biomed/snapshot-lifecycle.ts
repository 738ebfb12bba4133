// Lifecycle of one artifact's snapshot imports, as a decider over the stream snapshot-<resource>-<sha16>.
// One stream per artifact (the sha256 of the file, or of the file list for multi-file resources), so
// "this artifact is already imported" is a fact of the stream. Each attempt gets its own snapshot id
// (<resource>-<sha12>-<attempt>): a failed attempt keeps its id and its failure; a retry is a new id.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';

export interface ArtifactRef {
  file: string;
  sha256: string;
  bytes: number;
  /** What the file contributes: terms (OBO), mappings (SSSOM) or annotations (HPOA). */
  role: 'terms' | 'mappings' | 'annotations';
  /** The pinned entry it matched, or null when imported with --allow-unpinned. */
  pinned: { form: 'fixture' | 'full' | 'seed'; description: string } | null;
}

export type SnapshotEvent =
  | DomainEvent<'SnapshotImportStarted', {
    snapshot_id: string; resource: string; artifact_sha256: string; artifacts: ArtifactRef[]; bytes: number;
    forced: boolean; attempt: number; superseded_snapshot_id: string | null; started_at: string;
  }>
  | DomainEvent<'SnapshotImportCompleted', {
    snapshot_id: string; resource: string; version: string | null; counts: Record<string, number>;
    report: Record<string, unknown>; completed_at: string;
  }>
  | DomainEvent<'SnapshotActivated', { snapshot_id: string; resource: string; previous_snapshot_id: string | null; activated_at: string }>
  | DomainEvent<'SnapshotImportFailed', { snapshot_id: string; resource: string; error: string; failed_at: string }>;

export type SnapshotCommand =
  | { type: 'StartImport'; resource: string; sha256: string; artifacts: ArtifactRef[]; bytes: number; forced: boolean; at: string }
  | { type: 'CompleteImport'; snapshotId: string; version: string | null; counts: Record<string, number>; report: Record<string, unknown>; previousActive: string | null; at: string }
  | { type: 'FailImport'; snapshotId: string; error: string; at: string };

/**
 * The states of a snapshot, defined once: the read model's column check (projections/biomed/snapshots.tables.ts),
 * its row type, the API's JSON schema (api/biomed/schemas.ts) and the dashboard's type derive from this list.
 */
export const SNAPSHOT_STATUSES = ['importing', 'completed', 'failed'] as const;
export type SnapshotStatus = (typeof SNAPSHOT_STATUSES)[number];

export interface SnapshotState {
  phase: 'none' | SnapshotStatus;
  attempts: number;
  /** The current (latest) attempt. */
  snapshotId: string | null;
  resource: string | null;
}

export const SNAPSHOT_EVENT_TYPES = ['SnapshotImportStarted', 'SnapshotImportCompleted', 'SnapshotActivated', 'SnapshotImportFailed'] as const;

export const SNAPSHOT_EVENT_SCHEMAS: EventSchemas<SnapshotEvent['type']> = {
  SnapshotImportStarted: { current: 1 }, SnapshotImportCompleted: { current: 1 }, SnapshotActivated: { current: 1 }, SnapshotImportFailed: { current: 1 },
};

export function snapshotStreamId(resource: string, sha256: string): string {
  return `snapshot-${resource}-${sha256.slice(0, 16)}`;
}

export function snapshotIdFor(resource: string, sha256: string, attempt: number): string {
  return `${resource}-${sha256.slice(0, 12)}-${attempt}`;
}

export const snapshotDecider: Decider<SnapshotCommand, SnapshotEvent, SnapshotState> = {
  initialState: { phase: 'none', attempts: 0, snapshotId: null, resource: null },

  evolve(state, event) {
    switch (event.type) {
      case 'SnapshotImportStarted':
        return { phase: 'importing', attempts: event.data.attempt, snapshotId: event.data.snapshot_id, resource: event.data.resource };
      case 'SnapshotImportCompleted':
        return { ...state, phase: 'completed' };
      case 'SnapshotActivated':
        return state;
      case 'SnapshotImportFailed':
        return event.data.snapshot_id === state.snapshotId ? { ...state, phase: 'failed' } : state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'StartImport': {
        if (state.phase === 'completed') {
          throw new DomainError('already_imported', `already imported as snapshot ${state.snapshotId}`);
        }
        const attempt = state.attempts + 1;
        return [{
          type: 'SnapshotImportStarted',
          data: {
            snapshot_id: snapshotIdFor(command.resource, command.sha256, attempt), resource: command.resource,
            artifact_sha256: command.sha256, artifacts: command.artifacts, bytes: command.bytes, forced: command.forced, attempt,
            // An attempt that never finished (process killed) is superseded by this one.
            superseded_snapshot_id: state.phase === 'importing' ? state.snapshotId : null,
            started_at: command.at,
          },
        }];
      }
      case 'CompleteImport': {
        if (state.phase === 'completed' && state.snapshotId === command.snapshotId) return [];
        if (state.phase !== 'importing' || state.snapshotId !== command.snapshotId) {
          throw new DomainError('superseded', `snapshot ${command.snapshotId} is not the import in progress for this artifact`);
        }
        const resource = state.resource!;
        return [
          { type: 'SnapshotImportCompleted', data: { snapshot_id: command.snapshotId, resource, version: command.version, counts: command.counts, report: command.report, completed_at: command.at } },
          { type: 'SnapshotActivated', data: { snapshot_id: command.snapshotId, resource, previous_snapshot_id: command.previousActive, activated_at: command.at } },
        ];
      }
      case 'FailImport': {
        // Only the attempt in progress can fail; anything else is a late echo and changes nothing.
        if (state.phase !== 'importing' || state.snapshotId !== command.snapshotId) return [];
        return [{ type: 'SnapshotImportFailed', data: { snapshot_id: command.snapshotId, resource: state.resource!, error: command.error, failed_at: command.at } }];
      }
    }
  },
};
