// GET /api/ml/predict: every compound scored for one disease by the link-prediction model of the active
// snapshots (link-model.ts), the top_n returned with probability, exact SHAP values (unless no_shap) and
// their top contributing features with an example path each; the disease's known treatments with their rank.
import { shapBaseValue } from '../../../domain/link-prediction/predict';
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { diseaseRanking } from './disease-ranking';
import { linkModel, linkModelCached, unavailableReason } from './link-model';

export const LINK_PREDICTION_METHOD = 'Project Rephetio-style link prediction (Himmelstein et al., eLife 2017, doi:10.7554/eLife.26726): '
  + 'degree-weighted path counts (w = 0.4; Himmelstein & Baranzini, PLoS Comput Biol 2015, doi:10.1371/journal.pcbi.1004259) over 8 metapaths, '
  + 'degree features and interactome proximity (Guney et al., Nat Commun 2016, doi:10.1038/ncomms10331), '
  + 'elastic-net logistic regression (α = 0.2; Friedman et al., J Stat Softw 2010) with λ by 5-fold cross-validation, exact linear SHAP values in log-odds (Lundberg & Lee, NeurIPS 2017)';

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

  // Scores, order and explanations of this disease under this model: computed once, then sliced (disease-ranking.ts).
  const ranking = diseaseRanking(trained, resolved.node);
  const m = ranking.scores.compounds.length;
  const knownTreatments = ranking.knownTreatments;
  const predictions = ranking.top(topN, noShap);

  const result = analysisEnvelope({
    module: 'link-prediction', method: LINK_PREDICTION_METHOD,
    disease: { curie: resolved.curie, label: resolved.label, module_id: resolved.module_id },
    parameters: { top_n: topN, no_shap: noShap }, seed: model.training.seed, snapshots: g.snapshots,
    body: {
      model: {
        version: trained.version,
        kind: 'elastic-net logistic regression on standardized features (glmnet objective: mean log-loss + λ((1 − α)/2 ‖β‖² + α ‖β‖₁))',
        damping: trained.view.damping,
        lambda: model.lambda,
        alpha: model.alpha,
        lambda_selection: model.lambdaSelection,
        converged: model.converged,
        intercept: model.intercept,
        prior_offset: model.offset,
        base_value: shapBaseValue(model),
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
