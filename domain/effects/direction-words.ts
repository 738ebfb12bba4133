// Which way each word of a sentence points (pure), read in context rather than word by word:
//   - a comparative followed by a word of change composes with it: "greater reductions" and "less increase"
//     point down, "smaller decrease" up ("greater" alone would read as up);
//   - words of improvement ("improved", "better") and of worsening ("worse", "poorer", "deterioration") point
//     the way that is better or worse for the outcome: down for a lower-is-better outcome (pain, severity,
//     HAMD), up otherwise ("greater improvement in depressive symptom severity" is a decrease of severity).
// Used by the rule reader (which word decides, and its sign) and by the learned reader's direction features.
import { DECREASE, INCREASE } from './direction-cues';

const INCREASE_TOKEN = new RegExp(`^(?:${INCREASE.source})$`);
const DECREASE_TOKEN = new RegExp(`^(?:${DECREASE.source})$`);
const IMPROVE = /^(?:improv\w*|better)$/;
const WORSEN = /^(?:worse\w*|poorer|deteriorat\w*)$/;
const COMPARATIVE = /^(?:greater|larger|bigger|more|higher|less|smaller|lower|fewer)$/;
/** Words of change a comparative can govern: the noun's sign times the comparative's. */
const CHANGE_UP = /^(?:increases?|increments?|gains?|rises?|elevations?)$/;
const CHANGE_DOWN = /^(?:reductions?|decreases?|declines?|drops?|falls?|loss(?:es)?|lowering)$/;
/** Words allowed between a comparative and its noun: "greater mean reductions", "more rapid decline". */
const BETWEEN = /^(?:mean|median|overall|absolute|relative|percentage|percent|%|rapid|marked|average|weight|and|significant|clinically|sustained)$/;

/** The sign of one word on its own: +1 up, -1 down, 0 neither; improvement by the outcome's polarity. */
export function wordSign(word: string, improvementSign: 1 | -1): 1 | -1 | 0 {
  if (IMPROVE.test(word)) return improvementSign;
  if (WORSEN.test(word)) return (-improvementSign) as 1 | -1;
  if (INCREASE_TOKEN.test(word)) return 1;
  if (DECREASE_TOKEN.test(word)) return -1;
  return 0;
}

function changeSign(word: string, improvementSign: 1 | -1): 1 | -1 | 0 {
  if (CHANGE_UP.test(word)) return 1;
  if (CHANGE_DOWN.test(word)) return -1;
  if (/^improvements?$/.test(word)) return improvementSign;
  if (/^(?:deteriorations?|worsening)$/.test(word)) return (-improvementSign) as 1 | -1;
  return 0;
}

/**
 * Each token's direction in context (0: not a direction word). A comparative and the word of change it
 * governs both carry the composed sign. A word of the outcome's own name (`outcome[i]`: "reduction in
 * aggression", "weight loss") is the outcome, not a change of it: it points up (the change named happened,
 * or happened more) and a comparative before it keeps its own sign ("greater weight loss" is more of it).
 */
export function tokenDirections(tokens: readonly string[], improvementSign: 1 | -1, outcome?: readonly boolean[]): (1 | -1 | 0)[] {
  const signs = tokens.map((t, i) => {
    const sign = wordSign(t, improvementSign);
    return outcome?.[i] && sign !== 0 ? 1 : sign;
  });
  for (let i = 0; i < tokens.length; i++) {
    if (!COMPARATIVE.test(tokens[i]!) || outcome?.[i]) continue;
    for (let j = i + 1; j < Math.min(tokens.length, i + 4); j++) {
      if (outcome?.[j]) break;
      const change = changeSign(tokens[j]!, improvementSign);
      if (change !== 0) {
        const composed = (signs[i]! * change) as 1 | -1;
        signs[i] = composed;
        signs[j] = composed;
        break;
      }
      if (!BETWEEN.test(tokens[j]!)) break;
    }
  }
  return signs;
}
