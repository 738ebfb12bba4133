// Context rules for mentions that cannot stand alone (docs/entity-linking.md):
//  - an ambiguous symbol (an English word or clinical abbreviation: ACE, MET, CAT, SET, CRP...) links only
//    with a gene word within four words in the same sentence, or when the same text names the gene
//    unambiguously elsewhere (e.g. "angiotensin-converting enzyme (ACE)", the symbol after its full name);
//  - "ACE inhibitor(s)", "ACE-I", "angiotensin-converting enzyme (ACE) inhibitors" name a drug class
//    (ATC C09A), not the ACE gene: such a mention, and the abbreviation in its parentheses, link nothing;
//  - a symbol hyphenated to a composite clinical score ("DAS28-CRP", "ASDAS-CRP", "SDAI") names the score's
//    variant, not the gene: the mention links nothing;
//  - "<gene> receptor" names the receptor: "IL-6 receptor" links the receptor gene (IL6R) when the vocabulary
//    holds the symbol + "R", else nothing (see namesAnotherMolecule).
import type { Word } from './text';

export const GENE_CUES: ReadonlySet<string> = new Set([
  'gene', 'genes', 'genetic', 'genotype', 'genotypes', 'expression', 'expressed', 'expressing', 'overexpression',
  'receptor', 'receptors', 'protein', 'proteins', 'variant', 'variants', 'polymorphism', 'polymorphisms', 'allele',
  'alleles', 'mutation', 'mutations', 'mutant', 'mrna', 'transcript', 'transcripts', 'locus', 'loci', 'snp', 'snps',
  'kinase', 'signaling', 'signalling', 'pathway', 'inhibitor', 'inhibitors', 'knockout', 'knockdown', 'deficient',
  'deficiency', 'promoter', 'isoform', 'isoforms', 'encoding', 'encoded', 'amplification', 'silencing',
]);

export const CONTEXT_WINDOW = 4;

/** A gene word within CONTEXT_WINDOW words of the mention, in its sentence. */
export function hasGeneCue(words: readonly Word[], first: number, last: number): boolean {
  const sentence = words[first]!.sentence;
  const from = Math.max(0, first - CONTEXT_WINDOW);
  const to = Math.min(words.length - 1, last + CONTEXT_WINDOW);
  for (let i = from; i <= to; i++) {
    if (i >= first && i <= last) continue;
    if (words[i]!.sentence === sentence && GENE_CUES.has(words[i]!.text.toLowerCase())) return true;
  }
  return false;
}

/** Genes whose name followed by "inhibitor" is a drug class rather than the gene. */
export const CLASS_FORMING_GENES: ReadonlySet<string> = new Set(['ACE']);

const CLASS_TAIL = /^(?:\s*\([^()\n]{1,20}\))?(?:(?:\s*-\s*|\s+)(?:inhibitors?|inhibition|blockers?|blockade)\b|-[Ii]s?\b(?!\/))/;

/** End offset of the drug-class phrase a mention of a class-forming gene starts, or null. */
export function classPhraseEnd(text: string, mentionEnd: number): number | null {
  const tail = CLASS_TAIL.exec(text.slice(mentionEnd, mentionEnd + 40));
  return tail ? mentionEnd + tail[0].length : null;
}

const OTHER_MOLECULE = new Set(['receptor', 'receptors', 'ligand', 'ligands']);

/**
 * A gene name followed by "receptor" or "ligand" that no longer term covers names another molecule
 * ("interleukin-2 receptor alpha chain", "BAFF receptor"): the gene itself is not linked.
 */
export function namesAnotherMolecule(words: readonly Word[], last: number): boolean {
  const next = words[last + 1];
  return next !== undefined && (next.gap === ' ' || next.gap === '-') && OTHER_MOLECULE.has(next.text.toLowerCase());
}

/** Composite disease-activity scores whose variants are named by a hyphenated marker (DAS28-CRP, ASDAS-ESR). */
const CLINICAL_SCORE = /^(?:DAS28|DAS|ASDAS|SDAI|CDAI|JADAS\d*|BASDAI|SLEDAI|PASI|MDA)$/i;

/** The mention at word `first` is the marker of a composite score ("CRP" in "DAS28-CRP"). */
export function partOfClinicalScore(words: readonly Word[], first: number): boolean {
  const word = words[first];
  const before = words[first - 1];
  return word !== undefined && before !== undefined && word.gap === '-' && CLINICAL_SCORE.test(before.text);
}

/** "<gene> receptor(s)" right after the mention ending at word `last`. */
export function followedByReceptor(words: readonly Word[], last: number): boolean {
  const next = words[last + 1];
  const after = words[last + 2];
  // "IL-1 receptor antagonist" is another molecule again (IL1RN): not the receptor.
  return next !== undefined && (next.gap === ' ' || next.gap === '-') && /^receptors?$/i.test(next.text) && !/^antagonists?$/i.test(after?.text ?? '');
}
