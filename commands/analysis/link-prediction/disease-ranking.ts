// One disease's ranking under a trained link-prediction model: every compound's features and log-odds, the
// order, which pairs are in-sample, the disease's known treatments and, built on demand, each ranked row's
// prediction (SHAP values, top features with their example paths). All of it depends only on the model (hence
// on the active snapshot set it was trained from) and the disease, so it is kept beside the model for the
// last DISEASES_KEPT diseases asked for: a repeated request only slices it. A new active set trains a new model,
// which starts with an empty cache, so an answer is never served from another set's graph.
import { pairKey } from '../../../domain/link-prediction/hetnet-view';
import { sigmoid } from '../../../domain/link-prediction/logistic-regression';
import { DiseaseScores, ExplanationContext, FeatureContribution, scoreCompounds, shapOf, topContributions } from '../../../domain/link-prediction/predict';
import type { TrainedLinkModel } from './link-model';

/** Features listed per prediction, by SHAP value. */
export const TOP_FEATURES = 3;

/** Diseases whose rankings are kept per model (a full ranking with every explanation is a few MB). */
export const DISEASES_KEPT = 16;

type Known = 'treats' | 'palliates' | 'not' | null;
export interface CompoundRef { curie: string; label: string }

export interface Prediction {
  rank: number;
  compound: CompoundRef;
  probability: number;
  log_odds: number;
  known: Known;
  in_sample: boolean;
  shap: Record<string, number> | null;
  top_features: FeatureContribution[];
}

export interface KnownTreatment { compound: CompoundRef; rank: number; probability: number; in_sample: boolean }

export class DiseaseRanking {
  readonly scores: DiseaseScores;
  /** Rows (compound positions) by rank: highest log-odds first, ties in CURIE order (the compounds are in CURIE order). */
  readonly order: number[];
  readonly rankOf: Int32Array;
  readonly knownTreatments: KnownTreatment[];
  private readonly explanations: ExplanationContext;
  private readonly training = new Set<number>();
  /** Predictions by rank − 1, built the first time a request reaches that rank. */
  private readonly built: (Prediction | undefined)[] = [];

  constructor(private readonly trained: TrainedLinkModel, readonly disease: number) {
    const { model, view } = trained;
    this.scores = scoreCompounds(model, trained.predictor, view, disease);
    const { logit, compounds } = this.scores;
    const m = compounds.length;
    this.order = Array.from({ length: m }, (_, i) => i).sort((a, b) => logit[b]! - logit[a]! || a - b);
    this.rankOf = new Int32Array(m);
    this.order.forEach((row, k) => { this.rankOf[row] = k + 1; });
    this.explanations = new ExplanationContext(view, disease);
    // Pairs the model was fitted on (positives and negatives): their scores are in-sample, not predictions.
    const n = view.nodeCount;
    const set = trained.set;
    for (let i = 0; i < set.label.length; i++) if (set.disease[i] === disease) this.training.add(pairKey(set.compound[i]!, disease, n));
    const position = new Map<number, number>();
    compounds.forEach((c, row) => position.set(c, row));
    this.knownTreatments = [...view.neighbours('CtD', false, disease)]
      .filter((c) => position.has(c))
      .map((c) => position.get(c)!)
      .sort((a, b) => this.rankOf[a]! - this.rankOf[b]!)
      .map((row) => ({ compound: this.compoundRef(row), rank: this.rankOf[row]!, probability: sigmoid(logit[row]!), in_sample: this.inSample(row) }));
  }

  /** The top `topN` predictions; without SHAP vectors when `noShap` (their top features stay). */
  top(topN: number, noShap: boolean): Prediction[] {
    const out: Prediction[] = [];
    for (let k = 0; k < Math.min(topN, this.order.length); k++) {
      const p = (this.built[k] ??= this.prediction(this.order[k]!));
      out.push(noShap ? { ...p, shap: null } : p);
    }
    return out;
  }

  private compoundRef(row: number): CompoundRef {
    const g = this.trained.view.graph;
    const c = this.scores.compounds[row]!;
    return { curie: g.id(c), label: g.label(c) };
  }

  private inSample(row: number): boolean {
    return this.training.has(pairKey(this.scores.compounds[row]!, this.disease, this.trained.view.nodeCount));
  }

  private known(row: number): Known {
    const { trained, disease } = this;
    const compound = this.scores.compounds[row]!;
    const key = pairKey(compound, disease, trained.view.nodeCount);
    if (trained.view.neighbours('CtD', false, disease).includes(compound)) return 'treats';
    if (trained.palliates.has(key)) return 'palliates';
    if (trained.curatedNot.has(key)) return 'not';
    return null;
  }

  private prediction(row: number): Prediction {
    const { model } = this.trained;
    const phi = shapOf(model, this.scores, row);
    const logOdds = this.scores.logit[row]!;
    return {
      rank: this.rankOf[row]!,
      compound: this.compoundRef(row),
      probability: sigmoid(logOdds),
      log_odds: logOdds,
      known: this.known(row),
      in_sample: this.inSample(row),
      shap: Object.fromEntries(model.specs.map((spec, f) => [spec.id, phi[f]!])),
      top_features: topContributions(model, this.explanations, this.scores, row, TOP_FEATURES),
    };
  }
}

const rankings = new WeakMap<TrainedLinkModel, Map<number, DiseaseRanking>>();

/** The disease's ranking under the model: from the model's cache, else computed and kept (least recently asked dropped). */
export function diseaseRanking(trained: TrainedLinkModel, disease: number): DiseaseRanking {
  let byDisease = rankings.get(trained);
  if (!byDisease) rankings.set(trained, (byDisease = new Map()));
  let ranking = byDisease.get(disease);
  if (ranking) byDisease.delete(disease); // re-inserted below: most recently asked last
  else ranking = new DiseaseRanking(trained, disease);
  byDisease.set(disease, ranking);
  for (const key of byDisease.keys()) if (byDisease.size > DISEASES_KEPT) byDisease.delete(key);
  return ranking;
}

/** Whether the disease's ranking is cached under the model (for tests). */
export function diseaseRankingCached(trained: TrainedLinkModel, disease: number): boolean {
  return rankings.get(trained)?.has(disease) ?? false;
}
