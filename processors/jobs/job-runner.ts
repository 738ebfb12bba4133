// Runs submitted jobs. JobSubmitted goes to one competing consumer group, "job-runner": each job is leased
// to one worker process, which runs up to WORKER_CONCURRENCY jobs at once, and any worker with a free slot
// takes the next queued job, so adding worker processes adds throughput. A worker keeps renewing its lease
// while the job runs; one that dies stops renewing, the lease lapses after BUS_LEASE_MS and another worker
// re-delivers the job: it starts a new attempt and finishes (or fails after JOB_MAX_ATTEMPTS). A worker that
// lost the lease while still alive (it hung past it) aborts, and its attempt can record nothing more (the
// job's attempt number fences it), so a job never runs twice at once to any effect.
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
  /** Jobs one worker process runs at once (WORKER_CONCURRENCY). */
  concurrency: number;
  softTimeLimitMs: number;
  hardTimeLimitMs: number;
  maxAttempts: number;
  reportsDir: string;
  /** Minimum time between two recorded progress events of one job. */
  progressIntervalMs?: number;
}

/** The consumer group (and processor name) of the job runner. */
export const JOB_RUNNER = 'job-runner';

export class SoftTimeLimitExceeded extends Error {
  override name = 'SoftTimeLimitExceeded';
}

class HardTimeLimitExceeded extends Error {
  override name = 'HardTimeLimitExceeded';
}

class JobRevoked extends Error {
  override name = 'JobRevoked';
}

/** This worker's attempt is over without a verdict: another worker took the job over (lease lost, or a later start). */
class AttemptSuperseded extends Error {
  override name = 'AttemptSuperseded';
}

export function jobRunnerProcessors(modules: ModuleRegistry, options: JobRunnerOptions): Processor[] {
  return [{
    name: JOB_RUNNER,
    eventTypes: ['JobSubmitted'],
    delivery: 'competing',
    concurrency: options.concurrency,
    // Failures are recorded on the job itself; a retry would only repeat the same failure.
    maxAttempts: 3,
    // Each lapsed lease is a lost worker: the job's own limit (a start beyond JOB_MAX_ATTEMPTS fails it)
    // must be reached before the bus would park the event and leave the job started for ever.
    maxDeliveries: options.maxAttempts + 1,
    async handle(event: RecordedEvent, context) {
      const { jobId } = event.data as { jobId: string };
      await runJob(jobId, modules, options, {
        store: context.store, blobs: new BlobStore(context.knex), command: context.command, logger: context.logger, clock: context.clock,
        ...(context.signal ? { leaseLost: context.signal } : {}),
      });
    },
  }];
}

interface RunDeps {
  blobs: BlobStore;
  store: EventStore;
  command: CommandContext;
  logger: Logger;
  clock: Clock;
  /** Aborted when the bus lost this delivery's lease: another worker may run the job now. */
  leaseLost?: AbortSignal;
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
  if (deps.leaseLost?.aborted) return;
  const started = await update({ type: 'StartJob', worker: `${hostname()}:${process.pid}`, maxAttempts: options.maxAttempts });
  if (isTerminal(started)) return;
  const attempt = started.attempts;
  logger.info({ jobId, module: module.id, attempt }, 'job started');

  const controller = new AbortController();
  const onLeaseLost = () => controller.abort(new AttemptSuperseded('the job\'s lease was lost: another worker may have taken it over'));
  deps.leaseLost?.addEventListener('abort', onLeaseLost, { once: true });
  const timers: NodeJS.Timeout[] = [];
  let lastProgressAt = 0;
  const progress = async (percent: number, message: string) => {
    if (controller.signal.aborted) throw controller.signal.reason;
    const now = Date.now();
    if (now - lastProgressAt < (options.progressIntervalMs ?? 200) && percent < 100) return;
    lastProgressAt = now;
    const state = await update({ type: 'ReportProgress', percent, message, attempt });
    if (state.phase === 'revoked') controller.abort(new JobRevoked('job revoked'));
    else if (state.attempts !== attempt) controller.abort(new AttemptSuperseded(`attempt ${state.attempts} started on another worker`));
    if (controller.signal.aborted) throw controller.signal.reason;
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
    const completed = await update({ type: 'CompleteJob', result: await claimCheck(final, deps.blobs), attempt });
    if (completed.attempts !== attempt) throw new AttemptSuperseded(`attempt ${completed.attempts} started on another worker`);
    // For export; run-all records each module's result itself, the Workspace's dossier has its own store.
    if (module.id !== RUN_ALL && !module.ownSubmission) {
      await recordResult(module.id, job.params ?? {}, storable).catch((err) => logger.warn({ jobId, err }, 'module result not recorded for export'));
    }
    logger.info({ jobId, module: module.id }, 'job succeeded');
  } catch (error) {
    if (error instanceof JobRevoked) return;
    // Superseded: the worker that holds the job now decides its outcome; whatever this one saw is not a verdict.
    if (error instanceof AttemptSuperseded || controller.signal.reason instanceof AttemptSuperseded) {
      logger.warn({ jobId, module: module.id, attempt }, 'job attempt abandoned: another worker took the job over');
      return;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    await update({ type: 'FailJob', error: message, attempt });
    logger.warn({ jobId, module: module.id, err: error }, 'job failed');
  } finally {
    deps.leaseLost?.removeEventListener('abort', onLeaseLost);
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
