// GET /api/ml/predict: every compound scored for one disease by the link-prediction model of the active
// snapshots (link-model.ts), the top_n returned with probability, exact SHAP values (unless no_shap) and
// their top contributing features with an example path each; the disease's known treatments with their rank.
import { pairKey } from '../../../domain/link-prediction/hetnet-view';
import { sigmoid } from '../../../domain/link-prediction/logistic-regression';
import { ExplanationContext, scoreCompounds, shapBaseValue, shapOf, topContributions } from '../../../domain/link-prediction/predict';
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { linkModel, linkModelCached, TrainedLinkModel, unavailableReason } from './link-model';

export const LINK_PREDICTION_METHOD = 'Project Rephetio-style link prediction (Himmelstein et al., eLife 2017, doi:10.7554/eLife.26726): '
  + 'degree-weighted path counts (w = 0.4; Himmelstein & Baranzini, PLoS Comput Biol 2015, doi:10.1371/journal.pcbi.1004259) over 8 metapaths, '
  + 'degree features and interactome proximity (Guney et al., Nat Commun 2016, doi:10.1038/ncomms10331), '
  + 'L2-regularised logistic regression with λ by 5-fold cross-validation, exact linear SHAP values in log-odds (Lundberg & Lee, NeurIPS 2017)';

/** Features listed per prediction, by SHAP value. */
export const TOP_FEATURES = 3;

/** What `probability` is (issue 29: it was read as a chance of efficacy). */
export const PROBABILITY_MEANING = 'the model\'s estimate that the pair is a PharmacotherapyDB disease-modifying indication (a catalogue label), '
  + 'prior-corrected (King & Zeng 2001) to the prevalence of such indications among compound × treated-disease pairs; not a chance of clinical '
  + 'efficacy. For a pair the model was trained on (in_sample) it is a fitted value, not a prediction';

/** The answer for a disease the model has nothing to learn from (no disease-modifying treatment in the graph). */
export function extrapolationWarning(knownTreatments: number, diseaseLabel: string): { kind: 'extrapolated'; message: string } | null {
  if (knownTreatments > 0) return null;
  return {
    kind: 'extrapolated',
    message: `${diseaseLabel} has no known disease-modifying treatment in the active snapshots (no TREATS edge): every score is extrapolated `
      + 'from other diseases\' treatments, and the cross-validated AUROC (measured where treatments exist) does not apply; read the ranking as '
      + 'hypotheses, not as predictions',
  };
}

type Known = 'treats' | 'palliates' | 'not' | null;

function knownLabel(trained: TrainedLinkModel, compound: number, disease: number): Known {
  const n = trained.view.nodeCount;
  const key = pairKey(compound, disease, n);
  if (trained.view.neighbours('CtD', false, disease).includes(compound)) return 'treats';
  if (trained.palliates.has(key)) return 'palliates';
  if (trained.curatedNot.has(key)) return 'not';
  return null;
}

/** The route's parameters as its query schema gives them (route-parameters.ts: coerced, defaults filled). */
interface PredictParameters { disease_id: string; top_n: number; no_shap: boolean }

export async function predictTreatments(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const served = await deps.graph();
  const g = served.graph;
  const reason = unavailableReason(g);
  if (reason) return { kind: 'not_available', reason };
  const { disease_id: diseaseId, top_n: topN, no_shap: noShap } = input as unknown as PredictParameters;
  const resolved = resolveDisease(deps.diseases, g, diseaseId);
  if (resolved.kind === 'not_found') return resolved;
  if (!linkModelCached(served)) await context.progress(2, 'training the link-prediction model for the active snapshots (first request since they changed)');
  const outcome = await linkModel(served, deps.db, (p) => context.progress(2 + Math.floor((90 * p.done) / Math.max(1, p.total)), p.message));
  if (outcome.kind === 'not_available') return outcome;
  if (context.signal.aborted) throw context.signal.reason instanceof Error ? context.signal.reason : new Error('aborted');
  const { trained } = outcome;
  const { model } = trained;
  await context.progress(95, `scoring ${trained.set.compounds.length} compounds for ${resolved.label}`);

  const d = resolved.node;
  const scores = scoreCompounds(model, trained.predictor, trained.view, d);
  const m = scores.compounds.length;
  // Highest log-odds first; ties in CURIE order (the compounds are in CURIE order).
  const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => scores.logit[b]! - scores.logit[a]! || a - b);
  const rankOf = new Int32Array(m);
  order.forEach((row, k) => { rankOf[row] = k + 1; });
  const compoundRef = (row: number) => ({ curie: g.id(scores.compounds[row]!), label: g.label(scores.compounds[row]!) });
  const explanations = new ExplanationContext(trained.view, d);
  // Pairs the model was fitted on (positives and negatives): their scores are in-sample, not predictions.
  const n = trained.view.nodeCount;
  const training = new Set<number>();
  for (let i = 0; i < trained.set.label.length; i++) if (trained.set.disease[i] === d) training.add(pairKey(trained.set.compound[i]!, d, n));
  const inSample = (row: number) => training.has(pairKey(scores.compounds[row]!, d, n));
  const base = shapBaseValue(model);
  const predictions = order.slice(0, topN).map((row) => {
    const phi = shapOf(model, scores, row);
    return {
      rank: rankOf[row]!,
      compound: compoundRef(row),
      probability: sigmoid(scores.logit[row]!),
      log_odds: scores.logit[row]!,
      known: knownLabel(trained, scores.compounds[row]!, d),
      in_sample: inSample(row),
      shap: noShap ? null : Object.fromEntries(model.specs.map((spec, f) => [spec.id, phi[f]!])),
      top_features: topContributions(model, explanations, scores, row, TOP_FEATURES),
    };
  });
  const position = new Map<number, number>();
  scores.compounds.forEach((c, row) => position.set(c, row));
  const knownTreatments = [...trained.view.neighbours('CtD', false, d)]
    .filter((c) => position.has(c))
    .map((c) => position.get(c)!)
    .sort((a, b) => rankOf[a]! - rankOf[b]!)
    .map((row) => ({ compound: compoundRef(row), rank: rankOf[row]!, probability: sigmoid(scores.logit[row]!), in_sample: inSample(row) }));

  const result = analysisEnvelope({
    module: 'link-prediction', method: LINK_PREDICTION_METHOD,
    disease: { curie: resolved.curie, label: resolved.label, module_id: resolved.module_id },
    parameters: { top_n: topN, no_shap: noShap }, seed: model.training.seed, snapshots: g.snapshots,
    body: {
      model: {
        version: trained.version,
        kind: 'L2-regularised logistic regression on standardized features',
        damping: trained.view.damping,
        lambda: model.lambda,
        lambda_selection: model.lambdaSelection,
        converged: model.converged,
        intercept: model.intercept,
        prior_offset: model.offset,
        base_value: base,
        probability_meaning: PROBABILITY_MEANING,
        features: model.specs.map((spec, f) => ({
          id: spec.id, kind: spec.kind, description: spec.description, transform: spec.transform,
          metapath: spec.metapath ? spec.metapath.abbreviation : null,
          coefficient: model.beta[f]!, divisor: model.scaling.divisor[f]!, center: model.scaling.center[f]!, scale: model.scaling.scale[f]!,
        })),
        training: model.training,
      },
      compounds_scored: m,
      warning: extrapolationWarning(knownTreatments.length, resolved.label),
      known_treatments: knownTreatments,
      predictions,
    },
  });
  return { kind: 'ok', result };
}
