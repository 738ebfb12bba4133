// Reads the MONDO registry (domain/diseases/mondo-registry.ts) from a directory holding MONDO's own release
// files: `class-stats.tsv` (the QC report: one row per class with its label; MONDO classes only are kept) and
// every `*.sssom.tsv` mapping set (only skos:exactMatch rows). Synchronous and whole-file: the files are a few
// MB and the registry is read once per process (a few hundred ms; `npm run bench:kg` prints the figure).
import fs from 'node:fs';
import path from 'node:path';
import { MondoRegistry } from '../../domain/diseases/mondo-registry';
import type { Logger } from '../logging/logger';

export const CLASS_LIST_FILE = 'class-stats.tsv';

export class MondoRegistryFileError extends Error {
  override name = 'MondoRegistryFileError';
}

/** The directory's mapping sets, sorted by name (the order cross-references are listed in). */
export function mappingSetFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.sssom.tsv')).sort();
}

function* classRows(file: string): Generator<{ id: string; label: string }> {
  const text = fs.readFileSync(file, 'utf8');
  let start = text.indexOf('\n') + 1;
  const header = text.slice(0, start).trimEnd().split('\t');
  if (header[0] !== 'cls' || header[1] !== 'cls_label') throw new MondoRegistryFileError(`${file}: expected the columns cls, cls_label first, found ${header.slice(0, 2).join(', ')}`);
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    // Only MONDO rows matter; the rest (GO, CHEBI, … imported classes) is skipped without splitting.
    if (text.startsWith('MONDO:', start)) {
      const tab = text.indexOf('\t', start);
      const tab2 = text.indexOf('\t', tab + 1);
      const raw = text.slice(tab + 1, tab2 < 0 || tab2 > end ? end : tab2);
      yield { id: text.slice(start, tab), label: raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw };
    }
    start = end + 1;
  }
}

function* exactRows(file: string): Generator<{ mondo: string; xref: string }> {
  const text = fs.readFileSync(file, 'utf8');
  let columns: { subject: number; predicate: number; object: number } | null = null;
  const cells: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const lineStart = start;
    start = end + 1;
    if (end === lineStart || text.charCodeAt(lineStart) === 35 /* # */) continue;
    // Only the cells up to the last column needed are cut out (no array of every cell per line).
    const wanted = columns ? Math.max(columns.subject, columns.predicate, columns.object) + 1 : Number.POSITIVE_INFINITY;
    cells.length = 0;
    for (let at = lineStart; at <= end && cells.length < wanted;) {
      let tab = text.indexOf('\t', at);
      if (tab < 0 || tab > end) tab = end;
      cells.push(text.slice(at, tab));
      at = tab + 1;
    }
    if (!columns) {
      columns = { subject: cells.indexOf('subject_id'), predicate: cells.indexOf('predicate_id'), object: cells.indexOf('object_id') };
      if (Object.values(columns).some((i) => i < 0)) throw new MondoRegistryFileError(`${file}: the column header lacks subject_id, predicate_id or object_id`);
      continue;
    }
    if (cells[columns.predicate] !== 'skos:exactMatch') continue;
    const subject = cells[columns.subject]!;
    const object = (cells[columns.object] ?? '').trim();
    if (subject.startsWith('MONDO:')) yield { mondo: subject, xref: object };
    else if (object.startsWith('MONDO:')) yield { mondo: object, xref: subject };
  }
}

function* allExactRows(dir: string): Generator<{ mondo: string; xref: string }> {
  for (const file of mappingSetFiles(dir)) yield* exactRows(path.join(dir, file));
}

/** The registry of `dir`; MondoRegistryFileError when the class list is missing or a file is not what it should be. */
export function readMondoRegistry(dir: string): MondoRegistry {
  const classes = path.join(dir, CLASS_LIST_FILE);
  if (!fs.existsSync(classes)) throw new MondoRegistryFileError(`${classes} is missing (MONDO's reports/class-stats.tsv)`);
  return new MondoRegistry(classRows(classes), allExactRows(dir));
}

/** The service's registry: null (and said once in the log) when `dir` holds no class list or cannot be read. */
export function openMondoRegistry(dir: string, logger: Pick<Logger, 'info' | 'warn'>): MondoRegistry | null {
  if (!fs.existsSync(path.join(dir, CLASS_LIST_FILE))) {
    logger.info({ mondo_dir: dir }, 'no MONDO class list: disease ids are the module files only (set MONDO_DIR)');
    return null;
  }
  const started = process.hrtime.bigint();
  try {
    const registry = readMondoRegistry(dir);
    logger.info({ mondo_dir: dir, ms: Number(process.hrtime.bigint() - started) / 1e6, ...registry.counts() }, 'MONDO class registry read');
    return registry;
  } catch (error) {
    logger.warn({ mondo_dir: dir, err: (error as Error).message }, 'MONDO class registry unreadable: disease ids are the module files only');
    return null;
  }
}
