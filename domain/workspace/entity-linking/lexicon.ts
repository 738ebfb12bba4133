// The lexicon: every term the linker may match, indexed by its letters and digits in lower case.
// Static part: NCBI Gene symbols, synonyms and names with HGNC aliases, DrugBank names and the DrugBank
// vocabulary's names and synonyms (lexicon-data.json). Graph part:
// the labels and synonyms of the knowledge-graph nodes a text mentions, so every curated name (brand
// names, "CD20" for MS4A1, "RANKL") still links, now under the same strict rules.
import type { GraphNode } from '../../kg/graph-data';
import { LEXICON_DATA, type LexiconData } from './lexicon-data';
import { makeTerm, TIER, type Term, type TermSpec } from './terms';

export class TermIndex {
  private readonly byKey = new Map<string, Term[]>();
  maxWords = 1;

  add(term: Term | null): void {
    if (!term) return;
    const key = term.exact.toLowerCase();
    const list = this.byKey.get(key);
    if (list) list.push(term);
    else this.byKey.set(key, [term]);
    this.maxWords = Math.max(this.maxWords, term.words);
  }

  get(key: string): readonly Term[] {
    return this.byKey.get(key.toLowerCase()) ?? [];
  }

  get size(): number {
    return this.byKey.size;
  }
}

function geneSpecs(data: LexiconData): TermSpec[] {
  return data.genes.flatMap((g) => [
    { kind: 'target' as const, name: g.symbol, term: g.symbol, tier: TIER.symbol, symbolLike: true },
    ...g.synonyms.map((s) => ({ kind: 'target' as const, name: g.symbol, term: s, tier: TIER.synonym, symbolLike: true })),
    ...g.names.map((n) => ({ kind: 'target' as const, name: g.symbol, term: n, tier: TIER.fullName, symbolLike: false })),
  ]);
}

export function buildStaticIndex(data: LexiconData = LEXICON_DATA): TermIndex {
  const index = new TermIndex();
  for (const spec of geneSpecs(data)) index.add(makeTerm(spec));
  for (const d of data.drugs) {
    index.add(makeTerm({ kind: 'drug', name: d.name, term: d.name, tier: TIER.name, symbolLike: false }));
    for (const s of d.synonyms ?? []) index.add(makeTerm({ kind: 'drug', name: d.name, term: s, tier: TIER.synonym, symbolLike: false }));
  }
  return index;
}

let staticIndex: TermIndex | undefined;
/** Built once on first use (constant data). */
export function defaultIndex(): TermIndex {
  return (staticIndex ??= buildStaticIndex());
}

/** A graph node's label and synonyms as terms: a target's label is its symbol. */
export function graphTerms(node: GraphNode): Term[] {
  if (node.kind !== 'drug' && node.kind !== 'target') return [];
  const kind = node.kind;
  const names = [node.label, ...(node.synonyms ?? [])];
  return names.map((term, i) => makeTerm({
    kind, name: node.label, nodeId: node.id, term,
    tier: i === 0 ? TIER.symbol : kind === 'drug' ? TIER.name : TIER.synonym,
    symbolLike: kind === 'target' && (i === 0 || !/\s/.test(term.trim())),
  })).filter((t): t is Term => t !== null);
}
