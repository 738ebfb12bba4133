// The link-prediction model of the active snapshots: the training pairs read off the served knowledge graph
// (TREATS, PALLIATES, within the model's scope: domain/link-prediction/model-scope.ts) and the store (the curated NOT claims of the same snapshots), then the model trained
// once per active set — keyed by the set's snapshot ids (ServedGraph.key) and kept while that set is among
// the last two, like the graph itself. The first request after an activation trains; the ones after it (and
// any arriving while it trains) share the result. Fewer than LINK_PREDICTION_DEFAULTS.minPositives
// disease-modifying TREATS pairs: not available (the reason is kept for the set too).
import type { Knex } from 'knex';
import { canonicalCurie } from '../../../domain/biomed/curie';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { FeatureComputer } from '../../../domain/link-prediction/feature-set';
import { HetnetView, pairKey } from '../../../domain/link-prediction/hetnet-view';
import type { FeatureSetName } from '../../../domain/link-prediction/model-scope';
import { LINK_PREDICTION_DEFAULTS, LinkModel, Progress, trainLinkModel } from '../../../domain/link-prediction/train-model';
import { edgePairs, modelInputs } from '../../../domain/link-prediction/model-inputs';
import type { TrainingSet } from '../../../domain/link-prediction/training-set';
import { curatedNonIndications } from '../../../infra/kg/curated-non-indications';
import type { ServedGraph } from '../../../infra/kg/store-graph-cache';
import { compoundResemblance } from './compound-resemblance';
import { drive } from './drive';

export interface LinkTrainingData {
  view: HetnetView;
  set: TrainingSet;
  /** Keys (pairKey) of the curated non-indications and the palliative pairs, for labelling predictions. */
  curatedNot: ReadonlySet<number>;
  palliates: ReadonlySet<number>;
}

export interface TrainedLinkModel extends LinkTrainingData {
  /** The snapshot ids the model was trained from (the active set's key). */
  version: string;
  model: LinkModel;
  /** Feature computation for predictions (no per-disease cache: any disease may be asked for). */
  predictor: FeatureComputer;
  train_ms: number;
}

export type LinkModelOutcome = { kind: 'ready'; trained: TrainedLinkModel } | { kind: 'not_available'; reason: string };

// The TREATS count per graph: every request checks it, and counting scans every edge of the graph.
const treatsCounts = new WeakMap<TypedKnowledgeGraph, number>();

/** Why the model cannot be trained on this graph, or null when it can. */
export function unavailableReason(g: TypedKnowledgeGraph): string | null {
  let positives = treatsCounts.get(g);
  if (positives === undefined) treatsCounts.set(g, (positives = edgePairs(g, 'TREATS').length));
  if (positives >= LINK_PREDICTION_DEFAULTS.minPositives) return null;
  return `link prediction needs at least ${LINK_PREDICTION_DEFAULTS.minPositives} disease-modifying treatments (PharmacotherapyDB DM TREATS pairs) `
    + `in the active snapshots to train on; they hold ${positives}. Import pharmacotherapydb (and the drug and disease resources) first.`;
}

/** The training pairs of a graph, with the curated negatives of its snapshots. */
export async function linkTrainingData(served: ServedGraph, db: Knex, options: { seed: number; folds: number; featureSet?: FeatureSetName }): Promise<LinkTrainingData> {
  const g = served.graph;
  const n = g.nodeCount;
  const curatedNot: [number, number][] = [];
  for (const row of await curatedNonIndications(db, g.snapshots)) {
    const c = g.lookup(canonicalCurie(row.subject));
    const d = g.lookup(canonicalCurie(row.object));
    if (c !== undefined && d !== undefined && g.typeOf(c) === 'Compound' && g.typeOf(d) === 'Disease') curatedNot.push([c, d]);
  }
  // DrugBank's structures are a Rephetio-era resource: the resembles edges belong to every feature set.
  const resembles = await compoundResemblance(db, g);
  const { view, set, palliates } = modelInputs(g, curatedNot, { ...options, resembles });
  return {
    view, set,
    curatedNot: new Set(curatedNot.map(([c, d]) => pairKey(c, d, n))),
    palliates: new Set(palliates.map(([c, d]) => pairKey(c, d, n))),
  };
}

const KEPT = 2;
const models = new Map<string, Promise<LinkModelOutcome>>();

/** The model of the served graph's snapshot set: trained on first use, then from the cache. */
/**
 * The model of the served graph's snapshot set: trained on first use, then from the cache. Training is
 * shared by every request of the set, so no single caller can abort it; `onProgress` is the first caller's.
 */
export function linkModel(served: ServedGraph, db: Knex, onProgress?: (p: Progress) => Promise<void> | void): Promise<LinkModelOutcome> {
  let outcome = models.get(served.key);
  if (!outcome) {
    outcome = train(served, db, onProgress);
    outcome.catch(() => models.delete(served.key)); // a failed training is tried again next time
    models.set(served.key, outcome);
    for (const key of models.keys()) if (models.size > KEPT) models.delete(key);
  }
  return outcome;
}

/** Whether the served graph's model is cached (trained or training): for tests and the route's description. */
export function linkModelCached(served: ServedGraph): boolean {
  return models.has(served.key);
}

async function train(served: ServedGraph, db: Knex, onProgress?: (p: Progress) => Promise<void> | void): Promise<LinkModelOutcome> {
  const reason = unavailableReason(served.graph);
  if (reason) return { kind: 'not_available', reason };
  const started = performance.now();
  const { seed, folds, negativesPerPositive } = LINK_PREDICTION_DEFAULTS;
  const data = await linkTrainingData(served, db, { seed, folds });
  const computer = new FeatureComputer(data.view, data.set.compounds);
  const model = await drive(trainLinkModel(data.view, data.set, computer, { seed, negativesPerPositive }), onProgress);
  const predictor = new FeatureComputer(data.view, data.set.compounds, false);
  return { kind: 'ready', trained: { ...data, version: served.key, model, predictor, train_ms: Math.round(performance.now() - started) } };
}
