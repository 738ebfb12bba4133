// The operations duties of the scheduler (under its lease, so one process runs them): the corpus
// readiness batch report every CORPUS_STATUS_INTERVAL_HOURS (daily by default), once at start too.
import { reportCorpusStatus } from '../commands/corpus-status/corpus-status';
import { newCommandContext } from '../commands/shared/command-context';
import { BlobStore } from '../infra/blobs/blob-store';
import { startPeriodicDuty } from './periodic-duty';
import type { Runtime } from './runtime';

type DutyRuntime = Pick<Runtime, 'settings' | 'db' | 'store' | 'clock' | 'logger' | 'diseases'>;

/** Starts the corpus-status duty; returns its stop function. */
export function startCorpusStatusDuty(runtime: DutyRuntime): () => Promise<void> {
  const logger = runtime.logger.child({ duty: 'corpus-status' });
  const deps = { db: runtime.db.knex, store: runtime.store, blobs: new BlobStore(runtime.db.knex), diseases: runtime.diseases };
  const run = async () => {
    const report = await reportCorpusStatus(deps, newCommandContext(runtime.clock, { kind: 'system', id: 'corpus-status' }));
    logger.info({ diseases: report.diseases, tiers: report.tiers }, 'corpus readiness batch report written');
  };
  return startPeriodicDuty(run, runtime.settings.corpusStatusIntervalHours * 3600_000, logger, 'corpus readiness batch report failed');
}
