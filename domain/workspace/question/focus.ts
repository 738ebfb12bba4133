// The question's analysis as an adapter sees it: the pipeline's graph-linked one when given, else the
// question read without a graph (mechanism classes and drug/gene name shapes still count as entities).
import { analyzeQuestion } from './analyze-question';
import type { QuestionEntityLinker } from './entity-linker';
import type { QuestionAnalysis, QuestionEntity } from './types';

export const NO_GRAPH_LINKER: QuestionEntityLinker = {
  name: 'none',
  link: () => [],
  lookup: () => undefined,
  actsOn: () => false,
};

export function questionFocus(question: string, disease: { name: string; synonyms: string[] }, focus?: QuestionAnalysis): QuestionAnalysis {
  return focus ?? analyzeQuestion(question, { disease, linker: NO_GRAPH_LINKER });
}

/** The question's drugs (graph drugs, and names shaped like a drug INN), for intervention fields. */
export function focusDrugs(focus: QuestionAnalysis): string[] {
  const isDrug = (e: QuestionEntity) => e.kind === 'drug' || (e.kind === 'unlinked' && e.via === 'name_shape' && !/\d/.test(e.label));
  return [...new Set(focus.entities.filter(isDrug).map((e) => e.label))];
}
