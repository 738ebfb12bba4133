// Cross-validated performance of the link-prediction model on OUR hold-outs, two ways:
// - held-out pairs: the folds of the training set (training-set.ts); a test fold's treatments are removed
//   from the graph before ITS features are computed, and from the graph of every training row too (each
//   training row also loses its own fold's treatments), so the test labels reach neither side;
// - held-out diseases: diseases dealt into folds (seeded); every treatment of a test fold's diseases is
//   removed, so a test disease looks like one with no known treatment (the repurposing question).
// The transforms and the elastic net's λ are fitted inside each outer fold on its training rows (λ by inner cross-validation
// over the training rows' own folds). Predictions are pooled over the outer folds, then scored with AUROC
// and AUPRC (classification-metrics.ts). Also: one disease held out and every compound ranked for it.
import { auroc, averagePrecision, withinGroupAuroc } from './classification-metrics';
import { FEATURE_COUNT, FEATURES, FeatureComputer } from './feature-set';
import { HetnetView, pairKey } from './hetnet-view';
import { logits } from './logistic-regression';
import { seededRandom } from '../shared/seeded-random';
import { fitModel, foldMasks, LINK_PREDICTION_DEFAULTS, PenaltyOptions, pickLabels, Progress, rowFeatures, union } from './train-model';
import { dealFolds, TrainingSet } from './training-set';
import { standardize } from './transforms';

export interface HeldOutResult {
  scheme: 'pairs' | 'diseases';
  auroc: number;
  /** AUROC within each disease's own pairs (diseases with both classes), mean and median over them. */
  within_disease_auroc: { mean: number; median: number; diseases: number };
  auprc: number;
  positives: number;
  negatives: number;
  folds: number;
  /** The λ chosen inside each outer fold. */
  lambdas: number[];
}

function* heldOutFolds(
  computer: FeatureComputer, set: TrainingSet, scheme: 'pairs' | 'diseases',
  testFold: Int32Array, testMask: Set<number>[], penalty: PenaltyOptions,
): Generator<Progress, HeldOutResult> {
  const base = computer.base;
  const pairMasks = foldMasks(base, set);
  const scores = new Float64Array(set.label.length);
  const chosen: number[] = [];
  const folds = testMask.length;
  for (let k = 0; k < folds; k++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < set.label.length; i++) (testFold[i] === k ? test : train).push(i);
    if (test.length === 0) continue;
    const views = new Map<number, Set<number>>();
    const trainRaw = yield* rowFeatures(computer, set, train, (r) => {
      const j = set.fold[r]!;
      if (!views.has(j)) views.set(j, union(testMask[k]!, pairMasks[j]!));
      return { key: `${scheme} ${k} train ${j}`, pairs: views.get(j)! };
    }, `held-out ${scheme}, fold ${k + 1}/${folds}`);
    const testRaw = yield* rowFeatures(computer, set, test, () => ({ key: `${scheme} ${k} test`, pairs: testMask[k]! }), `held-out ${scheme}, fold ${k + 1}/${folds}`);
    const fitted = fitModel(trainRaw, pickLabels(set.label, train), Int32Array.from(train, (r) => set.fold[r]!), penalty);
    chosen.push(fitted.lambda);
    const eta = logits(fitted, standardize(FEATURES, fitted.scaling, testRaw, test.length), test.length, FEATURE_COUNT);
    test.forEach((r, t) => { scores[r] = eta[t]!; });
    yield { done: k + 1, total: folds, message: `held-out ${scheme}: fold ${k + 1}/${folds} scored` };
  }
  const positives = set.label.reduce((s, v) => s + v, 0);
  const within = withinGroupAuroc(scores, set.label, set.disease);
  return { scheme, auroc: auroc(scores, set.label), within_disease_auroc: { mean: within.mean, median: within.median, diseases: within.groups }, auprc: averagePrecision(scores, set.label), positives, negatives: set.label.length - positives, folds, lambdas: chosen };
}

/** Held-out pairs: the training set's own folds. */
export function* evaluateByPairs(computer: FeatureComputer, set: TrainingSet, penalty: PenaltyOptions = LINK_PREDICTION_DEFAULTS.penalty): Generator<Progress, HeldOutResult> {
  return yield* heldOutFolds(computer, set, 'pairs', set.fold, foldMasks(computer.base, set), penalty);
}

/** Held-out diseases: the training pairs' diseases (CURIE order) dealt into folds with the seed. */
export function* evaluateByDiseases(computer: FeatureComputer, set: TrainingSet, seed: number, penalty: PenaltyOptions = LINK_PREDICTION_DEFAULTS.penalty): Generator<Progress, HeldOutResult> {
  const g = computer.base.graph;
  const diseases = [...new Set(set.disease)].sort((a, b) => (g.id(a) < g.id(b) ? -1 : g.id(a) > g.id(b) ? 1 : 0));
  const dealt = dealFolds(diseases.length, set.folds, seededRandom(seed ^ 0xd15ea5e));
  const foldOf = new Map(diseases.map((d, i) => [d, dealt[i]!]));
  const testFold = Int32Array.from(set.disease, (d) => foldOf.get(d)!);
  const masks = Array.from({ length: set.folds }, () => new Set<number>());
  for (let i = 0; i < set.label.length; i++) if (set.label[i]) masks[testFold[i]!]!.add(pairKey(set.compound[i]!, set.disease[i]!, g.nodeCount));
  return yield* heldOutFolds(computer, set, 'diseases', testFold, masks, penalty);
}

export interface HeldOutDiseaseRanking {
  disease: number;
  compounds: number;
  /** The disease's treatments (all held out), with their rank among every compound (1 = top). */
  treatments: { compound: number; rank: number }[];
  lambda: number;
}

/**
 * One disease held out entirely: the model is fitted without any of its pairs on a graph without any of its
 * treatments, then every compound is scored for it on that graph. The rank of each of its treatments says
 * whether the model would have found them.
 */
export function* heldOutDiseaseRanking(computer: FeatureComputer, set: TrainingSet, disease: number, penalty: PenaltyOptions = LINK_PREDICTION_DEFAULTS.penalty): Generator<Progress, HeldOutDiseaseRanking> {
  const base: HetnetView = computer.base;
  const n = base.nodeCount;
  const treatments = [...base.neighbours('CtD', false, disease)];
  const held = new Set(treatments.map((c) => pairKey(c, disease, n)));
  const pairMasks = foldMasks(base, set);
  const train: number[] = [];
  for (let i = 0; i < set.label.length; i++) if (set.disease[i] !== disease) train.push(i);
  const views = new Map<number, Set<number>>();
  const raw = yield* rowFeatures(computer, set, train, (r) => {
    const j = set.fold[r]!;
    if (!views.has(j)) views.set(j, union(held, pairMasks[j]!));
    return { key: `without disease, fold ${j}`, pairs: views.get(j)! };
  }, 'held-out disease');
  const fitted = fitModel(raw, pickLabels(set.label, train), Int32Array.from(train, (r) => set.fold[r]!), penalty);
  const all = computer.forDisease(base.withoutTreats(held), disease);
  const m = computer.compounds.length;
  const eta = logits(fitted, standardize(FEATURES, fitted.scaling, all, m), m, FEATURE_COUNT);
  const position = new Map<number, number>();
  computer.compounds.forEach((c, i) => position.set(c, i));
  const ranked = treatments.filter((c) => position.has(c)).map((c) => {
    const score = eta[position.get(c)!]!;
    let above = 0;
    for (let i = 0; i < m; i++) if (eta[i]! > score) above++;
    return { compound: c, rank: above + 1 };
  });
  return { disease, compounds: m, treatments: ranked.sort((a, b) => a.rank - b.rank || a.compound - b.compound), lambda: fitted.lambda };
}
