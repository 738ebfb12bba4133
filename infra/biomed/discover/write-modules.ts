// `evidence disease discover`: turns the active MONDO snapshot's conditions into module files. Plans
// every file first (create / overwrite / unchanged / keep_existing), then writes each one through a
// temporary file and a rename, so a module file is never half-written. Without `force` a file that
// exists with other content is left alone and reported.
import fs from 'node:fs';
import path from 'node:path';
import {
  discoverModule, moduleFileName, serializeModule, SKIP_REASONS, SkipReason,
} from '../../../domain/diseases/discovered-module';
import { DiseaseRegistry } from '../../diseases/disease-registry';
import type { MondoSource } from './mondo-conditions';

export type FileAction = 'create' | 'overwrite' | 'unchanged' | 'keep_existing';

export interface PlannedFile { file: string; id: string; mondo_id: string; action: FileAction }

export interface DiscoveryOptions {
  outDir: string;
  /** At most this many complete modules (in MONDO id order). */
  limit?: number;
  force?: boolean;
  dryRun?: boolean;
}

export interface DiscoverySummary {
  snapshot: { snapshot_id: string; version: string | null };
  out_dir: string;
  dry_run: boolean;
  force: boolean;
  /** MONDO terms of the snapshot that were considered. */
  conditions: number;
  /** Conditions that make a complete module (before --limit). */
  complete: number;
  /** Complete modules left out by --limit. */
  beyond_limit: number;
  actions: Record<FileAction, number>;
  files: PlannedFile[];
  skipped: { reason: SkipReason; why: string; count: number; examples: string[] }[];
  /** Terms of the snapshot that are not MONDO ids; requested CURIEs absent from the snapshot. */
  other_terms: number;
  /** Conditions that came from the active Disease Ontology snapshot (MONDO ids without a term in the mondo snapshot). */
  from_disease_ontology: number;
  disease_ontology_ambiguous: number;
  not_found: string[];
}

const EXAMPLES = 5;

export function discoverModules(source: MondoSource, options: DiscoveryOptions): DiscoverySummary {
  const outDir = path.resolve(options.outDir);
  const skipped = new Map<SkipReason, { count: number; examples: string[] }>();
  const modules = [];
  for (const condition of source.conditions) {
    const outcome = discoverModule(condition);
    if (outcome.complete) { modules.push(outcome.module); continue; }
    const entry = skipped.get(outcome.reason) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < EXAMPLES) entry.examples.push(outcome.detail ? `${condition.curie} (${outcome.detail})` : condition.curie);
    skipped.set(outcome.reason, entry);
  }
  // A module that would not load is a bug in the mapping, never something to write.
  const invalid = DiseaseRegistry.fromModules(modules).invalid();
  if (invalid.length > 0) throw new Error(`discover produced invalid modules (nothing written): ${invalid.map((i) => `${i.id}: ${i.problems.join('; ')}`).join(' | ')}`);

  const taken = options.limit !== undefined ? modules.slice(0, options.limit) : modules;
  const planned = taken.map((module) => {
    const file = moduleFileName(module);
    const text = serializeModule(module);
    const existing = readIfExists(path.join(outDir, file));
    const action: FileAction = existing === undefined ? 'create' : existing === text ? 'unchanged' : options.force ? 'overwrite' : 'keep_existing';
    return { planned: { file, id: module.id, mondo_id: module.mondo_id, action }, text };
  });

  if (!options.dryRun) {
    fs.mkdirSync(outDir, { recursive: true });
    for (const { planned: p, text } of planned) {
      if (p.action === 'create' || p.action === 'overwrite') writeAtomically(path.join(outDir, p.file), text);
    }
  }

  const actions: Record<FileAction, number> = { create: 0, overwrite: 0, unchanged: 0, keep_existing: 0 };
  for (const { planned: p } of planned) actions[p.action]++;
  return {
    snapshot: { snapshot_id: source.snapshot_id, version: source.version },
    out_dir: outDir,
    dry_run: options.dryRun ?? false,
    force: options.force ?? false,
    conditions: source.conditions.length,
    complete: modules.length,
    beyond_limit: modules.length - taken.length,
    actions,
    files: planned.map((p) => p.planned),
    skipped: [...skipped.entries()].sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([reason, s]) => ({ reason, why: SKIP_REASONS[reason], count: s.count, examples: s.examples })),
    other_terms: source.other_terms,
    from_disease_ontology: source.from_disease_ontology,
    disease_ontology_ambiguous: source.disease_ontology_ambiguous,
    not_found: source.not_found,
  };
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}
