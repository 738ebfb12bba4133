// Scores the outcome classifier on labelled statements: accuracy, per-class recall and precision, the
// confusion matrix and the misses (used by npm run bench:outcomes and its test). Pure.
import { classifyOutcomeSentence, OutcomeClass } from './outcome-classifier';

export const OUTCOME_CLASSES: readonly OutcomeClass[] = ['positive', 'null', 'negative', 'harm', 'none'];

export interface LabelledStatement { expected: OutcomeClass; text: string }

/** `class<TAB>text` lines; `#` comments and blank lines skipped. */
export function readLabelledStatements(tsv: string): LabelledStatement[] {
  return tsv.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).map((l, i) => {
    const tab = l.indexOf('\t');
    const expected = l.slice(0, tab) as OutcomeClass;
    if (tab < 0 || !OUTCOME_CLASSES.includes(expected)) throw new Error(`labelled statement ${i + 1}: '${l.slice(0, 40)}' has no valid class`);
    return { expected, text: l.slice(tab + 1).trim() };
  });
}

export function scoreClassifier(labelled: readonly LabelledStatement[]) {
  const confusion: Record<string, Record<string, number>> = {};
  const misses: { expected: OutcomeClass; got: OutcomeClass; rule: string; cue: string | null; text: string }[] = [];
  let correct = 0;
  for (const { expected, text } of labelled) {
    const call = classifyOutcomeSentence(text);
    (confusion[expected] ??= {})[call.class] = (confusion[expected]![call.class] ?? 0) + 1;
    if (call.class === expected) correct++;
    else misses.push({ expected, got: call.class, rule: call.rule, cue: call.cue, text });
  }
  const perClass: Record<string, { n: number; recall: number; precision: number }> = {};
  for (const cls of OUTCOME_CLASSES) {
    const n = Object.values(confusion[cls] ?? {}).reduce((a, b) => a + b, 0);
    const tp = confusion[cls]?.[cls] ?? 0;
    const predicted = OUTCOME_CLASSES.reduce((sum, e) => sum + (confusion[e]?.[cls] ?? 0), 0);
    perClass[cls] = { n, recall: n ? tp / n : 0, precision: predicted ? tp / predicted : 0 };
  }
  return { accuracy: labelled.length ? correct / labelled.length : 0, perClass, confusion, misses };
}
