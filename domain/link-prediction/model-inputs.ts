// The metaedge view and training pairs of a graph within the model's scope (model-scope.ts): what the served
// model, `evidence ml evaluate` and the tests all train on. Labels are the TREATS edges the scope allows
// (PharmacotherapyDB DM), PALLIATES likewise; curated NOT pairs come from the caller (read from the store). Pure.
import { edgeTypeIndex } from '../knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';
import { HetnetView } from './hetnet-view';
import { FeatureSetName, modelScope } from './model-scope';
import { LINK_PREDICTION_DEFAULTS } from './train-model';
import { buildTrainingSet, TrainingSet } from './training-set';

/** (source, target) of the graph's edges of one type that pass `allowed`. */
export function edgePairs(g: TypedKnowledgeGraph, type: string, allowed: (e: number) => boolean = () => true): [number, number][] {
  const t = edgeTypeIndex(type)!;
  const a = g.adjacency();
  const out: [number, number][] = [];
  for (let e = 0; e < g.edgeCount; e++) if (a.edgeType[e] === t && allowed(e)) out.push([a.edgeSrc[e]!, a.edgeDst[e]!]);
  return out;
}

export interface ModelInputs {
  view: HetnetView;
  set: TrainingSet;
  palliates: [number, number][];
}

export function modelInputs(
  g: TypedKnowledgeGraph, curatedNot: readonly [number, number][],
  options: { seed: number; folds: number; featureSet?: FeatureSetName; resembles?: { src: Int32Array; dst: Int32Array } },
): ModelInputs {
  const scope = modelScope(g, options.featureSet ?? LINK_PREDICTION_DEFAULTS.featureSet);
  const view = HetnetView.of(g, LINK_PREDICTION_DEFAULTS.damping, scope.edgeAllowed, options.resembles);
  const treats = edgePairs(g, 'TREATS', scope.edgeAllowed);
  const palliates = edgePairs(g, 'PALLIATES', scope.edgeAllowed);
  const set = buildTrainingSet({
    graph: g, treats, palliates, curatedNot, seed: options.seed, folds: options.folds,
    negativesPerPositive: LINK_PREDICTION_DEFAULTS.negativesPerPositive, scope,
  });
  return { view, set, palliates };
}
