// The disease registry: every disease module discovered in a directory (one JSON file each, default
// fixtures/diseases/), read ONCE at start and validated against diseaseModuleSchema. Requests never
// touch the files: lookups are O(1) on an id index, the type-ahead is a binary search over a sorted,
// precomputed term index. Invalid modules stay listed (with what is wrong) but are not usable: asking
// for one throws `incomplete disease configuration`, before any evidence work.
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { DiseaseModule, diseaseModuleSchema } from '../../domain/diseases/disease-module';
import { discoverModule } from '../../domain/diseases/discovered-module';
import { DISEASE_MODULE_ID } from '../../domain/diseases/disease-id-patterns';
import type { MondoRegistry } from '../../domain/diseases/mondo-registry';
import { SOURCE_NAMES, SourceName } from '../../domain/workspace/sources';

/** fixtures/diseases at the project root (this file runs from dist/infra/diseases/). */
export const DEFAULT_DISEASES_DIR = path.resolve(__dirname, '../../../fixtures/diseases');

/** Where `evidence disease discover` writes by default, and the runtime reads discovered modules from. */
export function discoveredModulesDir(dataDir: string): string {
  return path.join(dataDir, 'disease-modules');
}

/** The module exists but lacks required configuration (or is not even valid JSON). */
export class IncompleteDiseaseConfigurationError extends Error {
  override name = 'IncompleteDiseaseConfigurationError';
  /** For the HTTP error handler: a request naming it cannot be served. */
  readonly status = 422;
  constructor(readonly diseaseId: string, readonly problems: readonly string[]) {
    super(`incomplete disease configuration: ${diseaseId}: ${problems.join('; ')}`);
  }
}

/** No module with this id was discovered. */
export class UnknownDiseaseError extends Error {
  override name = 'UnknownDiseaseError';
  readonly status = 422;
  constructor(readonly diseaseId: string) {
    super(`unknown disease: ${diseaseId} is not a discovered disease module`);
  }
}

/** One discovered module file, valid or not. */
export interface DiseaseEntry {
  /** The module's id; for a file whose id cannot be read, the file name without .json. */
  readonly id: string;
  /** File name inside the registry directory (or a label for in-memory modules). */
  readonly file: string;
  readonly valid: boolean;
  /** Empty when valid. */
  readonly problems: readonly string[];
  /** Present only when valid. */
  readonly module: DiseaseModule | undefined;
  /** What could be read of the descriptive fields, also for invalid modules (for listings). */
  readonly summary: DiseaseSummary;
}

export interface DiseaseSummary {
  id: string;
  name: string | null;
  synonyms: string[];
  mondo_id: string | null;
  efo_id: string | null;
  /** Sources with a search configuration, in SOURCE_NAMES order. */
  sources_configured: SourceName[];
  valid: boolean;
}

export interface DiseaseCounts {
  total: number;
  valid: number;
  invalid: number;
}

export interface InvalidDisease {
  id: string;
  file: string;
  problems: string[];
}

export interface DiseaseValidationReport {
  dir: string;
  counts: DiseaseCounts;
  /** Every module file, sorted by id then file. */
  modules: { id: string; file: string; valid: boolean; problems: string[] }[];
}

let validator: ValidateFunction | undefined;
function validateModule(value: unknown): ErrorObject[] {
  validator ??= new Ajv2020({ allErrors: true, strict: false }).compile(diseaseModuleSchema as unknown as object);
  return validator(value) ? [] : [...(validator.errors ?? [])];
}

/** "search.pubmed is required", "mondo_id must match pattern ...", "extra is not an accepted field". */
function describeProblem(error: ErrorObject): string {
  const parts = error.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push((error.params as { missingProperty: string }).missingProperty);
  if (error.keyword === 'additionalProperties') parts.push((error.params as { additionalProperty: string }).additionalProperty);
  const where = parts.length > 0 ? parts.join('.') : 'module';
  const what = error.keyword === 'required' ? 'is required'
    : error.keyword === 'additionalProperties' ? 'is not an accepted field'
    : error.message ?? 'is invalid';
  return `${where} ${what}`;
}

/** The `file` of a module made from the MONDO class registry rather than read from a file. */
const CLASS_LIST_NOTE = 'mondo class registry: ';

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function summarize(id: string, value: unknown, valid: boolean): DiseaseSummary {
  const raw = value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {};
  const search = raw.search && typeof raw.search === 'object' && !Array.isArray(raw.search) ? raw.search as Record<string, unknown> : {};
  return {
    id,
    name: typeof raw.name === 'string' ? raw.name : null,
    synonyms: strings(raw.synonyms),
    mondo_id: typeof raw.mondo_id === 'string' ? raw.mondo_id : null,
    efo_id: typeof raw.efo_id === 'string' ? raw.efo_id : null,
    sources_configured: SOURCE_NAMES.filter((s) => search[s] !== undefined && search[s] !== null),
    valid,
  };
}

/** Validates one parsed module; `fallbackId` names it when it has no usable id of its own. */
function toEntry(value: unknown, file: string, fallbackId: string, parseError?: string): DiseaseEntry {
  const ownId = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  const id = typeof ownId === 'string' && DISEASE_MODULE_ID.test(ownId) ? ownId : fallbackId;
  const problems = parseError ? [parseError] : [...new Set(validateModule(value).map(describeProblem))];
  const valid = problems.length === 0;
  return { id, file, valid, problems, module: valid ? value as DiseaseModule : undefined, summary: summarize(id, parseError ? undefined : value, valid) };
}

/** Lower-cased, accents folded, whitespace collapsed: the form terms are indexed and searched in. */
function searchKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** First index in a sorted array whose key is >= prefix. */
function lowerBound(keys: readonly { key: string }[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface IndexedTerm {
  key: string;
  /** Index into the entries array. */
  entry: number;
}

export class DiseaseRegistry {
  /** Sorted by id, then file. */
  private readonly entries: readonly DiseaseEntry[];
  /** id -> the entry requests use (the valid one when a duplicate id exists). */
  private readonly byId = new Map<string, DiseaseEntry>();
  private readonly sortedIds: readonly string[];
  /** Whole ids, names and synonyms, sorted by key. */
  private readonly terms: IndexedTerm[] = [];
  /** Each later word of a name or synonym ("lupus" in "systemic lupus erythematosus"), sorted by key. */
  private readonly words: IndexedTerm[] = [];
  private readonly tally: DiseaseCounts;
  /** The MONDO class registry, read on first use (null: none configured or unreadable). */
  private mondo: MondoRegistry | null | undefined = null;
  private loadMondo: (() => MondoRegistry | null) | undefined;
  /** Modules made from MONDO registry classes on first request (`mondo_<7 digits>` without a module file). */
  private readonly fromMondo = new Map<string, DiseaseEntry | null>();

  private constructor(entries: DiseaseEntry[], readonly source: string) {
    entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    // A duplicate id: the first valid file (by name) serves it; the others are reported.
    const primary = new Map<string, DiseaseEntry>();
    for (const entry of entries) {
      const current = primary.get(entry.id);
      if (!current || (!current.valid && entry.valid)) primary.set(entry.id, entry);
    }
    this.entries = entries.map((entry) => {
      const owner = primary.get(entry.id)!;
      if (owner === entry) return entry;
      const problem = `duplicate id: ${entry.id} is also defined in ${owner.file}`;
      return { ...entry, valid: false, module: undefined, problems: [...entry.problems, problem], summary: { ...entry.summary, valid: false } };
    });
    for (const entry of this.entries) if (primary.get(entry.id) === entry) this.byId.set(entry.id, entry);
    this.sortedIds = [...this.byId.keys()];

    this.entries.forEach((entry, index) => {
      if (primary.get(entry.id) !== entry) return;
      const seen = new Set<string>();
      const addTerm = (text: string) => {
        const key = searchKey(text);
        if (!key || seen.has(key)) return;
        seen.add(key);
        this.terms.push({ key, entry: index });
      };
      addTerm(entry.id);
      for (const text of [entry.summary.name ?? '', ...entry.summary.synonyms]) {
        addTerm(text);
        const key = searchKey(text);
        for (const match of key.matchAll(/[\s\-/(,]+(?=[\p{L}\p{N}])/gu)) {
          const word = key.slice(match.index + match[0].length);
          if (!seen.has(`word:${word}`)) {
            seen.add(`word:${word}`);
            this.words.push({ key: word, entry: index });
          }
        }
      }
    });
    const byKey = (a: IndexedTerm, b: IndexedTerm) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.entry - b.entry);
    this.terms.sort(byKey);
    this.words.sort(byKey);

    const valid = this.entries.filter((e) => e.valid).length;
    this.tally = { total: this.entries.length, valid, invalid: this.entries.length - valid };
  }

  /**
   * Reads every *.json file of `dir` once (streaming the directory listing) and validates each module.
   * Throws only when the directory itself cannot be read; bad modules are recorded, not thrown.
   */
  static load(dir: string = DEFAULT_DISEASES_DIR): DiseaseRegistry {
    return new DiseaseRegistry(readDirectory(path.resolve(dir)), path.resolve(dir));
  }

  /**
   * The curated modules plus those `evidence disease discover` wrote (DATA_DIR/disease-modules): every
   * directory that exists, in order; an id already taken by an earlier directory is recorded as invalid
   * (discovered ids are mondo_<digits> and cannot take a curated one).
   */
  static loadAll(dirs: readonly string[]): DiseaseRegistry {
    const present = dirs.map((d) => path.resolve(d)).filter((d, i) => i === 0 || fs.existsSync(d));
    const seen = new Set<string>();
    const entries: DiseaseEntry[] = [];
    for (const dir of present) {
      for (const entry of readDirectory(dir)) {
        if (seen.has(entry.id)) {
          entries.push({ ...entry, valid: false, module: undefined, problems: [`id ${entry.id} is already a module of an earlier directory (${path.basename(dir)}/${entry.file})`] });
          continue;
        }
        seen.add(entry.id);
        entries.push(entry);
      }
    }
    return new DiseaseRegistry(entries, present.join(path.delimiter));
  }


  /** A registry over modules already in memory (tests, generated registries). */
  static fromModules(modules: readonly unknown[], source = 'memory'): DiseaseRegistry {
    return new DiseaseRegistry(modules.map((value, i) => toEntry(value, `#${i}`, `module_${i}`)), source);
  }

  /**
   * Adds MONDO's own class registry (every live class with an exact searchable cross-reference), read by
   * `load` on first use so processes that never ask pay nothing. Module files keep precedence.
   */
  withMondo(load: () => MondoRegistry | null): this {
    this.mondo = undefined;
    this.loadMondo = load;
    return this;
  }

  /** The MONDO class registry, or null when none is configured. */
  mondoRegistry(): MondoRegistry | null {
    if (this.mondo === undefined) this.mondo = this.loadMondo?.() ?? null;
    return this.mondo;
  }

  /**
   * The exact MONDO id of a disease id or CURIE: a module's MONDO id, a MONDO class of the registry
   * (`MONDO:0005301` or `mondo_0005301`), or the one live class a cross-reference (EFO/DOID/MeSH/OMIM/Orphanet)
   * is an exact match of. Undefined when there is none (or several: never a guess).
   */
  exactMondo(idOrCurie: string): string | undefined {
    const module = this.byId.get(idOrCurie)?.module;
    if (module) return module.mondo_id;
    return this.mondoRegistry()?.resolve(idOrCurie);
  }

  /** A module file's entry, else a module made from the MONDO class `mondo_<7 digits>` when it has exactly one exact EFO match. */
  private lookup(id: string): DiseaseEntry | undefined {
    const entry = this.byId.get(id);
    if (entry || !/^mondo_\d{7}$/.test(id)) return entry;
    if (!this.fromMondo.has(id)) {
      const cls = this.mondoRegistry()?.get(id);
      const outcome = cls ? discoverModule({ curie: cls.id, label: cls.label, synonyms: [], obsolete: false, exactMappings: cls.xrefs }) : null;
      this.fromMondo.set(id, outcome?.complete ? toEntry(outcome.module, `${CLASS_LIST_NOTE}${cls!.id}`, id) : null);
    }
    return this.fromMondo.get(id) ?? undefined;
  }

  /** The usable module, or undefined when absent or invalid. */
  get(id: string): DiseaseModule | undefined {
    return this.lookup(id)?.module;
  }

  /** The usable module; UnknownDiseaseError when absent, IncompleteDiseaseConfigurationError when invalid. */
  require(id: string): DiseaseModule {
    const entry = this.lookup(id);
    if (!entry) throw new UnknownDiseaseError(id);
    if (!entry.module) throw new IncompleteDiseaseConfigurationError(id, entry.problems);
    return entry.module;
  }

  /** Whether the id was discovered (valid or not). */
  has(id: string): boolean {
    return this.lookup(id) !== undefined;
  }

  /** The discovered module entry for an id (valid or not); `mondo_<7 digits>` may come from the MONDO registry. */
  entry(id: string): DiseaseEntry | undefined {
    return this.lookup(id);
  }

  /** Every discovered id (valid or not), sorted. */
  ids(): readonly string[] {
    return this.sortedIds;
  }

  /** Ids of the usable modules, sorted. */
  validIds(): string[] {
    return this.sortedIds.filter((id) => this.byId.get(id)!.valid);
  }

  /** One per module file (a duplicate id counts as an invalid module). */
  counts(): DiseaseCounts {
    return { ...this.tally };
  }

  invalid(): InvalidDisease[] {
    return this.entries.filter((e) => !e.valid).map((e) => ({ id: e.id, file: e.file, problems: [...e.problems] }));
  }

  /** Every module file, sorted by id then file; `offset`/`limit` page through them. */
  list(offset = 0, limit = Number.POSITIVE_INFINITY): readonly DiseaseEntry[] {
    return this.entries.slice(offset, offset + limit);
  }

  /**
   * Type-ahead: modules whose id, name or a synonym starts with `prefix` (case- and accent-insensitive),
   * ranked by that term; then modules where a later word of the name or a synonym starts with it.
   * Invalid modules are included (callers see `valid`). An empty prefix lists by id.
   */
  search(prefix: string, limit = 20): DiseaseEntry[] {
    if (limit <= 0) return [];
    const key = searchKey(prefix);
    if (!key) return this.sortedIds.slice(0, limit).map((id) => this.byId.get(id)!);
    const found: DiseaseEntry[] = [];
    const taken = new Set<number>();
    for (const index of [this.terms, this.words]) {
      for (let i = lowerBound(index, key); i < index.length && found.length < limit; i++) {
        const term = index[i]!;
        if (!term.key.startsWith(key)) break;
        if (taken.has(term.entry)) continue;
        taken.add(term.entry);
        found.push(this.entries[term.entry]!);
      }
    }
    return found;
  }

  /** The report `evidence disease validate` prints. */
  report(): DiseaseValidationReport {
    return {
      dir: this.source,
      counts: this.counts(),
      modules: this.entries.map((e) => ({ id: e.id, file: e.file, valid: e.valid, problems: [...e.problems] })),
    };
  }
}

function readModuleFile(dir: string, file: string): DiseaseEntry {
  const fallbackId = file.slice(0, -'.json'.length);
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, file), 'utf8');
  } catch (error) {
    return toEntry(undefined, file, fallbackId, `file cannot be read: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return toEntry(undefined, file, fallbackId, `not valid JSON: ${(error as Error).message}`);
  }
  return toEntry(value, file, fallbackId);
}

/** Loads and validates every module of `dir` (default fixtures/diseases) for the CLI. */
/** Every *.json module of one directory (streaming the listing), validated; throws only when the directory cannot be read. */
function readDirectory(resolved: string): DiseaseEntry[] {
  let handle: fs.Dir;
  try {
    handle = fs.opendirSync(resolved);
  } catch (error) {
    throw new Error(`disease module directory ${resolved} cannot be read: ${(error as Error).message}`);
  }
  const entries: DiseaseEntry[] = [];
  try {
    for (let dirent = handle.readSync(); dirent; dirent = handle.readSync()) {
      if (!dirent.name.endsWith('.json') || !(dirent.isFile() || dirent.isSymbolicLink())) continue;
      entries.push(readModuleFile(resolved, dirent.name));
    }
  } finally {
    handle.closeSync();
  }
  return entries;
}

export function validateDirectory(dir: string = DEFAULT_DISEASES_DIR): DiseaseValidationReport {
  return DiseaseRegistry.load(dir).report();
}
