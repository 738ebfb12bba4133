// Fitting the link-prediction model (Project Rephetio's design, Himmelstein et al., eLife 2017,
// doi:10.7554/eLife.26726; their elastic-net penalty — a linear model, so SHAP values stay exact):
// 1. training pairs (training-set.ts), each in one of k folds;
// 2. features of the pairs of fold j computed on the graph WITHOUT the treatments of fold j, so no positive
//    pair ever sees its own TREATS edge (nor its degree) in its features — and no pair sees it in the held-out
//    evaluation either (cross-validate.ts);
// 3. transforms fitted on the training pairs (transforms.ts);
// 4. an elastic-net logistic regression (elastic-net.ts, α = 0.2: mostly ridge, enough lasso to drop features),
//    λ from a log-spaced path chosen by k-fold cross-validation over the same folds (lowest mean held-out
//    log-loss; ties to the larger λ), then the model refitted on every pair (features at 0 are dropped);
// 5. the intercept corrected for the negative sampling (King & Zeng, Political Analysis 2001, prior
//    correction), so probabilities refer to the prevalence of treatments among all compound × treated-disease
//    pairs rather than the sample's.
// A generator: it yields progress between units of work so a caller can keep its event loop responsive.
import { FEATURE_COUNT, FEATURES, FeatureComputer, FeatureSpec } from './feature-set';
import { HetnetView, pairKey } from './hetnet-view';
import { fitElasticNetPath, lambdaMax, lambdaPath } from './elastic-net';
import { logits } from './logistic-regression';
import { FeatureScaling, fitScaling, standardize } from './transforms';
import type { CompoundUniverse, FeatureSetName } from './model-scope';
import type { TrainingSet } from './training-set';

export const LINK_PREDICTION_DEFAULTS = {
  /** Project Rephetio's publication date. */
  seed: 20170922,
  folds: 5,
  negativesPerPositive: 20,
  /**
   * The elastic-net penalty: α (0 ridge, 1 lasso) and the λ path, `count` values log-spaced from λ_max (every
   * β 0) down to λ_max · `ratio`. α = 0.2 was chosen on the internal cross-validation (docs/modules.md).
   */
  penalty: { alpha: 0.2, count: 25, ratio: 1e-3 } as PenaltyOptions,
  /** The DWPC damping exponent w of Project Rephetio. */
  damping: 0.4,
  /** Fewer DM TREATS pairs than this in the active snapshots: the module is not available. */
  minPositives: 20,
  /** The edges and compounds the model sees (model-scope.ts): Rephetio-era resources only. */
  featureSet: 'rephetio_era' as FeatureSetName,
};

export interface Progress { done: number; total: number; message: string }

export interface PenaltyOptions { alpha: number; count: number; ratio: number }

export interface LambdaScore { lambda: number; mean_log_loss: number }

export interface FittedModel {
  scaling: FeatureScaling;
  intercept: number;
  beta: number[];
  lambda: number;
  /** The elastic net's mixing parameter (0 ridge, 1 lasso). */
  alpha: number;
  lambdaSelection: LambdaScore[];
  converged: boolean;
}

export interface LinkModel extends FittedModel {
  specs: readonly FeatureSpec[];
  /** Added to the intercept: logit(population prevalence) − logit(sample prevalence). */
  offset: number;
  training: {
    positives: number; curated_negatives: number; sampled_negatives: number;
    compounds: number; diseases: number; folds: number; seed: number; negatives_per_positive: number;
    population_pairs: number; population_prevalence: number; sample_prevalence: number;
    /** The compound universe negatives and candidates range over (model-scope.ts), null without a scope. */
    compound_universe: CompoundUniverse | null;
  };
}

/** The positives of each fold as held-out pair keys. */
export function foldMasks(base: HetnetView, set: TrainingSet): Set<number>[] {
  const masks = Array.from({ length: set.folds }, () => new Set<number>());
  for (let i = 0; i < set.label.length; i++) if (set.label[i]) masks[set.fold[i]!]!.add(pairKey(set.compound[i]!, set.disease[i]!, base.nodeCount));
  return masks;
}

export const union = (...sets: ReadonlySet<number>[]): Set<number> => {
  const out = new Set<number>();
  for (const s of sets) for (const k of s) out.add(k);
  return out;
};

/**
 * Raw features of `rows` (indices into the training set), row r computed on the base graph without the
 * treatments `heldOut(r).pairs` (rows sharing a `key` share one view). Yields once per view.
 */
export function* rowFeatures(
  computer: FeatureComputer, set: TrainingSet, rows: readonly number[],
  heldOut: (row: number) => { key: string; pairs: ReadonlySet<number> }, label: string,
): Generator<Progress, Float64Array> {
  const p = FEATURE_COUNT;
  const out = new Float64Array(rows.length * p);
  const groups = new Map<string, { pairs: ReadonlySet<number>; items: number[] }>();
  rows.forEach((r, i) => {
    const h = heldOut(r);
    const group = groups.get(h.key) ?? { pairs: h.pairs, items: [] };
    group.items.push(i);
    groups.set(h.key, group);
  });
  const position = new Map<number, number>();
  computer.compounds.forEach((c, i) => position.set(c, i));
  let done = 0;
  for (const [key, group] of groups) {
    const view = computer.base.withoutTreats(group.pairs);
    const byDisease = new Map<number, number[]>();
    for (const i of group.items) {
      const d = set.disease[rows[i]!]!;
      (byDisease.get(d) ?? byDisease.set(d, []).get(d)!).push(i);
    }
    for (const [disease, items] of byDisease) {
      const all = computer.forDisease(view, disease);
      for (const i of items) {
        const at = position.get(set.compound[rows[i]!]!);
        if (at === undefined) throw new Error('rowFeatures: a training compound outside the computer\'s compounds');
        out.set(all.subarray(at * p, at * p + p), i * p);
      }
    }
    done++;
    yield { done, total: groups.size, message: `${label}: features for view ${key}` };
  }
  return out;
}

/**
 * The λ path (from the rows' own λ_max) and the mean log-loss of held-out rows for each λ, folds given per row;
 * the λ with the lowest (ties: the larger λ). Each fold fits the whole path with warm starts.
 */
export function selectLambda(z: Float64Array, y: Uint8Array, fold: Int32Array, penalty: PenaltyOptions): { lambda: number; path: number[]; table: LambdaScore[] } {
  const p = FEATURE_COUNT;
  const rows = y.length;
  const path = lambdaPath(lambdaMax(z, y, rows, p, penalty.alpha), penalty.count, penalty.ratio);
  const loss = new Float64Array(path.length);
  for (const f of [...new Set(fold)].sort((a, b) => a - b)) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < rows; i++) (fold[i] === f ? test : train).push(i);
    const xs = pick(z, test, p);
    fitElasticNetPath(pick(z, train, p), pickLabels(y, train), train.length, p, path, penalty.alpha).forEach((fit, q) => {
      const eta = logits(fit, xs, test.length, p);
      test.forEach((i, k) => {
        const t = eta[k]!;
        // log(1 + e^t) − y t, stable.
        loss[q]! += (t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t))) - y[i]! * t;
      });
    });
  }
  const table = path.map((lambda, q) => ({ lambda, mean_log_loss: loss[q]! / rows }));
  let best = 0;
  for (let q = 1; q < path.length; q++) if (loss[q]! < loss[best]! - 1e-12 * Math.abs(loss[best]!)) best = q;
  return { lambda: path[best]!, path: path.slice(0, best + 1), table };
}

export function pick(x: Float64Array, rows: readonly number[], p: number): Float64Array {
  const out = new Float64Array(rows.length * p);
  rows.forEach((r, i) => out.set(x.subarray(r * p, r * p + p), i * p));
  return out;
}

export function pickLabels(y: Uint8Array, rows: readonly number[]): Uint8Array {
  return Uint8Array.from(rows, (r) => y[r]!);
}

/** Transforms, λ by cross-validation over `fold`, and the final fit, on raw training rows. */
export function fitModel(raw: Float64Array, y: Uint8Array, fold: Int32Array, penalty: PenaltyOptions): FittedModel {
  const p = FEATURE_COUNT;
  const rows = y.length;
  const scaling = fitScaling(FEATURES, raw, rows);
  const z = standardize(FEATURES, scaling, raw, rows);
  const { lambda, path, table } = selectLambda(z, y, fold, penalty);
  // The path down to the chosen λ, warm-started (as glmnet does): the last fit is the model.
  const fits = fitElasticNetPath(z, y, rows, p, path, penalty.alpha);
  const fit = fits[fits.length - 1]!;
  return { scaling, intercept: fit.intercept, beta: fit.beta, lambda, alpha: penalty.alpha, lambdaSelection: table, converged: fits.every((f) => f.converged) };
}

const logit = (q: number): number => Math.log(q / (1 - q));

/** Trains the served model on the whole training set. */
export function* trainLinkModel(
  base: HetnetView, set: TrainingSet, computer: FeatureComputer,
  options: { seed: number; negativesPerPositive: number; penalty?: PenaltyOptions },
): Generator<Progress, LinkModel> {
  const masks = foldMasks(base, set);
  const rows = Array.from({ length: set.label.length }, (_, i) => i);
  const raw = yield* rowFeatures(computer, set, rows, (r) => ({ key: `fold ${set.fold[r]}`, pairs: masks[set.fold[r]!]! }), 'training');
  yield { done: 0, total: 1, message: 'training: choosing λ by cross-validation and fitting' };
  const fitted = fitModel(raw, set.label, set.fold, options.penalty ?? LINK_PREDICTION_DEFAULTS.penalty);
  const positives = set.label.reduce((s, v) => s + v, 0);
  const populationPrevalence = set.population.positives / set.population.pairs;
  const samplePrevalence = positives / set.label.length;
  return {
    ...fitted, specs: FEATURES, offset: logit(populationPrevalence) - logit(samplePrevalence),
    training: {
      positives, curated_negatives: set.origin.filter((o) => o === 'curated_not').length, sampled_negatives: set.origin.filter((o) => o === 'sampled').length,
      compounds: set.compounds.length, diseases: set.diseases.length, folds: set.folds, seed: options.seed, negatives_per_positive: options.negativesPerPositive,
      population_pairs: set.population.pairs, population_prevalence: populationPrevalence, sample_prevalence: samplePrevalence,
      compound_universe: set.universe,
    },
  };
}
