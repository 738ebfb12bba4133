// Streaming OBO 1.4 reader: header tag-values, then one object per [Term] stanza (other stanza kinds
// are counted and skipped). Reads the tags the store keeps: id, name, def, synonym, is_a, xref,
// alt_id, is_obsolete, replaced_by. Trailing "! comments" and "{modifiers}" are split off per spec.
import { ParseError, readLineBatches } from './line-reader';

export type SynonymScope = 'EXACT' | 'RELATED' | 'BROAD' | 'NARROW';

export interface OboSynonym { text: string; scope: SynonymScope; type: string | null }
export interface OboXref { id: string; source: string | null }

export interface OboTerm {
  id: string;
  name: string | null;
  def: string | null;
  synonyms: OboSynonym[];
  /** Parents with the line of their is_a tag (the source record of the IS_A claim). */
  isA: { id: string; line: number }[];
  xrefs: OboXref[];
  altIds: string[];
  replacedBy: string[];
  obsolete: boolean;
  /** Line of the stanza's [Term] header: the source record reference of everything it yields. */
  line: number;
}

export interface OboHeader {
  formatVersion: string | null;
  dataVersion: string | null;
  ontology: string | null;
}

export interface OboStats { terms: number; otherStanzas: number; lines: number }

const SCOPES = new Set(['EXACT', 'RELATED', 'BROAD', 'NARROW']);

/** The value without its trailing comment and modifiers, and the modifiers' text. */
export function splitValue(raw: string): { value: string; modifiers: string | null } {
  let inQuote = false;
  let end = raw.length;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 92 /* \ */) { i++; continue; }
    if (c === 34 /* " */) inQuote = !inQuote;
    else if (c === 33 /* ! */ && !inQuote) { end = i; break; }
  }
  let value = raw.slice(0, end).trimEnd();
  let modifiers: string | null = null;
  if (value.endsWith('}')) {
    const open = value.lastIndexOf('{');
    if (open >= 0 && !insideQuote(value, open)) {
      modifiers = value.slice(open + 1, -1);
      value = value.slice(0, open).trimEnd();
    }
  }
  return { value, modifiers };
}

function insideQuote(text: string, at: number): boolean {
  let inQuote = false;
  for (let i = 0; i < at; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) { i++; continue; }
    if (c === 34) inQuote = !inQuote;
  }
  return inQuote;
}

/** Reads a leading "quoted string" (OBO escapes undone); rest is what follows it. */
export function readQuoted(value: string): { text: string; rest: string } | null {
  if (!value.startsWith('"')) return null;
  let text = '';
  for (let i = 1; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      const next = value[++i]!;
      text += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'W' ? ' ' : next;
    } else if (c === '"') {
      return { text, rest: value.slice(i + 1).trim() };
    } else {
      text += c;
    }
  }
  return null;
}

function modifierValue(modifiers: string | null, key: string): string | null {
  if (!modifiers) return null;
  const match = new RegExp(`(?:^|[,\\s])${key}\\s*=\\s*"([^"]*)"`).exec(modifiers);
  return match ? match[1]! : null;
}

function firstToken(value: string): string {
  const space = value.search(/\s/);
  return space < 0 ? value : value.slice(0, space);
}

function newTerm(line: number): OboTerm {
  return { id: '', name: null, def: null, synonyms: [], isA: [], xrefs: [], altIds: [], replacedBy: [], obsolete: false, line };
}

export interface OboReadOptions {
  onHeader?: (header: OboHeader) => void;
}

export async function* parseObo(path: string, stats: OboStats = { terms: 0, otherStanzas: 0, lines: 0 }, options: OboReadOptions = {}): AsyncGenerator<OboTerm> {
  const header: OboHeader = { formatVersion: null, dataVersion: null, ontology: null };
  let inHeader = true;
  let term: OboTerm | null = null;
  let lineNo = 0;
  for await (const batch of readLineBatches(path)) for (const line of batch) {
    lineNo++;
    if (line.length === 0 || line.charCodeAt(0) === 33 /* ! */) continue;
    if (line.charCodeAt(0) === 91 /* [ */) {
      if (inHeader) { inHeader = false; options.onHeader?.(header); }
      if (term) { yield finish(term, path); term = null; }
      const kind = line.trim();
      if (kind === '[Term]') { term = newTerm(lineNo); stats.terms++; } else stats.otherStanzas++;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const tag = line.slice(0, colon);
    const raw = line.slice(colon + 1).trim();
    if (inHeader) {
      if (tag === 'format-version') header.formatVersion = raw;
      else if (tag === 'data-version') header.dataVersion = raw;
      else if (tag === 'ontology') header.ontology = raw;
      continue;
    }
    if (term) readTermTag(term, tag, raw, path, lineNo);
  }
  if (inHeader) options.onHeader?.(header);
  if (term) yield finish(term, path);
  stats.lines = lineNo;
}

function finish(term: OboTerm, path: string): OboTerm {
  if (!term.id) throw new ParseError(path, term.line, '[Term] stanza without an id');
  return term;
}

function readTermTag(term: OboTerm, tag: string, raw: string, path: string, lineNo: number): void {
  switch (tag) {
    case 'id': term.id = splitValue(raw).value; return;
    case 'name': term.name = splitValue(raw).value; return;
    case 'is_a': term.isA.push({ id: firstToken(splitValue(raw).value), line: lineNo }); return;
    case 'is_obsolete': term.obsolete = splitValue(raw).value === 'true'; return;
    case 'replaced_by': term.replacedBy.push(firstToken(splitValue(raw).value)); return;
    case 'alt_id': term.altIds.push(firstToken(splitValue(raw).value)); return;
    case 'def': {
      const quoted = readQuoted(raw);
      if (!quoted) throw new ParseError(path, lineNo, 'def without a quoted text');
      term.def = quoted.text;
      return;
    }
    case 'synonym': {
      const quoted = readQuoted(raw);
      if (!quoted) throw new ParseError(path, lineNo, 'synonym without a quoted text');
      const { value } = splitValue(quoted.rest);
      const [scope, type] = value.split(/\s+/);
      if (!scope || !SCOPES.has(scope)) throw new ParseError(path, lineNo, `synonym scope "${scope ?? ''}" is not EXACT, RELATED, BROAD or NARROW`);
      term.synonyms.push({ text: quoted.text, scope: scope as SynonymScope, type: type && !type.startsWith('[') ? type : null });
      return;
    }
    case 'xref': {
      const { value, modifiers } = splitValue(raw);
      const id = firstToken(value);
      if (id) term.xrefs.push({ id, source: modifierValue(modifiers, 'source') });
      return;
    }
    default:
  }
}
