// Runs submitted jobs. The bus delivers JobSubmitted to WORKER_CONCURRENCY consumer groups
// ("job-runner-<i>"), each taking the jobs whose id hashes to it, so a worker process runs that many
// jobs at once. The group's checkpoint moves only after a job finished, so a worker that dies leaves
// the event unacknowledged: once its lease lapses another worker re-delivers it, the job starts a new
// attempt and finishes (or fails after JOB_MAX_ATTEMPTS).
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { isTerminal } from '../../domain/jobs/job';
import { loadJob, updateJob } from '../../commands/jobs/job-commands';
import type { CommandContext } from '../../commands/shared/command-context';
import type { ModuleDefinition, ModuleRegistry } from '../../commands/jobs/module-registry';
import { writeReport } from '../../commands/jobs/report-writer';
import { RUN_ALL, runAllModule } from '../../commands/jobs/run-all';
import type { Clock } from '../../infra/clock/clock';
import type { EventStore, RecordedEvent } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logging/logger';
import type { Processor } from '../processor';
import { BlobRef, BlobStore } from '../../infra/blobs/blob-store';
import { resultRecorder } from '../../commands/export/record-module-result';
import { storableJson } from '../../domain/shared/storable-text';

export interface JobRunnerOptions {
  concurrency: number;
  softTimeLimitMs: number;
  hardTimeLimitMs: number;
  maxAttempts: number;
  reportsDir: string;
  /** Minimum time between two recorded progress events of one job. */
  progressIntervalMs?: number;
}

export class SoftTimeLimitExceeded extends Error {
  override name = 'SoftTimeLimitExceeded';
}

class HardTimeLimitExceeded extends Error {
  override name = 'HardTimeLimitExceeded';
}

class JobRevoked extends Error {
  override name = 'JobRevoked';
}

export function partitionOf(jobId: string, partitions: number): number {
  return createHash('sha256').update(jobId).digest().readUInt32BE(0) % partitions;
}

export function jobRunnerProcessors(modules: ModuleRegistry, options: JobRunnerOptions): Processor[] {
  return Array.from({ length: options.concurrency }, (_, partition) => ({
    name: `job-runner-${partition}`,
    eventTypes: ['JobSubmitted'],
    // Failures are recorded on the job itself; a retry would only repeat the same failure.
    maxAttempts: 3,
    async handle(event: RecordedEvent, context) {
      const { jobId } = event.data as { jobId: string };
      if (partitionOf(jobId, options.concurrency) !== partition) return;
      await runJob(jobId, modules, options, { store: context.store, blobs: new BlobStore(context.knex), command: context.command, logger: context.logger, clock: context.clock });
    },
  }));
}

interface RunDeps {
  blobs: BlobStore;
  store: EventStore;
  command: CommandContext;
  logger: Logger;
  clock: Clock;
}

export async function runJob(jobId: string, modules: ModuleRegistry, options: JobRunnerOptions, deps: RunDeps): Promise<void> {
  const { store, command, logger, clock } = deps;
  // A job runs for minutes: each update carries the time it is made, not the delivery's.
  const update = (change: Parameters<typeof updateJob>[3]) => updateJob(store, { ...command, now: clock.now() }, jobId, change);
  const job = await loadJob(store, jobId);
  if (job.phase === 'none' || isTerminal(job)) return; // a redelivery of a finished job
  const module = job.module === RUN_ALL ? runAllModule(modules, options.reportsDir) : modules.find(job.module!);
  if (!module) {
    await update({ type: 'FailJob', error: `unknown module ${job.module}` });
    return;
  }
  const started = await update({ type: 'StartJob', worker: `${hostname()}:${process.pid}`, maxAttempts: options.maxAttempts });
  if (isTerminal(started)) return;
  logger.info({ jobId, module: module.id, attempt: started.attempts }, 'job started');

  const controller = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  let lastProgressAt = 0;
  const progress = async (percent: number, message: string) => {
    if (controller.signal.aborted) throw controller.signal.reason;
    const now = Date.now();
    if (now - lastProgressAt < (options.progressIntervalMs ?? 200) && percent < 100) return;
    lastProgressAt = now;
    const state = await update({ type: 'ReportProgress', percent, message });
    if (state.phase === 'revoked') {
      controller.abort(new JobRevoked('job revoked'));
      throw controller.signal.reason;
    }
  };
  try {
    const hardLimit = new Promise<never>((_, reject) => {
      timers.push(setTimeout(() => reject(new HardTimeLimitExceeded(`hard time limit of ${options.hardTimeLimitMs / 1000} s exceeded`)), options.hardTimeLimitMs));
    });
    timers.push(setTimeout(() => controller.abort(new SoftTimeLimitExceeded(`soft time limit of ${options.softTimeLimitMs / 1000} s exceeded`)), options.softTimeLimitMs));
    const recordResult = resultRecorder({ store, blobs: deps.blobs, now: () => clock.now() }, command, jobId, job.researcherId);
    const result = await Promise.race([
      module.run({ params: job.params ?? {}, body: job.body }, { jobId, progress, signal: controller.signal, logger, researcherId: job.researcherId, command, recordResult }),
      hardLimit,
    ]);
    // A result read from files or providers may hold text PostgreSQL cannot store: repaired, never a failed job.
    const storable = storableJson(result);
    const final = withReport(module, jobId, job.params, storable, options.reportsDir);
    await update({ type: 'CompleteJob', result: await claimCheck(final, deps.blobs) });
    // For export; run-all records each module's result itself, the Workspace's dossier has its own store.
    if (module.id !== RUN_ALL && !module.ownSubmission) {
      await recordResult(module.id, job.params ?? {}, storable).catch((err) => logger.warn({ jobId, err }, 'module result not recorded for export'));
    }
    logger.info({ jobId, module: module.id }, 'job succeeded');
  } catch (error) {
    if (error instanceof JobRevoked) return;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    await update({ type: 'FailJob', error: message });
    logger.warn({ jobId, module: module.id, err: error }, 'job failed');
  } finally {
    for (const timer of timers) clearTimeout(timer);
    if (!controller.signal.aborted) controller.abort(new Error('job finished'));
  }
}

/** Events stay small: a result above INLINE_RESULT_BYTES is stored once by hash and referenced. */
const INLINE_RESULT_BYTES = 64 * 1024;

async function claimCheck(result: unknown, blobs: BlobStore): Promise<unknown> {
  const json = JSON.stringify(result ?? null);
  if (json.length <= INLINE_RESULT_BYTES) return result;
  return { $blob: await blobs.putText(json, 'application/json') } satisfies BlobRef;
}

function withReport(module: ModuleDefinition, jobId: string, params: Record<string, unknown> | undefined, result: unknown, reportsDir: string): unknown {
  if (params?.export_html !== true || module.id === RUN_ALL) return result; // run-all lists report_paths itself
  const reportPath = writeReport(reportsDir, module, jobId, result);
  return result !== null && typeof result === 'object' && !Array.isArray(result)
    ? { ...(result as Record<string, unknown>), report_path: reportPath }
    : { value: result, report_path: reportPath };
}
