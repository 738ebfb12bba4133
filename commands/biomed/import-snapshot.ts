// `evidence biomed import <resource> <file...>`: verify -> (already imported? say so) -> start ->
// load rows + complete + activate in ONE transaction -> or record the failure.
// Result kinds: imported | already_imported | refused (nothing written: unknown resource, bad file list,
// unpinned checksum...) | failed (rolled back; the failed attempt is on record).
// Nothing is written before every artifact's checksum is verified. A failure rolls the snapshot's rows
// back with the transaction, so the active data never sees a partial snapshot; the attempt itself stays
// on record (SnapshotImportFailed, status failed) because it happened.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { T } from '../../infra/biomed/store/tables';
import { LITERATURE_RECORDS } from '../../infra/biomed/store/literature-records';
import { DomainError } from '../../domain/shared/decider';
import { snapshotDecider, snapshotStreamId, SnapshotCommand } from '../../domain/biomed/snapshot-lifecycle';
import { bytesReadFrom } from '../../infra/biomed/parsers/line-reader';
import { ImportRefusedError, PinnedChecksums, verifyArtifacts, VerifiedArtifacts } from '../../infra/biomed/artifacts';
import { importerFor } from '../../infra/biomed/importers/registry';
import type { ImportOutcome } from '../../infra/biomed/importers/importer';
import { StatementQueue } from '../../infra/biomed/store/bulk-insert';
import { systemClock } from '../../infra/clock/clock';
import type { Principal } from '../../infra/event-store/event-store';
import { snapshotQueries, SnapshotView } from '../../projections/biomed/snapshots.queries';
import { handleCommand } from '../shared/handle-command';
import { BiomedDeps, runSnapshotCommand, snapshotCommandContext } from './snapshot-events';

export interface ImportRequest {
  resource: string;
  files: string[];
  allowUnpinned?: boolean;
  /** A bundled seed snapshot imported at start-up: its report says `seed: true`. */
  seed?: boolean;
  principal?: Principal;
  correlationId?: string;
  pins?: PinnedChecksums;
  onProgress?: (progress: { phase: 'verifying' | 'loading' | 'committing'; file?: string; rows?: number; bytes?: number }) => void;
  /** The caller refreshes planner statistics once after a series of imports (the seed): one ANALYZE, not one per snapshot. */
  deferStatistics?: boolean;
}

/** What an import stored (or found already stored). */
export type ImportResult =
  | { outcome: 'imported'; snapshot: SnapshotView; report: Record<string, unknown> }
  | { outcome: 'already_imported'; snapshot: SnapshotView; message: string };

/** Every way an import attempt ends. */
export type SnapshotImportResult =
  | ImportResult
  | { outcome: 'refused'; code: ImportRefusedError['code']; message: string }
  | { outcome: 'failed'; snapshot_id: string; message: string; cause: unknown };

export class ImportFailedError extends Error {
  override name = 'ImportFailedError';
  constructor(readonly snapshotId: string, override readonly cause: unknown) {
    super(`import of snapshot ${snapshotId} failed and was rolled back (the active data is unchanged): ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

class AlreadyCompleted extends Error {
  constructor(readonly snapshot: SnapshotView) { super('already completed'); }
}

function alreadyImported(snapshot: SnapshotView): ImportResult {
  return {
    outcome: 'already_imported', snapshot,
    message: `already imported as snapshot ${snapshot.snapshot_id} (completed ${snapshot.completed_at}${snapshot.active ? ', active' : ', not active'}); nothing new was written`,
  };
}

/** For callers to whom a refused or failed import is an error (tests, benchmarks): throws it. */
export async function importSnapshot(deps: BiomedDeps, request: ImportRequest): Promise<ImportResult> {
  const result = await attemptSnapshotImport(deps, request);
  if (result.outcome === 'refused') throw new ImportRefusedError(result.code, result.message);
  if (result.outcome === 'failed') throw new ImportFailedError(result.snapshot_id, result.cause);
  return result;
}

/** Checks the input files and their pinned checksums; nothing is written before this passes. */
async function verifyRequest(request: ImportRequest): Promise<VerifiedArtifacts> {
  const importer = importerFor(request.resource);
  for (const file of request.files) {
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new ImportRefusedError('bad_input', `no such file: ${file}`);
  }
  const inputs = importer.classify(request.files);
  request.onProgress?.({ phase: 'verifying' });
  return verifyArtifacts(request.resource, inputs, { allowUnpinned: request.allowUnpinned ?? false, pins: request.pins });
}

export async function attemptSnapshotImport(deps: BiomedDeps, request: ImportRequest): Promise<SnapshotImportResult> {
  let verified: VerifiedArtifacts;
  try {
    verified = await verifyRequest(request);
  } catch (error) {
    if (error instanceof ImportRefusedError) return { outcome: 'refused', code: error.code, message: error.message };
    throw error;
  }
  const importer = importerFor(request.resource);
  const clock = deps.clock ?? systemClock;
  const resource = request.resource;
  const streamId = snapshotStreamId(resource, verified.sha256);
  const principal = request.principal ?? { kind: 'operator', id: 'cli' };
  const correlationId = request.correlationId ?? randomUUID();
  const { knex } = deps;
  const snapshots = snapshotQueries(knex);

  const done = await snapshots.findCompleted(resource, verified.sha256);
  if (done) {
    await reconcileLog(deps, streamId, done, principal, correlationId);
    return alreadyImported(done);
  }

  // 1. Started (own transaction: the attempt is on record even if the load fails).
  const startedAt = clock.now();
  let snapshotId: string;
  try {
    const start: SnapshotCommand = { type: 'StartImport', resource, sha256: verified.sha256, artifacts: verified.artifacts.map(({ path: _p, ...a }) => a), bytes: verified.bytes, forced: verified.forced, at: startedAt.toISOString() };
    const started = await inTransaction(knex, (trx) => runSnapshotCommand(deps, trx, streamId, start, snapshotCommandContext(principal, correlationId, `start:${randomUUID()}`, startedAt)));
    snapshotId = started.state.snapshotId!;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'already_imported') {
      const snapshot = await snapshots.findCompleted(resource, verified.sha256);
      if (snapshot) return alreadyImported(snapshot);
    }
    throw error;
  }

  // 2. Rows, completion and activation in one transaction.
  const warnings: string[] = [];
  let committed: { report: Record<string, unknown>; command: { afterCommit: (() => Promise<void>) | null } };
  try {
    const report = await knex.transaction(async (trx) => {
      // One import per resource at a time: activation flips the resource's active snapshot.
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`biomed-import:${resource}`]);
      const inTrx = snapshotQueries(trx);
      const raced = await inTrx.findCompleted(resource, verified.sha256);
      if (raced) throw new AlreadyCompleted(raced);
      request.onProgress?.({ phase: 'loading' });
      const queue = await StatementQueue.open(trx);
      let outcome: ImportOutcome;
      try {
        outcome = await importer.load({
          trx, queue, snapshotId, artifacts: verified.artifacts,
          progress: (file, rows) => {
            const artifactPath = verified.artifacts.find((artifact) => artifact.file === file)?.path;
            request.onProgress?.({ phase: 'loading', file, rows, bytes: artifactPath ? bytesReadFrom(artifactPath) : undefined });
          },
          warn: (message) => { if (warnings.length < 50) warnings.push(message); },
        });
      } catch (error) {
        await queue.drain().catch(() => undefined); // let queued statements settle before the rollback
        throw error;
      }
      request.onProgress?.({ phase: 'committing' });
      const previous = await inTrx.activeSnapshotId(resource);
      const completedAt = clock.now();
      const report = buildReport(deps, snapshotId, resource, verified, outcome, warnings, startedAt, completedAt, previous);
      if (request.seed) report.seed = true;
      const complete: SnapshotCommand = {
        type: 'CompleteImport', snapshotId, version: outcome.version, counts: outcome.counts, report,
        previousActive: previous, at: report.completed_at as string,
      };
      return { report, command: await runSnapshotCommand(deps, trx, streamId, complete, snapshotCommandContext(principal, correlationId, `complete:${snapshotId}`, completedAt)) };
    });
    committed = report;
  } catch (error) {
    const message = error instanceof AlreadyCompleted
      ? `another import of the same artifact completed first as snapshot ${error.snapshot.snapshot_id}`
      : error instanceof Error ? error.message : String(error);
    const failedAt = clock.now();
    const fail: SnapshotCommand = { type: 'FailImport', snapshotId, error: message.slice(0, 2000), at: failedAt.toISOString() };
    const failed = await inTransaction(knex, (trx) => runSnapshotCommand(deps, trx, streamId, fail, snapshotCommandContext(principal, correlationId, `fail:${snapshotId}`, failedAt)));
    await failed.afterCommit?.();
    if (error instanceof AlreadyCompleted) return alreadyImported(error.snapshot);
    return { outcome: 'failed', snapshot_id: snapshotId, message: new ImportFailedError(snapshotId, error).message, cause: error };
  }
  // 3. External log only: the events follow the commit. If this append fails the snapshot stands, and
  // importing the same artifact again appends them (same event ids, so never twice).
  try {
    await committed.command.afterCommit?.();
  } catch (error) {
    throw new Error(`snapshot ${snapshotId} is imported and active, but appending its events to the event log failed `
      + `(${error instanceof Error ? error.message : String(error)}); run the same import again to append them`);
  }
  if (!request.deferStatistics) await refreshPlannerStatistics(knex, committed.report.counts as Record<string, number>);
  const snapshot = await snapshots.get(snapshotId);
  return { outcome: 'imported', snapshot: snapshot!, report: committed.report };
}

/** Store tables by the import-report count of the rows written to them. */
const TABLE_OF_COUNT: readonly (readonly [string, string])[] = [
  ['terms', T.terms], ['is_a_edges', T.edges], ['mappings', T.mappings], ['claims', T.claims], ['evidence_links', T.evidence],
  ['records', LITERATURE_RECORDS],
];

/**
 * Planner statistics of the store's tables after a bulk import: without them PostgreSQL plans the next
 * reads (the knowledge-graph build pages 2 million claims by primary key) on stale counts until autovacuum
 * gets round to it — measured 11.5 s instead of 3.6 s for the full graph; without them a literature search ANDs a
 * scan of every row's primary key (snapshot_id) into the full-text lookup. With `counts` (an import's report
 * counts), only the tables that import wrote rows to: the others did not change, and ANALYZE samples a table
 * of millions of claims at a cost of seconds (measured 14 s for all six tables at load 25) that an
 * identity-only import has no reason to pay. Best effort: the import stands either way.
 */
export async function refreshPlannerStatistics(knex: Knex, counts?: Readonly<Record<string, number>>): Promise<void> {
  const tables = TABLE_OF_COUNT.filter(([count]) => !counts || (counts[count] ?? 0) > 0).map(([, table]) => table);
  if (tables.length === 0) return;
  try {
    await knex.raw(`analyze ${tables.join(', ')}`);
  } catch {
    // statistics are an optimisation; a failure here changes no data
  }
}

/** External log only: a completed snapshot whose completion events never reached the log gets them now. */
async function reconcileLog(deps: BiomedDeps, streamId: string, snapshot: SnapshotView, principal: Principal, correlationId: string): Promise<void> {
  if (deps.logInDatabase) return;
  const full = await snapshotQueries(deps.knex).get(snapshot.snapshot_id);
  const report = full?.report ?? {};
  const complete: SnapshotCommand = {
    type: 'CompleteImport', snapshotId: snapshot.snapshot_id, version: snapshot.version, counts: snapshot.counts ?? {}, report,
    previousActive: (report.previous_active_snapshot_id as string | null) ?? null, at: (report.completed_at as string) ?? snapshot.completed_at!,
  };
  try {
    await handleCommand(deps.store, streamId, snapshotDecider, complete,
      snapshotCommandContext(principal, correlationId, `complete:${snapshot.snapshot_id}`, (deps.clock ?? systemClock).now()));
  } catch (error) {
    // Only a stream that never saw this attempt start refuses; there is nothing to add then.
    if (!(error instanceof DomainError)) throw error;
  }
}

async function inTransaction<R extends { afterCommit?: (() => Promise<void>) | null }>(knex: Knex, work: (trx: Knex.Transaction) => Promise<R>): Promise<R> {
  const result = await knex.transaction(work);
  await result.afterCommit?.();
  return { ...result, afterCommit: null };
}

function buildReport(
  deps: BiomedDeps, snapshotId: string, resource: string, verified: VerifiedArtifacts, outcome: ImportOutcome,
  warnings: string[], startedAt: Date, completedAt: Date, previousActive: string | null,
): Record<string, unknown> {
  const durationMs = completedAt.getTime() - startedAt.getTime();
  const rows = ['terms', 'is_a_edges', 'mappings', 'claims', 'evidence_links'].reduce((n, k) => n + (outcome.counts[k] ?? 0), 0);
  return {
    snapshot_id: snapshotId,
    resource,
    version: outcome.version,
    artifact_sha256: verified.sha256,
    artifacts: verified.artifacts.map(({ path: _p, ...a }) => a),
    bytes: verified.bytes,
    forced: verified.forced,
    forced_reason: verified.forced
      ? 'imported with --allow-unpinned: at least one artifact matches no pinned checksum (see artifacts[].pinned = null)'
      : null,
    counts: outcome.counts,
    details: outcome.details,
    warnings,
    previous_active_snapshot_id: previousActive,
    started_at: startedAt.toISOString(),
    completed_at: completedAt.toISOString(),
    duration_ms: durationMs,
    rows_written: rows,
    rows_per_second: durationMs > 0 ? Math.round((rows * 1000) / durationMs) : null,
    event_log: deps.logInDatabase ? 'postgresql, appended in the import transaction' : 'external log, appended after commit',
  };
}
