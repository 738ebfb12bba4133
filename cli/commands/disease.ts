// `evidence disease validate [--dir D] [--json]`: loads every disease module the service would discover
// and reports which are usable. Exits 1 when any module is invalid. `evidence disease discover` writes
// modules from the active MONDO snapshot (see diseaseDiscover).
import path from 'node:path';
import { isCurie } from '../../domain/biomed/curie';
import { NoActiveMondoSnapshotError, readMondoConditions } from '../../infra/biomed/discover/mondo-conditions';
import { discoverModules, DiscoverySummary, FileAction } from '../../infra/biomed/discover/write-modules';
import { loadSettings } from '../../infra/config/settings';
import { DEFAULT_DISEASES_DIR, discoveredModulesDir, validateDirectory } from '../../infra/diseases/disease-registry';
import { printTable } from '../print';
import { withBiomed } from './biomed';

export async function diseaseValidate(options: { dir?: string; json?: boolean }): Promise<void> {
  const report = validateDirectory(options.dir ?? DEFAULT_DISEASES_DIR);
  if (options.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    printTable(['id', 'status', 'problems'], report.modules.map((m) => [
      m.id, m.valid ? 'valid' : 'invalid', m.problems.length > 0 ? `${m.problems.join('; ')} (${m.file})` : '',
    ]));
    const { total, valid, invalid } = report.counts;
    console.log(`\n${total} module(s) in ${report.dir}: ${valid} valid, ${invalid} invalid`);
  }
  if (report.counts.invalid > 0) process.exitCode = 1;
}

/** Default output folder of `disease discover`: beside the other generated data, never over fixtures/. */
export function defaultDiscoverDir(): string {
  return discoveredModulesDir(loadSettings().dataDir);
}

export interface DiscoverCliOptions { out?: string; limit?: string; curie?: string[]; dryRun?: boolean; force?: boolean; json?: boolean }

/** Exit 2 with the message: the command was asked for something it cannot do; nothing is written. */
function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

/**
 * `evidence disease discover [--out D] [--limit N] [--curie MONDO:x ...] [--dry-run] [--force] [--json]`:
 * one module file per MONDO condition of the active snapshot that its exact mappings make complete.
 */
export async function diseaseDiscover(options: DiscoverCliOptions): Promise<void> {
  let limit: number | undefined;
  if (options.limit !== undefined) {
    if (!/^\d+$/.test(options.limit) || Number(options.limit) < 1) refuse(`--limit must be a positive integer, got '${options.limit}'`);
    limit = Number(options.limit);
  }
  const curies = options.curie ?? [];
  const bad = curies.filter((c) => !isCurie(c));
  if (bad.length > 0) refuse(`--curie takes CURIEs such as MONDO:0008383; not a CURIE: ${bad.join(', ')}`);
  const outDir = options.out ?? defaultDiscoverDir();

  let summary: DiscoverySummary;
  try {
    summary = await withBiomed(async ({ knex }) => discoverModules(await readMondoConditions(knex, curies), { outDir, limit, force: options.force, dryRun: options.dryRun }));
  } catch (error) {
    if (error instanceof NoActiveMondoSnapshotError) refuse(error.message);
    throw error;
  }
  if (options.json) console.log(JSON.stringify(summary, null, 2));
  else printDiscovery(summary);
  if (summary.not_found.length > 0) process.exitCode = 1;
}

const VERB: Record<FileAction, [string, string]> = {
  create: ['would create', 'created'],
  overwrite: ['would overwrite', 'overwritten (--force)'],
  unchanged: ['unchanged', 'unchanged'],
  keep_existing: ['would keep (exists with other content; --force overwrites)', 'kept existing (other content; --force overwrites)'],
};

function printDiscovery(s: DiscoverySummary): void {
  const when = s.dry_run ? 0 : 1;
  console.log(`mondo snapshot ${s.snapshot.snapshot_id} (version ${s.snapshot.version ?? 'unknown'}): ${s.conditions} MONDO condition(s) considered, ${s.complete} complete`
    + (s.beyond_limit > 0 ? `, ${s.beyond_limit} left out by --limit` : ''));
  const shown = s.dry_run ? s.files : s.files.filter((f) => f.action === 'keep_existing');
  if (shown.length > 0) printTable(['file', 'mondo_id', 'action'], shown.map((f) => [f.file, f.mondo_id, VERB[f.action][when]]));
  for (const action of Object.keys(VERB) as FileAction[]) {
    if (s.actions[action] > 0) console.log(`${VERB[action][when]}: ${s.actions[action]}`);
  }
  console.log(`${s.dry_run ? 'dry run, nothing written; output directory' : 'output directory'}: ${s.out_dir}`);
  if (s.skipped.length > 0) {
    console.log(`\nskipped ${s.skipped.reduce((n, k) => n + k.count, 0)} condition(s) that cannot make a complete module:`);
    printTable(['reason', 'count', 'why', 'examples'], s.skipped.map((k) => [k.reason, String(k.count), k.why, k.examples.join(', ')]));
  }
  if (s.from_disease_ontology > 0 || s.disease_ontology_ambiguous > 0) {
    console.log(`${s.from_disease_ontology} condition(s) from the active Disease Ontology snapshot (DOID -> MONDO exact matches)`
      + (s.disease_ontology_ambiguous > 0 ? `; ${s.disease_ontology_ambiguous} DO term(s) left out: several exact MONDO/DOID matches` : ''));
  }
  if (s.other_terms > 0) console.log(`${s.other_terms} non-MONDO term(s) of the snapshot (e.g. relation stanzas) ignored`);
  if (s.not_found.length > 0) console.error(`not a term of the active mondo snapshot: ${s.not_found.join(', ')}`);
}
