// Exclusions a question states ("patients who failed TNF inhibitors", "after methotrexate", "other than
// rituximab"): the drugs or the drug class the researcher has already been through, which the answer must
// rank apart rather than recommend (issue 28: "who failed TNF inhibitors" lifted adalimumab to #2). The phrase
// after the cue, up to the next clause boundary, is read for mechanism classes (concepts.ts) and drug names
// (the question's linker). The phrase is then removed from the text the entities and boosts are read from,
// so an excluded class is not searched for as if it were wanted.
import { matchConcepts } from './concepts';
import type { QuestionEntityLinker } from './entity-linker';

export interface QuestionExclusion {
  /** The question's words: cue and phrase ("who failed TNF inhibitors"). */
  matched: string;
  /** The excluded phrase ("TNF inhibitors"). */
  phrase: string;
  /** Mechanism class (concepts.ts id) the phrase names, if any. */
  concept: string | null;
  /** Targets whose drugs are excluded (graph node ids of the class's targets). */
  target_ids: string[];
  /** Drugs named in the phrase (graph node ids). */
  drug_ids: string[];
}

const CUE = /\b(?:who (?:have |has |had )?(?:failed|not responded to|stopped)|(?:having |after )?fail(?:ed|ing|ure (?:of|on))|refractory to|resistant to|inadequate(?:ly)? respon(?:se|ders|ding|ded) to|intoleran(?:t|ce) (?:of|to)|not responding to|after|excluding|except|other than|besides|beyond|no longer on)\s+/gi;
const PHRASE_END = /[,.;:?!]|\b(?:and (?:who|what|which)|which|what|that|in whom|with)\b/i;

export function detectExclusions(question: string, linker: QuestionEntityLinker): QuestionExclusion[] {
  const out: QuestionExclusion[] = [];
  for (const m of question.matchAll(CUE)) {
    const rest = question.slice(m.index! + m[0].length);
    const end = PHRASE_END.exec(rest);
    const phrase = rest.slice(0, end ? end.index : rest.length).trim();
    if (!phrase) continue;
    const concepts = matchConcepts(phrase);
    const concept = concepts[0]?.concept ?? null;
    const targetIds = concept ? concept.targets.map((s) => linker.lookup(s, 'target')?.id).filter((id): id is string => id !== undefined) : [];
    const drugIds = linker.link(phrase, ['drug']).map((d) => d.id);
    if (!concept && drugIds.length === 0) continue; // "after 12 weeks": nothing to exclude
    out.push({ matched: `${m[0]}${phrase}`.trim(), phrase, concept: concept?.id ?? null, target_ids: [...new Set(targetIds)], drug_ids: [...new Set(drugIds)] });
  }
  return out;
}

/** The question without its exclusion phrases (what entities and boosts are read from). */
export function withoutExclusions(text: string, exclusions: readonly QuestionExclusion[]): string {
  let out = text;
  for (const e of exclusions) out = out.split(e.matched).join(' ');
  return out;
}
