// `evidence biomed init | migrate | import <resource> <file...> [--allow-unpinned] | snapshots | compare <a> <b> | analytics stats`
// (the other analytics subcommands are in biomed-analytics.ts).
// The store's adapters come from outside (BiomedCliServices): the entry point (cli/main.ts) passes the
// composition root's, so the CLI never picks an event-store adapter itself.
import fs from 'node:fs';
import path from 'node:path';
import { attemptSnapshotImport, ImportResult } from '../../commands/biomed/import-snapshot';
import { recordComparison } from '../../commands/biomed/record-comparison';
import type { BiomedDeps } from '../../commands/biomed/snapshot-events';
import { newCommandContext } from '../../commands/shared/command-context';
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';
import { RESOURCE_INFO, BIOMED_RESOURCES } from '../../domain/biomed/resources';
import { storeStats } from '../../infra/biomed/read/stats';
import { systemClock } from '../../infra/clock/clock';
import { loadSettings, Settings } from '../../infra/config/settings';
import { snapshotQueries } from '../../projections/biomed/snapshots.queries';
import { printTable } from '../print';
import { ProgressBar } from '../progress-bar';

/** One command's hold on the store: migrated database, event log, and what the migration applied. */
export interface BiomedSession {
  deps: BiomedDeps;
  applied: string[];
  close(): Promise<void>;
}

/** What the biomed commands need from the composition root. */
export interface BiomedCliServices {
  openBiomed(settings: Settings): Promise<BiomedSession>;
}

let services: BiomedCliServices | undefined;

/** The entry point hands the composition root's services over once, before parsing the command line. */
export function useBiomedCliServices(injected: BiomedCliServices): void {
  services = injected;
}

/** Input file sizes by base name (the importers report progress per base name). */
function fileSizes(files: readonly string[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const file of files) {
    try { sizes.set(path.basename(file), fs.statSync(file).size); } catch { /* the import reports a missing file */ }
  }
  return sizes;
}

/** Opens the store (migrated database and event log) for one command; closes it afterwards. */
export async function withBiomed<T>(work: (deps: BiomedDeps, applied: string[]) => Promise<T>): Promise<T> {
  if (!services) throw new Error('the biomed commands were started without their services (start them through cli/main.ts)');
  const session = await services.openBiomed(loadSettings());
  try {
    return await work(session.deps, session.applied);
  } finally {
    await session.close();
  }
}

export async function biomedInit(): Promise<void> {
  await withBiomed(async ({ knex }, applied) => {
    console.log(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'database already up to date');
    const snapshots = await snapshotQueries(knex).list();
    console.log(`biomedical store (schema biomed): ${snapshots.length} snapshot(s), ${snapshots.filter((s) => s.active).length} active`);
    printTable(['resource', 'importer', 'takes'], BIOMED_RESOURCES.map((r) => [r, RESOURCE_INFO[r].implemented ? 'yes' : 'not implemented yet', RESOURCE_INFO[r].inputs]));
  });
}

function printResult(result: ImportResult): void {
  if (result.outcome === 'already_imported') {
    console.log(result.message);
    return;
  }
  const { snapshot, report } = result;
  console.log(`imported ${snapshot.resource} as snapshot ${snapshot.snapshot_id} (version ${snapshot.version ?? 'unknown'}); it is now active`
    + (report.previous_active_snapshot_id ? ` (previous active ${String(report.previous_active_snapshot_id)} stays readable)` : ''));
  if (snapshot.forced) console.log('FORCED: imported with --allow-unpinned; the report records it');
  console.log(`${report.rows_written} rows in ${report.duration_ms} ms (${report.rows_per_second} rows/s)`);
  console.log(JSON.stringify(report, null, 2));
}

export async function biomedImport(resource: string, files: string[], options: { allowUnpinned?: boolean }): Promise<void> {
  // stderr: stdout carries the result (and --json output elsewhere); a pipe gets plain lines.
  const progress = new ProgressBar(process.stderr, { fileSizes: fileSizes(files) });
  try {
    const result = await withBiomed((deps) => attemptSnapshotImport(deps, {
      resource, files: files.map((f) => path.resolve(f)), allowUnpinned: options.allowUnpinned, onProgress: (p) => progress.update(p),
    }));
    progress.done();
    switch (result.outcome) {
      case 'refused':
        console.error(result.message);
        process.exit(2);
        break;
      case 'failed':
        console.error(result.message);
        process.exit(1);
        break;
      default:
        printResult(result);
    }
  } catch (error) {
    progress.done();
    throw error;
  }
}

export async function biomedSnapshots(options: { resource?: string; json?: boolean }): Promise<void> {
  await withBiomed(async ({ knex }) => {
    const snapshots = await snapshotQueries(knex).list(options.resource);
    if (options.json) { console.log(JSON.stringify(snapshots, null, 2)); return; }
    printTable(['snapshot', 'resource', 'version', 'status', 'active', 'forced', 'rows', 'created'], snapshots.map((s) => [
      s.snapshot_id, s.resource, s.version ?? '-', s.status, s.active ? 'yes' : 'no', s.forced ? 'FORCED' : '',
      s.counts ? String(['terms', 'is_a_edges', 'mappings', 'claims', 'evidence_links'].reduce((n, k) => n + (s.counts![k] ?? 0), 0)) : '-',
      s.created_at,
    ]));
  });
}

export async function biomedMigrate(): Promise<void> {
  await withBiomed(async (_deps, applied) => {
    console.log(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'database already up to date');
  });
}

/** Same path as POST /api/v1/comparisons: compare over the active snapshots, record an immutable research run. */
export async function biomedCompare(left: string, right: string, options: { json?: boolean }): Promise<void> {
  const found = await withBiomed(async (deps) => {
    const result = await recordComparison(deps, { leftCurie: left, rightCurie: right }, newCommandContext(deps.clock ?? systemClock, { kind: 'operator', id: 'cli' }));
    if (result.kind === 'unknown_curies') {
      console.error(`unknown in the active snapshots: ${result.missing.join(', ')}; nothing was recorded`);
      return false;
    }
    const { run, comparison: r } = result;
    if (options.json) {
      console.log(JSON.stringify({ ...run, result: r, disclaimer: BIOMED_DISCLAIMER }, null, 2));
      return true;
    }
    console.log(`recorded comparison run ${run.run_id} (stream ${run.stream_id}, ${run.created_at})`);
    console.log(`${r.left.curie} (${r.left.label ?? '-'}): ${r.left.phenotype_count} phenotype(s); ${r.right.curie} (${r.right.label ?? '-'}): ${r.right.phenotype_count} phenotype(s)`);
    console.log(`shared phenotypes: ${r.shared_phenotypes.length}`);
    printTable(['phenotype', 'label'], r.shared_phenotypes.map((p) => [p.curie, p.label ?? '-']));
    console.log(`phenotype Jaccard: ${r.phenotype_jaccard === null ? 'n/a (both phenotype sets empty)' : r.phenotype_jaccard.toFixed(4)}`);
    console.log(`computed from: ${r.snapshots.map((s) => s.snapshot_id).join(', ') || '(no active snapshots)'}`);
    console.log(BIOMED_DISCLAIMER);
    return true;
  });
  if (!found) process.exit(1);
}

export async function biomedAnalyticsStats(options: { json?: boolean }): Promise<void> {
  await withBiomed(async ({ knex }) => {
    const stats = await storeStats(knex);
    if (options.json) { console.log(JSON.stringify({ ...stats, disclaimer: BIOMED_DISCLAIMER }, null, 2)); return; }
    const n = (v: number) => v.toLocaleString('en-US');
    console.log('active snapshots');
    printTable(['snapshot', 'resource', 'version', 'terms', 'is_a edges', 'claims', 'mappings'], [
      ...stats.per_snapshot.map((s) => [s.snapshot_id, s.resource, s.version ?? '-', n(s.terms), n(s.edges), n(s.claims), n(s.mappings)]),
      ...(stats.per_snapshot.length ? [['total', '', '', n(stats.totals.terms), n(stats.totals.edges), n(stats.totals.claims), n(stats.totals.mappings)]] : []),
    ]);
    console.log('\nentity kinds');
    printTable(['kind', 'terms', 'obsolete'], stats.entity_kinds.map((k) => [k.kind, n(k.count), n(k.obsolete)]));
    console.log('\npredicates');
    printTable(['predicate', 'claims', 'supports', 'contradicts', 'neutral'], stats.predicates.map((p) => [p.predicate, n(p.count), n(p.supports), n(p.contradicts), n(p.neutral)]));
    console.log(`\n${BIOMED_DISCLAIMER}`);
  });
}
