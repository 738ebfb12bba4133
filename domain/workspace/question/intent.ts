// The question's intent by a fixed, documented keyword rule set (docs/evidence-sources.md): each intent
// has cue patterns read from the question, and ranking vocabulary that the offline BM25 ranking adds
// to the question's terms (so a safety question ranks adverse-event records higher). Intent never
// filters records and never enters a provider query.
import type { Intent, IntentMatch } from './types';
import { INTENTS } from './types';

interface IntentRule {
  cues: RegExp;
  /** Words a record relevant to this intent tends to contain. */
  vocabulary: string[];
}

export const INTENT_RULES: Record<Intent, IntentRule> = {
  efficacy: {
    cues: /\b(efficacy|efficacious|effective(?:ness)?|works?|working|respon(?:se|ders?)|remission|benefits?|improve[sd]?|outcomes?|trials?|endpoints?|superior(?:ity)?|non-?inferior(?:ity)?)\b/gi,
    vocabulary: ['efficacy', 'response', 'remission', 'randomised', 'randomized', 'placebo', 'endpoint', 'improvement'],
  },
  safety: {
    cues: /\b(safety|safe|adverse|side[- ]effects?|toxicity|toxic|harms?|risks?|tolerab(?:ility|le)|infections?|malignan(?:cy|cies)|cancer|deaths?|mortality|boxed warning|black[- ]box|contraindicat\w*|withdrawn)\b/gi,
    vocabulary: ['safety', 'adverse', 'serious', 'infection', 'infections', 'malignancy', 'death', 'deaths', 'warning', 'toxicity', 'withdrawn'],
  },
  mechanism: {
    cues: /\b(mechanisms?|mechanistic|pathways?|signal(?:l)?ing|mode of action|pathogen(?:esis|ic)|inhibit(?:s|ion|ors?)?|block(?:s|ade|ers?)?|role|cells?|lymphocytes?|cytokines?)\b/gi,
    vocabulary: ['mechanism', 'pathway', 'signalling', 'signaling', 'inhibitor', 'inhibition', 'expression', 'cells'],
  },
  biomarker: {
    cues: /\b(biomarkers?|markers?|predict(?:s|ive|ion|or|ors)?|prognos(?:is|tic)|diagnos(?:is|tic)|stratif\w*|autoantibod(?:y|ies)|levels?|signatures?)\b/gi,
    vocabulary: ['biomarker', 'marker', 'predictive', 'prognostic', 'levels', 'expression', 'signature'],
  },
  repurposing: {
    cues: /\b(repurpos\w*|reposition\w*|new indications?|off[- ]label|approved for|existing drugs?|other diseases?|drug rediscovery)\b/gi,
    vocabulary: ['repurposing', 'approved', 'indication', 'label'],
  },
  genetics: {
    cues: /\b(genetics?|genetically|gwas|variants?|polymorphisms?|snps?|alleles?|loci|locus|heritab\w*|mendelian|susceptibility)\b/gi,
    vocabulary: ['genetic', 'variant', 'allele', 'association', 'susceptibility', 'locus', 'genome-wide'],
  },
};

/** Every intent whose cues occur in the question, in INTENTS order, with the matched words. */
export function detectIntents(question: string): IntentMatch[] {
  const found: IntentMatch[] = [];
  for (const intent of INTENTS) {
    const cues = [...new Set([...question.matchAll(INTENT_RULES[intent].cues)].map((m) => m[0].toLowerCase()))];
    if (cues.length > 0) found.push({ intent, cues });
  }
  return found;
}

/**
 * The primary intent: a rule matched by a specific cue wins over the generic ones ("mechanism" is also
 * cued by "inhibitor" and "cells", "efficacy" by "trials"), so safety, biomarker, repurposing and
 * genetics come first when present; then efficacy, then mechanism.
 */
export function primaryIntent(matches: IntentMatch[]): Intent | 'general' {
  const order: Intent[] = ['safety', 'biomarker', 'repurposing', 'genetics', 'efficacy', 'mechanism'];
  return order.find((i) => matches.some((m) => m.intent === i)) ?? 'general';
}

export function intentVocabulary(matches: IntentMatch[]): string[] {
  return [...new Set(matches.flatMap((m) => INTENT_RULES[m.intent].vocabulary))];
}
