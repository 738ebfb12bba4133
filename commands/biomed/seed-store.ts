// The start-up seed of the biomedical store: on a fresh store (no active snapshot of any resource) import
// the bundled seed snapshots listed in fixtures/biomed/seed.json, each as an ordinary pinned import whose
// report says seed: true. A store with any active snapshot is left alone, so an operator's imports are
// never mixed with the seed, and a second start imports nothing. Result kinds: seeded | skipped.
import fs from 'node:fs';
import path from 'node:path';
import { snapshotQueries } from '../../projections/biomed/snapshots.queries';
import { attemptSnapshotImport, refreshPlannerStatistics, SnapshotImportResult } from './import-snapshot';
import type { BiomedDeps } from './snapshot-events';

export const DEFAULT_SEED_FILE = path.resolve(__dirname, '../../../fixtures/biomed/seed.json');

export interface SeedImport { resource: string; files: string[] }

export type SeedStoreResult =
  | { kind: 'skipped'; reason: string }
  | { kind: 'seeded'; imports: { resource: string; outcome: SnapshotImportResult['outcome']; snapshot_id: string | null; message: string | null }[] };

/** The seed list: resource and files, the files relative to the list's folder. */
export function readSeedList(seedFile = DEFAULT_SEED_FILE): SeedImport[] {
  const parsed = JSON.parse(fs.readFileSync(seedFile, 'utf8')) as { imports?: SeedImport[] };
  const dir = path.dirname(seedFile);
  return (parsed.imports ?? []).map((entry) => ({ resource: entry.resource, files: entry.files.map((file) => path.resolve(dir, file)) }));
}

/** `onProgress(done, total)`: after each snapshot of the seed list (for /api/ready). */
export async function seedBiomedStore(deps: BiomedDeps, options: { seedFile?: string; onProgress?: (done: number, total: number) => void } = {}): Promise<SeedStoreResult> {
  if (await snapshotQueries(deps.knex).anyActive()) return { kind: 'skipped', reason: 'the store already has an active snapshot' };
  const imports: Extract<SeedStoreResult, { kind: 'seeded' }>['imports'] = [];
  const seedList = readSeedList(options.seedFile);
  options.onProgress?.(0, seedList.length);
  for (const entry of seedList) {
    const result = await attemptSnapshotImport(deps, {
      resource: entry.resource, files: entry.files, seed: true, principal: { kind: 'system', id: 'biomed-seed' },
      // ANALYZE of the store's tables after each of the 17 snapshots took 1.5-3.5 s under load, growing with
      // the tables: once at the end gives the graph build the same statistics.
      deferStatistics: true,
    });
    imports.push({
      resource: entry.resource,
      outcome: result.outcome,
      snapshot_id: 'snapshot' in result ? result.snapshot.snapshot_id : result.outcome === 'failed' ? result.snapshot_id : null,
      message: 'message' in result ? result.message : null,
    });
    options.onProgress?.(imports.length, seedList.length);
  }
  await refreshPlannerStatistics(deps.knex);
  return { kind: 'seeded', imports };
}
