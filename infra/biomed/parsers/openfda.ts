// Streaming reader of openFDA files, one record at a time:
// - JSON (.json[.gz]): the download form {"meta": ..., "results": [...]} (results streamed one by one
//   with stream-json), a top-level array of records, or one record object (e.g. a single FAERS event);
// - JSON Lines (.jsonl[.gz] / .ndjson[.gz]): one record per line (the harmonization table), each line
//   parsed on its own.
// Each record is told apart by its own fields: a FAERS event has `patient` / `safetyreportid`, a drug
// label `set_id` (+ sections such as indications_and_usage), a harmonization row `spl_set_id`.
import { JsonFormatError, jsonValuesAt } from './json-stream';
import { ParseError, readLineBatches } from './line-reader';

export type OpenfdaKind = 'event' | 'label' | 'product' | 'unknown';
export type JsonObject = Record<string, unknown>;

export interface OpenfdaRecord {
  kind: OpenfdaKind;
  value: JsonObject;
  /** Line of a JSON Lines record, or the record's ordinal (1-based) in a JSON file. */
  line: number;
}

export interface OpenfdaMeta { form?: 'download' | 'array' | 'single' | 'jsonl'; lastUpdated?: string; disclaimer?: string }

export function kindOf(record: JsonObject): OpenfdaKind {
  if ('patient' in record || 'safetyreportid' in record) return 'event';
  if ('spl_set_id' in record) return 'product';
  if ('set_id' in record) return 'label';
  return 'unknown';
}

export const isJsonLines = (path: string) => /\.(jsonl|ndjson)(\.gz)?$/i.test(path);

function asObject(value: unknown, path: string, where: string): JsonObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new JsonFormatError(path, `${where} is not a JSON object`);
  return value as JsonObject;
}

async function* parseJsonLines(path: string, meta: OpenfdaMeta): AsyncGenerator<OpenfdaRecord> {
  meta.form = 'jsonl';
  let lineNo = 0;
  for await (const batch of readLineBatches(path)) for (const line of batch) {
    lineNo++;
    if (line.trim().length === 0) continue;
    let value: unknown;
    try { value = JSON.parse(line); } catch (error) {
      throw new ParseError(path, lineNo, `not a JSON value (${error instanceof Error ? error.message : String(error)})`);
    }
    const record = asObject(value, path, `line ${lineNo}`);
    yield { kind: kindOf(record), value: record, line: lineNo };
  }
}

async function* parseJson(path: string, meta: OpenfdaMeta): AsyncGenerator<OpenfdaRecord> {
  const single: JsonObject = {};
  let ordinal = 0;
  let sawResults = false;
  // results[i] and root array items are records; any other top-level key is kept (meta, or the fields
  // of a single record) one value at a time.
  for await (const { path: at, value } of jsonValuesAt(path, (p) => (p.length === 2 && p[0] === 'results')
    || (p.length === 1 && (typeof p[0] === 'number' || p[0] !== 'results')))) {
    if (at.length === 2 || typeof at[0] === 'number') {
      ordinal++;
      meta.form ??= at.length === 2 ? 'download' : 'array';
      sawResults = true;
      const record = asObject(value, path, `record ${ordinal}`);
      yield { kind: kindOf(record), value: record, line: ordinal };
    } else {
      single[at[0] as string] = value;
    }
  }
  const header = single.meta as { last_updated?: unknown; disclaimer?: unknown } | undefined;
  if (header && typeof header === 'object') {
    if (typeof header.last_updated === 'string') meta.lastUpdated = header.last_updated;
    if (typeof header.disclaimer === 'string') meta.disclaimer = header.disclaimer;
  }
  if (sawResults || meta.form === 'download') return;
  const kind = kindOf(single);
  if (kind === 'unknown') throw new JsonFormatError(path, 'not an openFDA file: no "results" array, and not one event or label record');
  meta.form = 'single';
  yield { kind, value: single, line: 1 };
}

export function parseOpenfda(path: string, meta: OpenfdaMeta = {}): AsyncGenerator<OpenfdaRecord> {
  return isJsonLines(path) ? parseJsonLines(path, meta) : parseJson(path, meta);
}
