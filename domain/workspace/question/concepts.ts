// Mechanism classes a question names without naming a gene or a drug ("JAK inhibitors", "anti-TNF",
// "B cells"): a small curated table mapping each phrase to the targets it means (HGNC symbols) and to
// the search phrases used for it. The targets are taken only when the knowledge graph knows them.
// Documented in docs/evidence-sources.md; extend by adding a row.

export interface Concept {
  id: string;
  pattern: RegExp;
  /** HGNC symbols of the targets the class acts on (resolved against the graph; unknown ones are skipped). */
  targets: string[];
  /** Search phrases for the class itself (provider boosts and offline matching). */
  terms: string[];
}

export const CONCEPTS: readonly Concept[] = [
  { id: 'jak_inhibition', pattern: /\b(?:jak|janus kinase)s?[- ]?(?:1|2|3)?[- ]?(?:inhibit(?:ors?|ion)|blockers?|blockade)\b|\bjakinibs?\b/i, targets: ['JAK1', 'JAK2', 'JAK3', 'TYK2'], terms: ['JAK inhibitor', 'Janus kinase'] },
  { id: 'tnf_inhibition', pattern: /\banti-?tnf\w*|\btnf(?:-?alpha|-?α)?[- ](?:inhibit(?:ors?|ion)|blockers?|blockade|antagonists?)\b|\btumou?r necrosis factor (?:inhibit(?:ors?|ion)|blockers?|antagonists?)\b/i, targets: ['TNF'], terms: ['TNF inhibitor', 'tumor necrosis factor'] },
  { id: 'il6_inhibition', pattern: /\banti-?il-?6\w*|\bil-?6 (?:receptor )?(?:inhibit(?:ors?|ion)|blockers?|blockade|antagonists?)\b|\binterleukin-?6 (?:receptor )?(?:inhibit(?:ors?|ion)|blockade)\b/i, targets: ['IL6R', 'IL6'], terms: ['IL-6 receptor', 'interleukin-6'] },
  { id: 'b_cells', pattern: /\bb[- ]?(?:cells?|lymphocytes?|cell depletion|cell-depleting)\b/i, targets: ['MS4A1', 'CD19', 'CD22', 'TNFSF13B'], terms: ['B cell', 'B-cell depletion', 'CD20'] },
  { id: 't_cell_costimulation', pattern: /\b(?:t[- ]cell )?co-?stimulat(?:ion|ory)\b/i, targets: ['CD80', 'CD86', 'CTLA4', 'CD28'], terms: ['costimulation', 'CTLA4-Ig'] },
  { id: 'il17_inhibition', pattern: /\banti-?il-?17\w*|\bil-?17a? (?:inhibit(?:ors?|ion)|blockade|antagonists?)\b/i, targets: ['IL17A', 'IL17RA'], terms: ['IL-17 inhibitor', 'interleukin-17'] },
  { id: 'il23_inhibition', pattern: /\banti-?il-?(?:23|12\/23)\w*|\bil-?23 (?:inhibit(?:ors?|ion)|blockade|antagonists?)\b/i, targets: ['IL23A', 'IL12B'], terms: ['IL-23 inhibitor', 'interleukin-23'] },
  { id: 'type_i_interferon', pattern: /\btype[- ]?(?:i|1) (?:interferons?|ifn)\b|\binterferon signatures?\b|\bifnar\b/i, targets: ['IFNAR1', 'IFNAR2'], terms: ['type I interferon', 'interferon'] },
  { id: 'statins', pattern: /\bstatins?\b|\bhmg-?coa reductase inhibitors?\b/i, targets: ['HMGCR'], terms: ['statin', 'HMG-CoA reductase'] },
  { id: 'rankl_inhibition', pattern: /\banti-?rankl\b|\brankl (?:inhibit(?:ors?|ion)|blockade)\b/i, targets: ['TNFSF11'], terms: ['RANKL'] },
];

export interface ConceptMatch {
  concept: Concept;
  /** The question's words that matched. */
  matched: string;
}

export function matchConcepts(question: string): ConceptMatch[] {
  const found: ConceptMatch[] = [];
  for (const concept of CONCEPTS) {
    const m = concept.pattern.exec(question);
    if (m) found.push({ concept, matched: m[0] });
  }
  return found;
}
