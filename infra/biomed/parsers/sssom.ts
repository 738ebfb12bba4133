// Streaming reader of SSSOM TSV: the "#"-prefixed YAML metadata block, a column header, then one
// mapping per line. The YAML reader understands what SSSOM headers use: top-level "key: value"
// scalars and one level of nested "key: value" maps (curie_map). Anything richer is kept as text.
import { ParseError, readLineBatches } from './line-reader';

export interface SssomRow {
  line: number;
  subjectId: string;
  subjectLabel: string | null;
  predicateId: string;
  objectId: string;
  objectLabel: string | null;
  justification: string | null;
}

export type SssomMeta = Record<string, string | Record<string, string>>;

function unquote(value: string): string {
  const v = value.trim();
  return (v.startsWith('"') && v.endsWith('"')) || (v.startsWith('\'') && v.endsWith('\'')) ? v.slice(1, -1) : v;
}

/** Feeds one metadata line (without "#") into meta; `state.map` is the open nested map, if any. */
function readMetaLine(text: string, meta: SssomMeta, state: { map: Record<string, string> | null }): void {
  if (text.trim() === '') return;
  const indented = /^\s+/.test(text);
  const colon = text.indexOf(':');
  if (colon < 0) return;
  const key = text.slice(0, colon).trim();
  const value = text.slice(colon + 1);
  if (indented && state.map) {
    state.map[key] = unquote(value);
    return;
  }
  if (indented) return; // continuation of a scalar we do not need
  if (value.trim() === '') {
    state.map = {};
    meta[key] = state.map;
  } else {
    state.map = null;
    meta[key] = unquote(value);
  }
}

export async function* parseSssom(path: string, meta: SssomMeta = {}): AsyncGenerator<SssomRow> {
  const state = { map: null as Record<string, string> | null };
  let index: Record<string, number> | null = null;
  let width = 0;
  let lineNo = 0;
  for await (const batch of readLineBatches(path)) for (const line of batch) {
    lineNo++;
    if (line.length === 0) continue;
    if (!index && line.charCodeAt(0) === 35 /* # */) {
      readMetaLine(line.slice(1).replace(/^ /, ''), meta, state);
      continue;
    }
    const cells = line.split('\t');
    if (!index) {
      index = Object.fromEntries(cells.map((name, i) => [name.trim(), i]));
      width = cells.length;
      for (const required of ['subject_id', 'predicate_id', 'object_id']) {
        if (index[required] === undefined) throw new ParseError(path, lineNo, `column header lacks ${required}`);
      }
      continue;
    }
    if (cells.length !== width) throw new ParseError(path, lineNo, `expected ${width} tab-separated columns, found ${cells.length}`);
    const cell = (name: string) => (index![name] === undefined ? null : cells[index![name]!] || null);
    const subjectId = cell('subject_id');
    const predicateId = cell('predicate_id');
    const objectId = cell('object_id');
    if (!subjectId || !predicateId || !objectId) throw new ParseError(path, lineNo, 'subject_id, predicate_id and object_id must not be empty');
    yield {
      line: lineNo, subjectId, predicateId, objectId,
      subjectLabel: cell('subject_label'), objectLabel: cell('object_label'), justification: cell('mapping_justification'),
    };
  }
  if (!index) throw new ParseError(path, lineNo, 'no column header (subject_id ...) found');
}
