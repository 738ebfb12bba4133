// Use case: read one trial-result statement (`evidence effect read`, one JSON Lines item). Input
// `{evidence, intervention?, comparator?, outcome?}`; output the reader's label (increased / decreased /
// no_difference / none), its explanation, and the outcome's polarity and favourability. An item that is not
// such an object gets label "none" and an `error`, so the output keeps one line per input, in order.
import { readEffect } from '../../domain/effects/default-reader';
import type { EffectReading } from '../../domain/effects/effect-reader';
import { favourability, outcomePolarity, type Favourability, type OutcomePolarity } from '../../domain/effects/outcome-polarity';

export interface EffectReadResult extends Partial<EffectReading> {
  label: EffectReading['label'];
  polarity?: OutcomePolarity;
  favourability?: Favourability;
  error?: string;
}

const OPTIONAL = ['intervention', 'comparator', 'outcome'] as const;

export function readEffectItem(item: unknown): EffectReadResult {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return { label: 'none', error: 'each line must be a JSON object with "evidence"' };
  const record = item as Record<string, unknown>;
  if (typeof record.evidence !== 'string') return { label: 'none', error: '"evidence" must be a string' };
  for (const key of OPTIONAL) {
    if (record[key] !== undefined && record[key] !== null && typeof record[key] !== 'string') return { label: 'none', error: `"${key}" must be a string when given` };
  }
  const query = {
    evidence: record.evidence,
    ...(typeof record.intervention === 'string' ? { intervention: record.intervention } : {}),
    ...(typeof record.comparator === 'string' ? { comparator: record.comparator } : {}),
    ...(typeof record.outcome === 'string' ? { outcome: record.outcome } : {}),
  };
  const reading = readEffect(query);
  const polarity = outcomePolarity(query.outcome);
  return { ...reading, polarity: polarity.polarity, favourability: favourability(reading.label, polarity.polarity) };
}

/** One output line per non-blank input line, in order (a line that is not JSON gets "none" and an error). */
export function readEffectLine(line: string): EffectReadResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { label: 'none', error: 'not valid JSON' };
  }
  return readEffectItem(parsed);
}
