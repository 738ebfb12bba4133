// The operations duties of the scheduler (under its lease, so one process runs them): the corpus
// readiness batch report every CORPUS_STATUS_INTERVAL_HOURS and an evidence monitor snapshot of each
// MONITOR_DISEASES disease every MONITOR_INTERVAL_HOURS (both daily by default), each when it is due by
// its last recorded run (a report event, a scheduled snapshot), so a restarted scheduler does not repeat them.
import { latestCorpusStatus, reportCorpusStatus } from '../commands/corpus-status/corpus-status';
import { monitorSnapshots } from '../commands/monitor/read-monitor';
import { newCommandContext } from '../commands/shared/command-context';
import { BlobStore } from '../infra/blobs/blob-store';
import { startPeriodicDuty } from './periodic-duty';
import { takeMonitorSnapshot } from '../commands/monitor/take-snapshot';
import { monitorDeps, MonitorParts } from './monitor.compose';
import type { Logger } from '../infra/logging/logger';
import type { Preloads } from '../infra/app/preloads';

type DutyRuntime = MonitorParts & { logger: Logger; preloads?: Pick<Preloads, 'settled'> };

/** Starts the corpus-status duty; returns its stop function. */
export function startCorpusStatusDuty(runtime: DutyRuntime): () => Promise<void> {
  const logger = runtime.logger.child({ duty: 'corpus-status' });
  const deps = { db: runtime.db.knex, store: runtime.store, blobs: new BlobStore(runtime.db.knex), diseases: runtime.diseases };
  const run = async () => {
    // Not before this process's start-up seed import ends: the report would call every disease unready.
    await runtime.preloads?.settled();
    const report = await reportCorpusStatus(deps, newCommandContext(runtime.clock, { kind: 'system', id: 'corpus-status' }));
    logger.info({ diseases: report.diseases, tiers: report.tiers }, 'corpus readiness batch report written');
  };
  const lastRunAt = async () => {
    const latest = await latestCorpusStatus(deps);
    return latest ? new Date(latest.at) : undefined;
  };
  return startPeriodicDuty(run, runtime.settings.corpusStatusIntervalHours * 3600_000, logger, 'corpus readiness batch report failed',
    { lastRunAt, now: () => runtime.clock.now() });
}

/** Starts the monitor duty (one snapshot per configured disease per interval); returns its stop function. */
export function startMonitorDuty(runtime: DutyRuntime): () => Promise<void> {
  const logger = runtime.logger.child({ duty: 'evidence-monitor' });
  const deps = monitorDeps(runtime);
  const run = async () => {
    for (const diseaseId of runtime.settings.monitorDiseases) {
      const context = newCommandContext(runtime.clock, { kind: 'system', id: 'evidence-monitor' });
      await takeMonitorSnapshot(deps, context, diseaseId, 'scheduled')
        .then((s) => logger.info({ diseaseId, snapshotId: s.snapshotId }, 'evidence snapshot taken'))
        .catch((err) => logger.warn({ diseaseId, err }, 'evidence snapshot failed'));
    }
  };
  // Due when the disease whose scheduled snapshot is oldest (or missing) is due.
  const lastRunAt = async () => {
    let oldest: Date | undefined;
    for (const diseaseId of runtime.settings.monitorDiseases) {
      const scheduled = (await monitorSnapshots(runtime.store, diseaseId)).filter((s) => s.trigger === 'scheduled').at(-1);
      if (!scheduled) return undefined;
      const at = new Date(scheduled.at);
      if (!oldest || at < oldest) oldest = at;
    }
    return oldest;
  };
  return startPeriodicDuty(run, runtime.settings.monitorIntervalHours * 3600_000, logger, 'evidence monitor failed',
    { lastRunAt, now: () => runtime.clock.now() });
}
