// Classifies an outcome statement (one sentence of an abstract or a trial's results) as
//   positive  the intervention beat its comparator on an efficacy outcome (a significant improvement);
//   null      no significant difference: "did not differ significantly", p ≥ 0.05, a ratio's 95% CI crossing 1,
//             a failed primary endpoint, "not associated", "no benefit", "does not support";
//   negative  the intervention did worse on efficacy (more relapses, faster progression, inferior);
//   harm      a safety signal: deaths, serious adverse events in excess, discontinuation or withdrawal for
//             safety, a boxed warning;
//   none      not an outcome statement (background, methods, "further trials are needed").
// A fixed, tested rule set (test/domain/workspace/outcome-classifier.unit.spec.ts and the labelled set of
// test/fixtures/outcomes/, scored by `npm run bench:outcomes`). Rules, in order:
//   1. statistics decide where present: p-values (p < 0.05 significant) and ratio CIs (HR/OR/RR: crossing 1 is
//      null; wholly below or above 1 is significant, its direction read from what the ratio measures);
//   2. harm cues, unless negated ("no deaths", "did not increase serious adverse events");
//   3. null cues ("no significant", "did not differ", "failed to meet", "was not associated", "similar");
//   4. negative cues ("worsened", "inferior to", "increased relapse"), positive cues ("significantly reduced",
//      "met its primary endpoint", "effective"), a negator earlier in the clause turning a positive into null;
//   5. hedges ("may", "suggest", "potential") keep the class but set `hedged`.
// The rule that decided and the words it matched are returned, so a reader can check every call.
// Since issue 27 the effect reader (domain/effects) reads results; these cue rules read only what it does not:
// verdicts without an outcome ("was effective", "do not support the use of") and targets' null statements.
// The former whole-abstract reading (the most severe sentence decided) is deleted.

export type OutcomeClass = 'positive' | 'null' | 'negative' | 'harm' | 'none';

export interface OutcomeCall {
  class: OutcomeClass;
  /** Which rule decided: statistic | harm | null_cue | negative_cue | positive_cue | negated_positive | none. */
  rule: string;
  /** The words that decided it. */
  cue: string | null;
  hedged: boolean;
}

const NEGATOR = /\b(?:no|not|never|neither|nor|without|failed to|fail to|fails to|did not|does not|do not|was not|were not|is not|are not|has not|have not|had not|cannot|could not|lack of|absence of|unable to)\b/i;
const HEDGE = /\b(?:may|might|could|possibly|potentially|potential|suggests?|suggested|suggesting|appears? to|seems? to|trend(?:ed)? toward|warrants? further|hypothesi[sz]e)\b/i;

/** What a ratio or a difference measures: lower is better for events, higher is better for response. */
const GOOD_OUTCOME = /\b(?:response|remission|improvement|achiev\w*|clearance|success|recovery)\b/i;
const BAD_OUTCOME = /\b(?:mortality|deaths?|relapses?|flares?|progression|exacerbations?|hospitali[sz]ations?|events?|risk|recurrence|failure|disability worsening|incidence|adverse)\b/i;
/** A statement that something is still to be determined is no outcome ("further studies are needed to determine whether"). */
const OPEN_QUESTION = /\b(?:needed|warranted|required|necessary) to (?:determine|confirm|establish|assess|evaluate|clarify)\b|\bwhether\b/i;
/** Efficacy words: a "no difference" about safety alone is reassurance, not a null efficacy result. */
const EFFICACY = /\b(?:response|remission|relapses?|progression|disease activity|efficacy|end ?points?|improvement|scores?|exacerbations?|HbA1c|FEV1|flares?|outcomes?|benefit|control|clearance|change)\b/i;
const HARM_OUTCOME = /\b(?:deaths?|mortality|died|fatal|serious adverse events?|adverse events?|toxicity|infections?|malignanc(?:y|ies)|hepatotoxicity|leukoencephalopathy)\b/i;

const HARM_CUES: readonly RegExp[] = [
  /\b(?:\d+|two|three|four|five|several) (?:patients? |participants? )?(?:died|deaths?)\b/i,
  /\b(?:deaths?|fatal (?:cases?|outcomes?|events?))\b.{0,60}\b(?:occurred|reported|observed|were attributed|related)\b/i,
  /\b(?:resulted in|led to|caused|associated with) (?:\w+ ){0,3}(?:deaths?|fatalit(?:y|ies))\b/i,
  /\bfatal\b/i,
  /\b(?:was|were) (?:discontinued|terminated|stopped|halted|suspended|withdrawn)\b.{0,60}\b(?:safety|\w*toxicity|adverse|deaths?|harm|liver injury)\b/i,
  /\bexcess (?:of )?(?:\w+ ){0,3}(?:deaths?|malignanc(?:y|ies)|infections?|adverse events?|cancers?|thrombo\w* events?|cardiovascular events?)\b/i,
  /\b(?:withdrawn from the market|market withdrawal|boxed warning|black[- ]box warning)\b/i,
  /\b(?:increased|higher|excess|more) (?:\w+ ){0,3}(?:serious adverse events?|mortality|deaths?|toxicity|rates? of (?:serious )?(?:adverse events?|infections?|death))\b/i,
  /\b(?:serious adverse events?|adverse events?|infections?|toxicity|hepatotoxicity)\b.{0,40}\b(?:more (?:common|frequent)|more often|increased|higher|excess)\b/i,
  /\bprogressive multifocal leukoencephalopathy\b/i,
  /\b(?:severe|serious|life-threatening) (?:liver injury|hepatotoxicity|hepatitis|infections?|toxicity|cardiac events?)\b/i,
];

const NULL_CUES: readonly RegExp[] = [
  /\b(?:did not|does not|do not|was not|were not) (?:\w+ ){0,2}differ\b/i,
  /\bno (?:statistically )?significant (?:\w+ ){0,2}(?:difference|differences|effect|effects|improvement|benefit|change|changes|reduction|association|increase|decrease)\b/i,
  /\b(?:was|were|is|are) not (?:statistically )?significant(?:ly)?\b/i,
  /\bnot (?:statistically )?significantly (?:\w+ ){0,2}(?:different|associated|improved?|reduced?|lower|higher|changed|affect(?:ed)?|better)\b/i,
  /\b(?:failed|fail|fails) to (?:\w+ ){0,2}(?:meet|achieve|reach|show|demonstrate|improve|reduce|slow|prevent|separate)\b/i,
  /\b(?:did not|does not|do not) (?:\w+ ){0,2}(?:meet|achieve|reach|improve|reduce|slow|prevent|show|demonstrate|support|confer|change|protect|separate|alter|affect|modify)\b/i,
  /\bprimary (?:\w+ )?(?:end ?points?|outcomes?) (?:was|were) not (?:met|achieved|reached)\b/i,
  /\b(?:was|were|is|are) not (?:\w+ ){0,1}(?:associated|effective|efficacious|superior|beneficial|better)\b/i,
  /\bno (?:clinical |meaningful |overall |additional |added )?(?:benefit|effect|improvement|efficacy|association|difference)\b/i,
  /\b(?:similar|comparable) (?:\w+ ){0,4}(?:between|to|in both|across|in the two|in all)\b/i,
  /\b(?:were|was) (?:similar|comparable)\b/i,
  /\b(?:lack|absence) of (?:\w+ ){0,2}(?:efficacy|effect|benefit|association)\b/i,
  /\bno evidence (?:of|that|for)\b/i,
  /\bnull (?:result|finding|effect)s?\b/i,
  /\bfutility\b/i,
  /\bnon-?significant\b/i,
  /\bneutral (?:result|trial|finding)s?\b/i,
  /\b(?:was|were) neutral\b/i,
];

const NEGATIVE_CUES: readonly RegExp[] = [
  /\bworsen(?:ed|ing|s)?\b/i,
  /\binferior to\b/i,
  /\b(?:exacerbat(?:ed|ion of)|aggravat(?:ed|ion of))\b/i,
  /\bdetrimental\b/i,
  /\b(?:increased|higher|more frequent|accelerated) (?:\w+ ){0,3}(?:relapses?|relapse rates?|disease activity|progression|flares?|exacerbations?)\b/i,
  /\b(?:relapses?|flares?|disease activity|progression|exacerbations?)\b.{0,40}\b(?:increased|accelerated|(?:were|was) more (?:frequent|common)|was higher|were higher)\b/i,
  /\bassociated with (?:\w+ ){0,2}(?:worse|poorer)\b/i,
  /\bless effective than\b/i,
];

const POSITIVE_CUES: readonly RegExp[] = [
  /\bsignificant(?:ly)? (?:\w+ ){0,2}(?:improve(?:d|ment|s)?|reduc(?:e|ed|tion|es)|decrease(?:d|s)?|lower(?:ed)?|higher|increase(?:d|s)?|better|greater|benefit|delay(?:ed)?|prolong(?:ed)?|slow(?:ed)?|response)\b/i,
  /\b(?:met|achieved|reached) (?:its |the |their )?(?:\w+ ){0,1}(?:primary|co-primary) (?:end ?points?|outcomes?)\b/i,
  /\b(?:was|were|is|are|proved|remained) (?:\w+ ){0,1}(?:effective|efficacious|superior|beneficial)\b/i,
  /\bsuperior to\b/i,
  /\b(?:improved|reduced|decreased|lowered|prevented|delayed|slowed) (?:[\w%-]+ ){0,8}(?:compared with|versus|vs\.?|relative to|than)\b/i,
  /\b(?:reduced|lowered|decreased) the (?:\w+ ){0,2}(?:risk|rates?|odds|incidence|frequency|number) of\b/i,
  /\bassociated with (?:\w+ ){0,1}(?:lower|reduced|decreased|improved|better)\b/i,
  /\bsupports? (?:the|its) (?:use|efficacy|benefit)\b/i,
  /\b(?:efficacy|benefit) (?:was|were) (?:demonstrated|confirmed|shown)\b/i,
  /\b(?:clinically )?meaningful (?:improvement|benefit|reduction)\b/i,
  /\bresponse rates? (?:was|were) (?:\w+ ){0,1}higher\b/i,
  /\b(?:greater|larger|more) (?:\w+ ){0,2}(?:improvements?|reductions?|benefit|responses?)\b.{0,60}\bthan\b/i,
];

const P_VALUE = /\bp\s*(?:value\s*)?([<=≤>≥]|&lt;|&gt;)\s*(0?\.\d+|1(?:\.0+)?)\b/gi;
const RATIO_CI = /\b(hazard ratio|odds ratio|risk ratio|rate ratio|relative risk|HR|OR|RR|IRR)\b.{0,40}?(\d+(?:\.\d+)?).{0,40}?(?:95\s*%\s*(?:CI|confidence interval)|CI)[,:\s]*\[?\(?\s*(\d+(?:\.\d+)?)\s*(?:-|–|—|to|,)\s*(\d+(?:\.\d+)?)/i;

function firstMatch(sentence: string, cues: readonly RegExp[]): RegExpExecArray | null {
  for (const cue of cues) {
    const m = cue.exec(sentence);
    if (m) return m;
  }
  return null;
}

/** A negator earlier in the same clause (commas, semicolons and "but/although/whereas" end a clause). */
function negatedBefore(sentence: string, index: number): string | null {
  const before = sentence.slice(0, index);
  const clauseStart = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), ...[' but ', ' although ', ' whereas ', ' while '].map((w) => before.toLowerCase().lastIndexOf(w)));
  const clause = before.slice(clauseStart + 1);
  if (/\bnot only\b/i.test(clause)) return null;
  const m = NEGATOR.exec(clause);
  return m ? m[0] : null;
}

function pValues(sentence: string): { significant: boolean; text: string }[] {
  const out: { significant: boolean; text: string }[] = [];
  for (const m of sentence.matchAll(P_VALUE)) {
    const op = m[1]!.replace('&lt;', '<').replace('&gt;', '>');
    const value = Number(m[2]);
    const significant = (op === '<' || op === '≤') ? value <= 0.05 : (op === '=') ? value < 0.05 : false;
    out.push({ significant, text: m[0] });
  }
  return out;
}

function ratioInterval(sentence: string): { lower: number; upper: number; text: string } | null {
  const m = RATIO_CI.exec(sentence);
  if (!m) return null;
  const lower = Number(m[3]);
  const upper = Number(m[4]);
  if (!Number.isFinite(lower) || !Number.isFinite(upper) || lower > upper) return null;
  return { lower, upper, text: m[0] };
}

export function classifyOutcomeSentence(sentence: string): OutcomeCall {
  const hedged = HEDGE.test(sentence);
  const call = (cls: OutcomeClass, rule: string, cue: string | null): OutcomeCall => ({ class: cls, rule, cue, hedged });

  // Harm first: a safety signal is reported whatever the efficacy result, unless it is negated.
  const harm = firstMatch(sentence, HARM_CUES);
  // "serious adverse events were not significantly increased": the negator sits inside the cue itself.
  const negatedInside = harm !== null && /\b(?:not|no|never|without|neither)\b/i.test(harm[0]);
  // "rates of serious infections did not differ": a null cue in the harm cue's own clause denies the excess.
  const deniedInClause = harm !== null && firstMatch(clauseAround(sentence, harm.index, harm[0].length), NULL_CUES) !== null;
  if (harm && !negatedInside && !deniedInClause && !negatedBefore(sentence, harm.index) && !/\bno (?:\w+ ){0,2}(?:deaths?|fatal)/i.test(sentence.slice(Math.max(0, harm.index - 20), harm.index + harm[0].length))) {
    return call('harm', 'harm', harm[0]);
  }
  // A statistic about safety alone (no efficacy word) that shows no difference is reassurance, not a null efficacy result.
  const safetyStatement = HARM_OUTCOME.test(sentence) && !EFFICACY.test(sentence);

  // Statistics: a ratio's CI, then p-values.
  const ci = ratioInterval(sentence);
  if (ci) {
    if (ci.lower <= 1 && ci.upper >= 1) return safetyStatement ? call('none', 'safety_no_difference', ci.text) : call('null', 'statistic', ci.text);
    // A ratio measures the hazard/odds of an event (lower is better) unless it is about a good outcome.
    const badOutcome = !GOOD_OUTCOME.test(sentence) || BAD_OUTCOME.test(sentence) && !/\b(?:remission|response)\b/i.test(sentence);
    const below = ci.upper < 1;
    if (HARM_OUTCOME.test(sentence) && !below && /\b(?:deaths?|mortality|serious adverse|toxicity|malignanc)/i.test(sentence)) return call('harm', 'statistic', ci.text);
    return call(below === badOutcome ? 'positive' : 'negative', 'statistic', ci.text);
  }
  const ps = pValues(sentence);
  const nullCue = firstMatch(sentence, NULL_CUES);
  if (ps.length > 0 && ps.every((p) => !p.significant)) return safetyStatement ? call('none', 'safety_no_difference', ps[0]!.text) : call('null', 'statistic', ps[0]!.text);

  if (OPEN_QUESTION.test(sentence)) return call('none', 'open_question', OPEN_QUESTION.exec(sentence)![0]);
  // A "no difference" about safety alone ("adverse events did not differ") is reassurance, not a null
  // efficacy result: judged on the cue's own clause, so the rest of the sentence still counts.
  const nullClause = nullCue ? clauseAround(sentence, nullCue.index, nullCue[0].length) : '';
  const safetyOnly = nullCue !== null && HARM_OUTCOME.test(nullClause) && !EFFICACY.test(nullClause);
  if (nullCue && !safetyOnly) return call('null', 'null_cue', nullCue[0]);
  const negative = firstMatch(sentence, NEGATIVE_CUES);
  if (negative && !negatedBefore(sentence, negative.index)) return call('negative', 'negative_cue', negative[0]);
  const positive = firstMatch(sentence, POSITIVE_CUES);
  if (positive) {
    const negator = negatedBefore(sentence, positive.index);
    if (negator) return call('null', 'negated_positive', `${negator} … ${positive[0]}`);
    return call('positive', 'positive_cue', positive[0]);
  }
  if (ps.some((p) => p.significant) && /\b(?:improv|reduc|decreas|lower|increas|higher|better|benefit|respon|achiev|greater|compared with|versus)/i.test(sentence)) {
    return call('positive', 'statistic', ps.find((p) => p.significant)!.text);
  }
  if (safetyOnly) return call('none', 'safety_no_difference', nullCue![0]);
  return call('none', 'none', null);
}

/** The clause a match sits in: from the previous comma/semicolon/conjunction to the next comma/semicolon. */
function clauseAround(sentence: string, index: number, length: number): string {
  const before = sentence.slice(0, index);
  const start = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), ...[' but ', ' although ', ' whereas ', ' while '].map((w) => before.toLowerCase().lastIndexOf(w)));
  const rest = sentence.slice(index + length);
  const ends = [rest.indexOf(','), rest.indexOf(';')].filter((i) => i >= 0);
  return sentence.slice(start + 1, index + length + (ends.length ? Math.min(...ends) : rest.length));
}

/** Sentences of a text: split after . ! ? followed by a space and a capital, not after "vs." "e.g." or a number's dot. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z(\[])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .reduce<string[]>((out, s) => {
      // Rejoin splits after abbreviations.
      if (out.length > 0 && /\b(?:vs|e\.g|i\.e|et al|Fig|approx|no|Dr|Prof|Mr|Ms|St)\.$/i.test(out[out.length - 1]!)) out[out.length - 1] += ` ${s}`;
      else out.push(s);
      return out;
    }, []);
}

