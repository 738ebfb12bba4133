// Reads a researcher's question (pure): the disease's own names are set aside (the disease is the
// required term of every search already), then mechanism classes (concepts.ts), graph entities named in
// it (through a QuestionEntityLinker), names shaped like a drug or a gene symbol that the graph does not
// know, the intent (intent.ts) and the remaining keywords. See docs/evidence-sources.md.
import type { NodeKind } from '../../kg/graph-data';
import type { QuestionEntityLinker } from './entity-linker';
import { matchConcepts } from './concepts';
import { detectIntents, intentVocabulary, primaryIntent } from './intent';
import { detectExclusions, withoutExclusions } from './exclusions';
import type { SubDiseaseFinder } from './sub-disease';
import { diseaseWords, isStopword, questionKeywords, wordSet, withoutDiseaseNames } from './keywords';
import type { QuestionAnalysis, QuestionEntity } from './types';

const LINKED_KINDS: readonly NodeKind[] = ['drug', 'target', 'pathway', 'phenotype'];
const MAX_BOOSTS = 12;
const MAX_SYNONYMS = 2;

/** International Nonproprietary Name stems of drug classes (WHO INN stem book): -mab, -tinib, -cept, ... */
const DRUG_STEM = /^[a-z]{3,}(?:mab|tinib|citinib|nib|cept|kinra|limus|statin|prazole|sartan|pril|olol|parin|ciclib|lisib|rafenib|tide)$/i;
/** A gene-symbol shape: upper-case letters then digits (IL23A, CXCL10, TYK2), at least 3 characters. */
const GENE_SHAPE = /^[A-Z][A-Z0-9]*\d[A-Z0-9]*$/;

export interface QuestionContext {
  disease: { name: string; synonyms: string[] };
  linker: QuestionEntityLinker;
  /** Sub-diseases of the run's disease through the ontology store (sub-disease.ts), when the store graph is loaded. */
  subDiseases?: SubDiseaseFinder;
}

function conceptEntities(text: string, linker: QuestionEntityLinker): { entities: QuestionEntity[]; terms: string[] } {
  const entities: QuestionEntity[] = [];
  const terms: string[] = [];
  for (const { concept, matched } of matchConcepts(text)) {
    terms.push(...concept.terms);
    const before = entities.length;
    for (const symbol of concept.targets) {
      const node = linker.lookup(symbol, 'target');
      if (node) entities.push({ id: node.id, kind: node.kind, label: node.label, matched, via: 'concept', concept: concept.id });
    }
    // A class the graph knows no target of is still a named entity of the question (searched by its phrase).
    if (entities.length === before) entities.push({ id: null, kind: 'unlinked', label: concept.terms[0]!, matched, via: 'concept', concept: concept.id });
  }
  return { entities, terms };
}

function shapedNames(text: string, known: Set<string>): QuestionEntity[] {
  const out: QuestionEntity[] = [];
  for (const raw of text.split(/[^A-Za-z0-9-]+/)) {
    const word = raw.replace(/^-+|-+$/g, '');
    if (word.length < 3 || isStopword(word) || known.has(word.toLowerCase())) continue;
    if (DRUG_STEM.test(word) || GENE_SHAPE.test(word)) {
      known.add(word.toLowerCase());
      out.push({ id: null, kind: 'unlinked', label: word, matched: word, via: 'name_shape' });
    }
  }
  return out;
}

function mergeEntities(lists: QuestionEntity[][]): QuestionEntity[] {
  const byKey = new Map<string, QuestionEntity>();
  for (const entity of lists.flat()) {
    const key = entity.id ?? `unlinked:${entity.label.toLowerCase()}`;
    if (!byKey.has(key)) byKey.set(key, entity);
  }
  return [...byKey.values()];
}

function searchNames(entity: QuestionEntity, synonyms: (id: string) => string[]): string[] {
  const names = [entity.label];
  if (entity.via === 'mention' && entity.matched.toLowerCase() !== entity.label.toLowerCase()) names.push(entity.matched);
  if (entity.kind === 'target' && entity.id) names.push(...synonyms(entity.id).filter((s) => s.length >= 3 && s.length <= 40).slice(0, MAX_SYNONYMS));
  return names;
}

function uniqueTerms(terms: string[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const term of terms.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean)) {
    const key = term.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(term);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * The analysis of one question. `synonyms` gives a node's other names (for target boosts such as CD20
 * for MS4A1); the graph view's node(id)?.synonyms in the pipeline.
 */
export function analyzeQuestion(question: string, context: QuestionContext, synonyms: (id: string) => string[] = () => []): QuestionAnalysis {
  const { linker, disease } = context;
  // What the question excludes is read first and then set aside: "who failed TNF inhibitors" is no request for TNF inhibitors.
  const exclusions = detectExclusions(question, linker);
  const text = withoutExclusions(withoutDiseaseNames(question, disease), exclusions);
  const concepts = conceptEntities(text, linker);
  const mentions: QuestionEntity[] = linker.link(text, LINKED_KINDS).map((n) => ({ id: n.id, kind: n.kind, label: n.label, matched: n.matched, via: 'mention' }));
  const named = wordSet([...mentions.map((e) => e.matched), ...concepts.entities.map((e) => e.matched)]);
  const entities = mergeEntities([mentions, concepts.entities, shapedNames(text, named)]);
  const entityWords = wordSet(entities.map((e) => e.matched));
  const keywords = questionKeywords(text, [...diseaseWords(disease), ...entityWords], 8);
  const intents = detectIntents(question);
  const subDisease = context.subDiseases?.(question);
  // The sub-disease is the question's own term: searched for first (the run's disease stays the required term).
  const boosts = uniqueTerms([...(subDisease ? [subDisease.label] : []), ...entities.flatMap((e) => searchNames(e, synonyms)), ...concepts.terms], MAX_BOOSTS);
  return {
    question,
    intent: primaryIntent(intents),
    intents,
    entities,
    keywords,
    boost_terms: entities.length > 0 || subDisease ? boosts : [],
    ranking_terms: uniqueTerms([...boosts, ...keywords, ...intentVocabulary(intents)], 40),
    linker: linker.name,
    ...(exclusions.length > 0 ? { exclusions } : {}),
    ...(subDisease ? { sub_disease: subDisease } : {}),
  };
}
