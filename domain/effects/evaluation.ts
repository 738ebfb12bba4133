// Scores an effect reader against labelled items (pure): accuracy, per-class precision / recall / F1, macro-F1
// over the three labels (an abstention counts as a miss of the item's label), the confusion matrix (rows:
// expected, columns: read, with a "none" column), the abstention rate, and the rate at which no_difference
// items are read as a significant change. Definitions as in scikit-learn's classification_report.
import type { EffectLabel } from './rule-reader';

export const LABELS = ['increased', 'decreased', 'no_difference'] as const;
export type GoldLabel = (typeof LABELS)[number];

export interface EffectScore {
  n: number;
  accuracy: number;
  macroF1: number;
  perClass: Record<GoldLabel, { n: number; precision: number; recall: number; f1: number }>;
  confusion: Record<GoldLabel, Record<EffectLabel, number>>;
  abstentionRate: number;
  noDifferenceReadAsSignificant: number;
}

export function scoreEffects(pairs: readonly { gold: GoldLabel; read: EffectLabel }[]): EffectScore {
  const confusion = Object.fromEntries(LABELS.map((g) => [g, { increased: 0, decreased: 0, no_difference: 0, none: 0 }])) as Record<GoldLabel, Record<EffectLabel, number>>;
  for (const p of pairs) confusion[p.gold][p.read]++;
  const perClass = {} as EffectScore['perClass'];
  for (const c of LABELS) {
    const tp = confusion[c][c];
    const n = LABELS.reduce((a, g) => a + (g === c ? Object.values(confusion[g]).reduce((x, y) => x + y, 0) : 0), 0);
    const predicted = LABELS.reduce((a, g) => a + confusion[g][c], 0);
    const precision = predicted > 0 ? tp / predicted : 0;
    const recall = n > 0 ? tp / n : 0;
    perClass[c] = { n, precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
  }
  const correct = LABELS.reduce((a, c) => a + confusion[c][c], 0);
  const abstained = LABELS.reduce((a, c) => a + confusion[c].none, 0);
  const nd = confusion.no_difference;
  const ndTotal = nd.increased + nd.decreased + nd.no_difference + nd.none;
  return {
    n: pairs.length,
    accuracy: pairs.length ? correct / pairs.length : 0,
    macroF1: LABELS.reduce((a, c) => a + perClass[c].f1, 0) / LABELS.length,
    perClass,
    confusion,
    abstentionRate: pairs.length ? abstained / pairs.length : 0,
    noDifferenceReadAsSignificant: ndTotal ? (nd.increased + nd.decreased) / ndTotal : 0,
  };
}
