// Ranking metrics of held-out predictions.
// - AUROC through the Mann–Whitney U statistic (Hanley & McNeil, Radiology 1982): the probability that a
//   random positive scores above a random negative, ties counting one half; computed from average ranks.
// - AUPRC as average precision: Σ over the distinct score thresholds, from the highest, of
//   (recall gained at the threshold) × (precision at the threshold). Tied scores form one threshold, so the
//   value does not depend on how ties are ordered (as scikit-learn's average_precision_score). Pure.

function checkInputs(scores: ArrayLike<number>, labels: ArrayLike<number>): { positives: number; negatives: number } {
  if (scores.length !== labels.length) throw new Error('scores and labels differ in length');
  let positives = 0;
  for (let i = 0; i < labels.length; i++) if (labels[i]) positives++;
  return { positives, negatives: labels.length - positives };
}

/** AUROC; NaN when either class is empty. */
export function auroc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const { positives, negatives } = checkInputs(scores, labels);
  if (positives === 0 || negatives === 0) return NaN;
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let rankSum = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && scores[order[j + 1]!] === scores[order[i]!]) j++;
    const averageRank = (i + j) / 2 + 1; // ranks are 1-based
    for (let k = i; k <= j; k++) if (labels[order[k]!]) rankSum += averageRank;
    i = j + 1;
  }
  const u = rankSum - (positives * (positives + 1)) / 2;
  return u / (positives * negatives);
}

/** Average precision (area under the precision–recall curve); NaN without positives. */
export function averagePrecision(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const { positives } = checkInputs(scores, labels);
  if (positives === 0) return NaN;
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
  let truePositives = 0;
  let seen = 0;
  let ap = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && scores[order[j + 1]!] === scores[order[i]!]) j++;
    let gained = 0;
    for (let k = i; k <= j; k++) if (labels[order[k]!]) gained++;
    truePositives += gained;
    seen += j - i + 1;
    if (gained > 0) ap += (gained / positives) * (truePositives / seen);
    i = j + 1;
  }
  return ap;
}

/**
 * Within-group AUROC: the AUROC of each group (a disease's own compounds) that has both classes, and their
 * mean and median. Why: a pooled AUROC also rewards ranking one disease's pairs above another's (diseases with
 * many treatments score high overall), which no user sees; a user reads one disease's list at a time.
 */
export function withinGroupAuroc(scores: ArrayLike<number>, labels: ArrayLike<number>, groups: ArrayLike<number>): { mean: number; median: number; groups: number } {
  const members = new Map<number, number[]>();
  for (let i = 0; i < groups.length; i++) { const list = members.get(groups[i]!); if (list) list.push(i); else members.set(groups[i]!, [i]); }
  const values: number[] = [];
  for (const rows of members.values()) {
    const a = auroc(rows.map((i) => scores[i]!), rows.map((i) => labels[i]!));
    if (!Number.isNaN(a)) values.push(a);
  }
  if (values.length === 0) return { mean: NaN, median: NaN, groups: 0 };
  values.sort((x, y) => x - y);
  const mid = values.length >> 1;
  return {
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    median: values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2,
    groups: values.length,
  };
}
