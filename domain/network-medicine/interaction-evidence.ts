// How much evidence supports one interaction of the interactome, for the `confidence` filter of the disease
// module. The ppi importer (infra/biomed/importers/ppi.ts) stores one INTERACTS_WITH claim per unordered
// gene pair, whose qualifiers collect every source row's PubMed ids (`pubmed_ids`) and PSI-MI detection
// methods (`methods`, "MI:0018(two hybrid)"), each distinct. An interaction's evidence items are its
// distinct PubMed ids plus its distinct detection methods, over every claim behind the pair (two claims
// meet only when identity joins merge two pairs, or two snapshots state it): a pair reported by one paper
// with one method has 2; one listed with a method but no PubMed id has 1. Every pair of the Hetionet
// release has at least one item, so confidence 1 keeps the whole interactome.

export interface InteractionClaimEvidence {
  pubmed_ids: readonly string[];
  methods: readonly string[];
}

export interface InteractionEvidence {
  /** Distinct PubMed ids + distinct detection methods. */
  count: number;
  pubmed_ids: string[];
  methods: string[];
}

/** A qualifier value as a list of strings (anything else: none). */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The evidence of one interaction from the qualifiers of the claims behind it; lists sorted. */
export function interactionEvidence(claims: readonly InteractionClaimEvidence[]): InteractionEvidence {
  const pubmed = new Set<string>();
  const methods = new Set<string>();
  for (const c of claims) {
    for (const p of c.pubmed_ids) pubmed.add(p);
    for (const m of c.methods) methods.add(m);
  }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { count: pubmed.size + methods.size, pubmed_ids: sorted(pubmed), methods: sorted(methods) };
}
