// The statistics a trial report states, parsed from free text or a table row (pure):
//   p-values in PubMed's notations: "P < .001", "p=0.03", "P = 1.0×10(-26)", "p=2e-5", "NS" / "n.s.";
//   effect estimates with a confidence interval: "0.76 (0.59–0.98)", "HR 0.76, 95% CI 0.59 to 0.98",
//   "[-1.2, 0.3]", "95% CI: -1.2, 0.3"; the null value is 1 for a ratio (HR, OR, RR, IRR) and 0 for a
//   difference (a named difference, or any interval reaching below zero);
//   per-arm rates: "4.9% vs 6.5%", "98/2006 (4.9%) … 132/2027 (6.5%)", "12.3 versus 10.1".
// Every parse keeps the words it read, so a reader of the result can check it against the sentence.

export interface PValue {
  value: number;
  /** '<' for "p < 0.001", '>' for "p > 0.05", '=' otherwise. */
  bound: '<' | '=' | '>';
  significant: boolean;
  text: string;
}

export interface Interval {
  estimate: number | null;
  lower: number;
  upper: number;
  /** 1 for a ratio, 0 for a difference, null when the text does not say which. */
  nullValue: 1 | 0 | null;
  /** 'excludes' when the whole interval lies on one side of the null value. */
  relation: 'excludes_null' | 'includes_null' | 'unknown';
  /** Where the interval lies: above or below the null value (when it excludes it). */
  side: 'above' | 'below' | null;
  text: string;
}

export interface ArmValues {
  first: number;
  second: number;
  text: string;
}

export interface ParsedStatistics {
  pValues: PValue[];
  intervals: Interval[];
  /** Two values compared in order of mention (rates, means). */
  armValues: ArmValues | null;
  /** "NS", "n.s.", "not significant" without a number. */
  statedNotSignificant: boolean;
}

export const ALPHA = 0.05;

const NUMBER = String.raw`[-−–]?\d*\.?\d+`;
// p, then an operator, then a number with an optional exponent: "×10(-26)", "x 10^-5", "e-5", "·10−4".
const P_VALUE = new RegExp(
  String.raw`\bp\s*(?:-?\s*values?)?\s*(<=|>=|≤|≥|<|>|=|&lt;|&gt;)\s*(\d*\.?\d+)(?:\s*[×x*·]\s*10\s*(?:\^|\()?\s*([-−–]?\s*\d+)\s*\)?|[eE]\s*([-−–]?\d+))?`,
  'gi',
);
const NOT_SIGNIFICANT = /\b(?:NS|n\.s\.?)(?=[\s,;.)\]]|$)|\bnot (?:statistically )?significant\b|\bnon-?significant\b/;
const RATIO_WORD = /\b(?:hazard ratio|odds ratio|risk ratio|rate ratio|relative risk|relative rate|ratio|HR|OR|RR|IRR|aOR|aHR|sHR)\b/i;
const DIFFERENCE_WORD = /\b(?:difference|MD|WMD|SMD|mean change|change from baseline|risk difference|ARD|ARR)\b/i;
// An estimate then its interval in brackets/parentheses, or "CI" then the interval.
const BRACKETED = new RegExp(
  String.raw`(?:(${NUMBER})\s*%?\s*)?[([]\s*(?:95\s*%\s*(?:CI|confidence interval)\s*[,:=]?\s*)?(${NUMBER})\s*%?\s*(?:-|–|—|to|,|;)\s*(${NUMBER})\s*%?\s*[)\]]`,
  'g',
);
const CI_WORDED = new RegExp(
  String.raw`(?:(${NUMBER})\s*[,;(]?\s*)?(?:\d{2}\s*%\s*)?(?:CI|confidence interval)s?(?:\s*\(CI\))?\s*[,:=]?\s*(?:of\s*|was\s*|from\s*)?[([]?\s*(${NUMBER})\s*%?\s*(?:-|–|—|to|,|;)\s*(${NUMBER})`,
  'gi',
);
const NOT_AN_INTERVAL_BEFORE = /\b(?:range|IQR|interquartile|aged?|years|SD|s\.d\.|SE|n\s*=)\s*[:=]?\s*[\d.]*\s*$/i;
const PERCENT_PAIR = /(\d+(?:\.\d+)?)\s*%[^%]{0,80}?\b(?:vs\.?|versus|compared (?:with|to)|and|to)\b[^%\d]{0,40}(\d+(?:\.\d+)?)\s*%/i;
const VALUE_PAIR = /(\d+(?:\.\d+)?)\s*(?:[a-zA-Z/%]+\s*){0,2}\s*(?:vs\.?|versus)\s*(\d+(?:\.\d+)?)/i;
const COUNT_RATE = /\d+\s*\/\s*\d+\s*\(\s*(\d+(?:\.\d+)?)\s*%?\s*\)/g;

function num(text: string): number {
  return Number(text.replace(/[−–]/g, '-').replace(/\s+/g, ''));
}

export function parsePValues(text: string): PValue[] {
  const out: PValue[] = [];
  for (const m of text.matchAll(P_VALUE)) {
    const op = m[1]!.replace('&lt;', '<').replace('&gt;', '>');
    const exponent = m[3] ?? m[4];
    let value = Number(m[2]);
    if (exponent !== undefined) value *= 10 ** num(exponent);
    if (!Number.isFinite(value) || value < 0 || value > 1) continue;
    const bound = op.startsWith('<') || op === '≤' ? '<' : op.startsWith('>') || op === '≥' ? '>' : '=';
    const significant = bound === '<' ? value <= ALPHA : bound === '=' ? value < ALPHA : false;
    out.push({ value, bound, significant, text: m[0] });
  }
  return out;
}

function nullValueFor(context: string, lower: number): 1 | 0 | null {
  if (RATIO_WORD.test(context)) return 1;
  if (DIFFERENCE_WORD.test(context) || lower < 0) return 0;
  return null;
}

function interval(estimate: number | null, lower: number, upper: number, context: string, text: string): Interval | null {
  if (!Number.isFinite(lower) || !Number.isFinite(upper) || lower > upper) return null;
  if (estimate !== null && (estimate < lower || estimate > upper)) estimate = null;
  const nullValue = nullValueFor(context, lower);
  if (nullValue === null) return { estimate, lower, upper, nullValue, relation: 'unknown', side: null, text };
  const excludes = lower > nullValue || upper < nullValue;
  return { estimate, lower, upper, nullValue, relation: excludes ? 'excludes_null' : 'includes_null', side: excludes ? (lower > nullValue ? 'above' : 'below') : null, text };
}

export function parseIntervals(text: string): Interval[] {
  const out: Interval[] = [];
  const seen = new Set<number>();
  for (const re of [CI_WORDED, BRACKETED]) {
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      if (seen.has(at)) continue;
      const before = text.slice(Math.max(0, at - 40), at);
      if (NOT_AN_INTERVAL_BEFORE.test(before + (m[1] ?? ''))) continue;
      const context = text.slice(Math.max(0, at - 60), at + m[0].length);
      const found = interval(m[1] !== undefined ? num(m[1]) : null, num(m[2]!), num(m[3]!), context, m[0]);
      if (found) { out.push(found); seen.add(at); }
    }
  }
  return out;
}

export function parseArmValues(text: string): ArmValues | null {
  const rates = [...text.matchAll(COUNT_RATE)];
  if (rates.length >= 2) return { first: Number(rates[0]![1]), second: Number(rates[1]![1]), text: `${rates[0]![0]} … ${rates[1]![0]}` };
  const pct = PERCENT_PAIR.exec(text);
  if (pct) return { first: Number(pct[1]), second: Number(pct[2]), text: pct[0] };
  const pair = VALUE_PAIR.exec(text);
  if (pair) return { first: Number(pair[1]), second: Number(pair[2]), text: pair[0] };
  return null;
}

/** A table row ("Outcome\n96/2212 (4.3%)\n115/2235 (5.1%)\n0.85 (0.65-1.12)\n0.20"): its last cell as a p-value. */
export function tableRowPValue(text: string): PValue | null {
  const cells = text.split(/\n|\t/).map((c) => c.trim()).filter(Boolean);
  if (cells.length < 3) return null;
  const last = cells[cells.length - 1]!;
  const m = /^(<|>|≤|≥)?\s*(0?\.\d+|1(?:\.0+)?|0)\s*[*†‡§]*$/.exec(last);
  if (!m) return null;
  const value = Number(m[2]);
  const bound = m[1] === '<' || m[1] === '≤' ? '<' : m[1] === '>' || m[1] === '≥' ? '>' : '=';
  return { value, bound, significant: bound === '<' ? value <= ALPHA : bound === '=' ? value < ALPHA : false, text: last };
}

export function parseStatistics(raw: string): ParsedStatistics {
  // The Lancet's decimal point: "0·54 (0·36 to 0·82), P = 0·004".
  const text = raw.replace(/(\d)·(\d)/g, '$1.$2');
  const pValues = parsePValues(text);
  if (pValues.length === 0) {
    const row = tableRowPValue(text);
    if (row) pValues.push(row);
  }
  return { pValues, intervals: parseIntervals(text), armValues: parseArmValues(text), statedNotSignificant: NOT_SIGNIFICANT.test(text) };
}
