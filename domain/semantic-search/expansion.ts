// Ontology expansion of a search query (pure). The query's token runs that equal an ontology term's label or
// EXACT synonym (Disease Ontology, MONDO, HPO terms) select those terms; each adds its label and exact
// synonyms, and the labels of its IS_A descendants (breadth-first, at most maxDescendants per query), so a
// search for "lupus erythematosus" also finds records that only name "systemic lupus erythematosus" or
// "cutaneous lupus". Query expansion with a controlled vocabulary, as in Aronson & Rindflesch (Proc AMIA
// 1997, "Query expansion using the UMLS Metathesaurus"), with the ontology's own hierarchy for specialisations.
import { tokens } from '../retrieval/tokens';

export interface OntologyName { curie: string; label: string; exactSynonyms: readonly string[] }
export interface ExpansionSources {
  /** Normalized label or exact synonym -> the terms so named. */
  byName: ReadonlyMap<string, readonly string[]>;
  terms: ReadonlyMap<string, OntologyName>;
  /** IS_A: parent -> children. */
  children: ReadonlyMap<string, readonly string[]>;
}
export interface AddedTerm { curie: string; label: string; via: 'matched' | 'is_a_descendant' }
export interface Expansion { matched: AddedTerm[]; descendants: AddedTerm[]; added_tokens: string[] }

/** The name as matched against ontology labels and synonyms: its tokens joined by one space. */
export function normalizedName(text: string): string {
  return tokens(text).join(' ');
}

/** Contiguous token runs of the query, longest first (at most maxLength tokens each), as normalized names. */
export function nGrams(queryTokens: readonly string[], maxLength = 6): string[] {
  const out: string[] = [];
  for (let n = Math.min(maxLength, queryTokens.length); n >= 1; n--) {
    for (let i = 0; i + n <= queryTokens.length; i++) out.push(queryTokens.slice(i, i + n).join(' '));
  }
  return out;
}

function descendantsOf(roots: readonly string[], children: ExpansionSources['children'], max: number): string[] {
  const seen = new Set(roots);
  const out: string[] = [];
  const queue = [...roots];
  while (queue.length > 0 && out.length < max) {
    for (const child of [...(children.get(queue.shift()!) ?? [])].sort()) {
      if (seen.has(child) || out.length >= max) continue;
      seen.add(child);
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

export function expandQuery(query: string, sources: ExpansionSources, maxDescendants: number): Expansion {
  const queryTokens = tokens(query);
  const matchedIds = [...new Set(nGrams(queryTokens).flatMap((gram) => [...(sources.byName.get(gram) ?? [])]))].sort();
  const descendantIds = descendantsOf(matchedIds, sources.children, maxDescendants);
  const term = (curie: string, via: AddedTerm['via']): AddedTerm => ({ curie, label: sources.terms.get(curie)?.label ?? curie, via });
  const have = new Set(queryTokens);
  const added: string[] = [];
  const phrases = [
    ...matchedIds.flatMap((id) => [sources.terms.get(id)?.label ?? '', ...(sources.terms.get(id)?.exactSynonyms ?? [])]),
    ...descendantIds.map((id) => sources.terms.get(id)?.label ?? ''),
  ];
  for (const t of phrases.flatMap(tokens)) if (!have.has(t)) { have.add(t); added.push(t); }
  return { matched: matchedIds.map((id) => term(id, 'matched')), descendants: descendantIds.map((id) => term(id, 'is_a_descendant')), added_tokens: added };
}

/** The byName index of expandQuery from the ontology terms. */
export function nameIndex(terms: Iterable<OntologyName>): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const t of terms) {
    for (const name of new Set([t.label, ...t.exactSynonyms].map(normalizedName))) {
      if (name === '') continue;
      const list = byName.get(name);
      if (list) list.push(t.curie); else byName.set(name, [t.curie]);
    }
  }
  return byName;
}
