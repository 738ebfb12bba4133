// The start-up preload that seeds a fresh biomed store (BIOMED_SEED, default on): /api/ready reports it
// as pending until the seed snapshots are in, failed when one was refused or failed.
import { seedBiomedStore } from '../commands/biomed/seed-store';
import type { Clock } from '../infra/clock/clock';
import type { Settings } from '../infra/config/settings';
import type { Database } from '../infra/db/database';
import type { EventStore } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logging/logger';
import { biomedDeps } from './biomed-deps.compose';
import type { PreloadTask } from '../infra/app/preloads';
import { seedImportProgress } from '../commands/biomed/seed-progress';
import { failAbandonedImports } from '../commands/biomed/fail-abandoned-imports';

export function biomedSeedPreload(parts: { settings: Settings; db: Database; store: EventStore; clock: Clock; logger: Logger }, seedFile?: string): PreloadTask {
  return async (report) => {
    const result = await seedBiomedStore(biomedDeps(parts.settings, parts.db, parts.store, parts.clock), {
      ...(seedFile ? { seedFile } : {}),
      onProgress: (done, total) => report(seedImportProgress(done, total)),
    });
    if (result.kind === 'skipped') {
      parts.logger.info({ reason: result.reason }, 'biomed seed skipped');
      return;
    }
    parts.logger.info({ imports: result.imports.map(({ resource, outcome, snapshot_id }) => ({ resource, outcome, snapshot_id })) }, 'biomed store seeded');
    const bad = result.imports.filter((i) => i.outcome === 'refused' || i.outcome === 'failed');
    if (bad.length > 0) throw new Error(`biomed seed: ${bad.map((i) => `${i.resource} ${i.outcome}: ${i.message}`).join('; ')}`);
  };
}

/** At every start: snapshot imports a stopped process left `importing` are recorded as failed (their lock lapsed with it). */
export function abandonedImportsPreload(parts: { settings: Settings; db: Database; store: EventStore; clock: Clock; logger: Logger }): PreloadTask {
  return async () => {
    const abandoned = await failAbandonedImports(biomedDeps(parts.settings, parts.db, parts.store, parts.clock), parts.clock.now());
    if (abandoned.length > 0) parts.logger.warn({ snapshots: abandoned }, 'snapshot imports abandoned by a stopped process recorded as failed');
  };
}
