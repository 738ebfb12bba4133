// CURIEs (prefix:local id) and the few prefix spellings that name the same namespace in different
// resources. Equating them is a fact about identifiers (HPOA writes ORPHA:536, the MONDO SSSOM sets
// write Orphanet:536), never a guess from labels.

export const CURIE_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]*:[A-Za-z0-9_.:-]+$';
const CURIE_RE = new RegExp(CURIE_PATTERN);

export function isCurie(value: string): boolean {
  return value.length <= 100 && CURIE_RE.test(value);
}

/** Groups of prefixes that denote one namespace; the first spelling is canonical. */
const PREFIX_SYNONYMS: readonly (readonly string[])[] = [
  ['Orphanet', 'ORPHA'],
  ['MESH', 'mesh'],
];

const CANONICAL = new Map<string, string>();
for (const group of PREFIX_SYNONYMS) for (const prefix of group) CANONICAL.set(prefix, group[0]!);

export function prefixOf(curie: string): string {
  const colon = curie.indexOf(':');
  return colon < 0 ? '' : curie.slice(0, colon);
}

/** The same identifier with its prefix in canonical spelling (ORPHA:536 -> Orphanet:536). */
export function canonicalCurie(curie: string): string {
  const colon = curie.indexOf(':');
  if (colon < 0) return curie;
  const canonical = CANONICAL.get(curie.slice(0, colon));
  return canonical ? canonical + curie.slice(colon) : curie;
}

/** Every spelling of this identifier (itself first), for lookups across resources. */
export function curieSpellings(curie: string): string[] {
  const colon = curie.indexOf(':');
  if (colon < 0) return [curie];
  const prefix = curie.slice(0, colon);
  const group = PREFIX_SYNONYMS.find((g) => g.includes(prefix));
  if (!group) return [curie];
  return [curie, ...group.filter((p) => p !== prefix).map((p) => p + curie.slice(colon))];
}
