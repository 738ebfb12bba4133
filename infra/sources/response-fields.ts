// Reading provider answers (the helpers every adapter and literature parser shares): typed fields of parsed
// JSON/XML, snippets and whole texts, and dates in the service's YYYY-MM-DD form.
import { ProviderError } from './source-adapter';

/** The error every parser throws for a body of the wrong shape. */
export function malformed(detail?: string): ProviderError {
  return new ProviderError(detail ? `malformed response: ${detail}` : 'malformed response', false);
}

/** A provider's (or the offline corpus's) JSON body; anything else is a malformed response. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw malformed('not JSON');
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field, trimmed; undefined when absent or not a string/number. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** An array field (anything else, including absent, is []). */
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The whole text for outcome reading (SourceRecord.fullText): whitespace collapsed, bounded; undefined when the snippet holds it all. */
export function fullText(text: string | undefined, max = 20_000): string | undefined {
  const whole = (text ?? '').replace(/\s+/g, ' ').trim();
  return whole.length > 600 ? whole.slice(0, max) : undefined;
}

/** Whitespace collapsed, cut to max characters at a word boundary (SourceRecord.text is ~600). */
export function snippet(text: string | undefined, max = 600): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** YYYY-MM-DD from parts (month as number or English name; missing month/day -> 01), or null. */
export function isoDate(year: unknown, month?: unknown, day?: unknown): string | null {
  const y = Number(str(year));
  if (!Number.isInteger(y) || y < 1000 || y > 9999) return null;
  let m = 1;
  const monthText = str(month);
  if (monthText) {
    const named = MONTHS.indexOf(monthText.slice(0, 3).toLowerCase());
    m = named >= 0 ? named + 1 : Number(monthText);
    if (!Number.isInteger(m) || m < 1 || m > 12) m = 1;
  }
  let d = Number(str(day) ?? 1);
  if (!Number.isInteger(d) || d < 1 || d > 31) d = 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** 'YYYY', 'YYYY-MM', 'YYYY-MM-DD' or 'YYYYMMDD' -> YYYY-MM-DD, else null. */
export function normalizeDate(value: unknown): string | null {
  const text = str(value);
  if (!text) return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return isoDate(compact[1], compact[2], compact[3]);
  const dashed = /^(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?/.exec(text);
  return dashed ? isoDate(dashed[1], dashed[2], dashed[3]) : null;
}

/** YYYY-MM-DD -> YYYYMMDD, YYYY/MM/DD etc. for provider date parameters. */
export function compactDate(value: string, separator = ''): string {
  return value.slice(0, 10).split('-').join(separator);
}
