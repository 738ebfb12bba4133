// Predictions for one disease over every compound with the fitted model: features on the graph of the active
// snapshots (a compound's own treatment of the disease never counts: DWPCs are over simple paths that cannot
// use it and the compound's indication count leaves it out), log-odds with the prior correction, exact SHAP
// values (linear-shap.ts), and for the top contributing features one example path each: the heaviest path
// of a DWPC's metapath (example-path.ts), the interactome route of the proximity, or one edge of a degree. Pure.
import { HeaviestPaths } from './example-path';
import type { Metapath } from './metapaths';
import { FEATURE_COUNT, FeatureComputer, FeatureSpec } from './feature-set';
import { HetnetView, METAEDGES } from './hetnet-view';
import { linearShap } from './linear-shap';
import { DiseaseDistances, diseaseDistances, proximityPath } from './proximity';
import type { LinkModel } from './train-model';
import { standardize } from './transforms';
import { edgeTypeMask, TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';

export interface DiseaseScores {
  compounds: Int32Array;
  /** Raw and standardized features, compounds × features. */
  raw: Float64Array;
  z: Float64Array;
  /** Log-odds including the prior correction. */
  logit: Float64Array;
}

export function scoreCompounds(model: LinkModel, computer: FeatureComputer, view: HetnetView, disease: number): DiseaseScores {
  const m = computer.compounds.length;
  const p = FEATURE_COUNT;
  const raw = computer.forDisease(view, disease);
  const z = standardize(model.specs, model.scaling, raw, m);
  const logit = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let eta = model.intercept + model.offset;
    for (let f = 0; f < p; f++) eta += model.beta[f]! * z[i * p + f]!;
    logit[i] = eta;
  }
  return { compounds: computer.compounds, raw, z, logit };
}

/** Base value of the SHAP decomposition: log-odds at the training mean (standardized inputs: all zero). */
export const shapBaseValue = (model: LinkModel): number => model.intercept + model.offset;

export function shapOf(model: LinkModel, scores: DiseaseScores, row: number): number[] {
  const p = FEATURE_COUNT;
  return linearShap(model.beta, scores.z.subarray(row * p, row * p + p), new Array(p).fill(0));
}

export interface PathNode { id: string; label: string; type: string }
export interface PathEdge { source: string; target: string; types: string[] }
export interface ExplainedPath {
  nodes: PathNode[]; edges: PathEdge[]; weight: number | null;
  /** For a DWPC: this path's weight / the DWPC — how much of the feature the example carries (issue 29: ~2% for side effects). */
  share_of_value?: number | null;
}

export interface FeatureContribution {
  feature: string;
  kind: FeatureSpec['kind'];
  /** The raw feature value (DWPC, degree, proximity or missing indicator) before transforms; null when missing. */
  value: number | null;
  /** Its SHAP value in log-odds. */
  contribution: number;
  path: ExplainedPath | null;
}

function describePath(g: TypedKnowledgeGraph, nodes: readonly number[], edgeTypes: readonly (readonly string[])[], weight: number | null): ExplainedPath {
  const edges: PathEdge[] = [];
  for (let i = 0; i + 1 < nodes.length; i++) {
    const u = nodes[i]!;
    const v = nodes[i + 1]!;
    const found: { e: number; type: string }[] = [];
    g.forEachStep(u, 'any', edgeTypeMask(edgeTypes[i]), (e, other) => { if (other === v) found.push({ e, type: g.edgeType(e) }); });
    const first = found[0];
    // A derived metaedge (CrC or DrD, resembles: no stored edge type) is shown as walked, typed RESEMBLES.
    const derived = edgeTypes[i]!.length === 0;
    edges.push(first
      ? { source: g.id(g.edgeSource(first.e)), target: g.id(g.edgeTarget(first.e)), types: [...new Set(found.map((f) => f.type))].sort() }
      : { source: g.id(u), target: g.id(v), types: derived ? ['RESEMBLES'] : [] });
  }
  return { nodes: nodes.map((i) => ({ id: g.id(i), label: g.label(i), type: g.typeOf(i) })), edges, weight };
}

/** What explanations for one disease share: the view, and the interactome distances to the disease genes. */
export class ExplanationContext {
  private distances: DiseaseDistances | undefined;
  private readonly heaviest = new Map<string, HeaviestPaths>();
  constructor(readonly view: HetnetView, readonly disease: number) {}
  diseaseDistances(): DiseaseDistances {
    return (this.distances ??= diseaseDistances(this.view, this.disease));
  }
  heaviestPaths(path: Metapath): HeaviestPaths {
    let paths = this.heaviest.get(path.id);
    if (!paths) this.heaviest.set(path.id, (paths = new HeaviestPaths(this.view, path, this.disease)));
    return paths;
  }
}

/** One example for a feature of (compound, disease), or null when the feature has nothing to show (value 0). */
export function examplePath(context: ExplanationContext, spec: FeatureSpec, compound: number): ExplainedPath | null {
  const { view, disease } = context;
  const g = view.graph;
  if (spec.kind === 'dwpc') {
    const found = context.heaviestPaths(spec.metapath!).from(compound);
    return found ? describePath(g, found.nodes, spec.metapath!.steps.map((s) => METAEDGES[s.metaedge].edgeTypes), found.weight) : null;
  }
  if (spec.kind === 'proximity') {
    const nodes = proximityPath(view, context.diseaseDistances(), compound, disease);
    if (!nodes) return null;
    const types = nodes.slice(1).map((_, i) => (i === 0 ? METAEDGES.CbG.edgeTypes : i === nodes.length - 2 ? METAEDGES.DaG.edgeTypes : METAEDGES.GiG.edgeTypes));
    return describePath(g, nodes, types, null);
  }
  if (spec.kind === 'missing_indicator') return null; // absence has no path to show
  if (spec.kind === 'prior') return null; // a degree-class statistic of permuted networks: no path of this graph carries it
  // A degree: one of the node's edges of that metaedge (the lowest node index; for CtD not this disease).
  const { metaedge, of } = spec.degree!;
  const node = of === 'compound' ? compound : disease;
  const other = [...view.neighbours(metaedge, true, node)].find((v) => !(metaedge === 'CtD' && v === disease));
  return other === undefined ? null : describePath(g, [node, other], [METAEDGES[metaedge].edgeTypes], null);
}

/** A DWPC example's share of the DWPC, so a path carrying a small fraction of the value is not read as the reason. */
function withShare(path: ExplainedPath | null, spec: FeatureSpec, value: number): ExplainedPath | null {
  if (!path || spec.kind !== 'dwpc' || path.weight === null) return path;
  return { ...path, share_of_value: path.weight / value };
}

/** The `top` features with the largest SHAP values (ties by feature order), each with an example path. */
export function topContributions(model: LinkModel, context: ExplanationContext, scores: DiseaseScores, row: number, top: number): FeatureContribution[] {
  const phi = shapOf(model, scores, row);
  const order = phi.map((_, f) => f).sort((a, b) => phi[b]! - phi[a]! || a - b).slice(0, top);
  const compound = scores.compounds[row]!;
  return order.map((f) => {
    const spec = model.specs[f]!;
    const raw = scores.raw[row * FEATURE_COUNT + f]!;
    const value = Number.isNaN(raw) ? null : raw;
    return {
      feature: spec.id, kind: spec.kind, value, contribution: phi[f]!,
      path: value !== null && value > 0 ? withShare(examplePath(context, spec, compound), spec, value) : null,
    };
  });
}
