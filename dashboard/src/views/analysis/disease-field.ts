// One disease per module form. Some modules take the job's `disease_id` and a `disease` of their own
// (CAR-T, drug safety); two fields let a researcher type `ms` in one while the other, pre-filled with
// the default, silently decided the result. The form shows one field, filled from the page's context
// (?disease_id= or ?disease=), and sends its value under both names; it is checked before queueing
// against every pattern the module's schema sets for the names it fills.
import type { SchemaProperty } from './analysis-types';

export const DISEASE_FIELD = 'disease_id';
const ALSO = 'disease';

/** The schema the form draws: `disease` folded into `disease_id` when a module has both. */
export function oneDiseaseField(properties: Record<string, SchemaProperty>): Record<string, SchemaProperty> {
  if (!properties[DISEASE_FIELD] || !properties[ALSO]) return properties;
  const { [ALSO]: also, ...rest } = properties;
  const main = properties[DISEASE_FIELD]!;
  // The stricter description wins when only one pattern can hold both (drug safety: registry ids only).
  return { ...rest, [DISEASE_FIELD]: { ...main, description: also!.description ?? main.description } };
}

/** The page's disease: ?disease_id=, else ?disease=, else nothing (the schema default fills in). */
export function contextDisease(query: URLSearchParams): URLSearchParams {
  const copy = new URLSearchParams(query);
  if (!copy.get(DISEASE_FIELD) && copy.get(ALSO)) copy.set(DISEASE_FIELD, copy.get(ALSO)!);
  return copy;
}

/** Adds `disease` (the same value) to a query built from the one field, when the module takes both. */
export function withBothNames(query: Record<string, string | string[]>, properties: Record<string, SchemaProperty>, chosen: string): Record<string, string | string[]> {
  if (!properties[DISEASE_FIELD] || !properties[ALSO]) return query;
  // Sent explicitly even when it equals the default: the two names must never disagree.
  return { ...query, [DISEASE_FIELD]: chosen, [ALSO]: chosen };
}

/** Why `value` cannot be queued, or null: empty, or outside a pattern of a name it is sent under. */
export function diseaseProblem(value: string, properties: Record<string, SchemaProperty>): string | null {
  if (!properties[DISEASE_FIELD] && !properties[ALSO]) return null;
  if (value === '') return 'Give a disease: a registry id such as sle, or a CURIE.';
  for (const name of [DISEASE_FIELD, ALSO]) {
    const pattern = properties[name]?.pattern;
    if (pattern && !new RegExp(pattern).test(value)) {
      return name === ALSO && properties[DISEASE_FIELD]
        ? `This module needs a disease registry id (lower-case letters, digits, _), such as sle or ms; "${value}" is not one.`
        : `"${value}" is neither a disease registry id (such as sle) nor a CURIE (such as MONDO:0007915).`;
    }
  }
  return null;
}

/** A registry id (not a CURIE) that the server's disease registry does not list is refused here too. */
export function isRegistryId(value: string): boolean {
  return /^[a-z0-9_]{1,64}$/.test(value);
}
