// The link-prediction module (id link-prediction, legacy alias ml): GET /api/ml/predict and its job.
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { COMMON_JOB_QUERY } from '../../jobs/module-registry';
import type { AnalysisModule } from '../analysis-module';
import { LINK_PREDICTION_DEFAULTS } from '../../../domain/link-prediction/train-model';
import { predictTreatments } from './predict-treatments';
import { renderLinkPredictionHtml } from './render-html';

const compound = { type: 'object', properties: { curie: { type: 'string' }, label: { type: 'string' } }, required: ['curie', 'label'] };
const path = {
  type: ['object', 'null'],
  properties: {
    nodes: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, label: { type: 'string' }, type: { type: 'string' } }, required: ['id', 'label', 'type'] } },
    edges: { type: 'array', items: { type: 'object', properties: { source: { type: 'string' }, target: { type: 'string' }, types: { type: 'array', items: { type: 'string' } } }, required: ['source', 'target', 'types'] } },
    weight: { type: ['number', 'null'] },
    share_of_value: { type: ['number', 'null'], description: 'DWPC examples: this path\'s weight / the DWPC (how much of the feature the example carries)' },
  },
  required: ['nodes', 'edges', 'weight'],
};

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    model: {
      type: 'object',
      properties: {
        version: { type: 'string', description: 'The snapshot ids the model was trained from' },
        kind: { type: 'string' }, damping: { type: 'number' }, lambda: { type: 'number' },
        alpha: { type: 'number', description: 'elastic-net mixing: 0 ridge, 1 lasso' },
        lambda_selection: { type: 'array', items: { type: 'object', properties: { lambda: { type: 'number' }, mean_log_loss: { type: 'number' } }, required: ['lambda', 'mean_log_loss'] } },
        converged: { type: 'boolean' }, intercept: { type: 'number' }, prior_offset: { type: 'number' },
        base_value: { type: 'number', description: 'SHAP base value: the log-odds at the training mean; Σ shap = log_odds − base_value' },
        features: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, kind: { enum: ['degree', 'dwpc', 'proximity', 'missing_indicator', 'prior'] }, description: { type: 'string' }, transform: { type: 'string' }, metapath: { type: ['string', 'null'] }, coefficient: { type: 'number' }, divisor: { type: 'number' }, center: { type: 'number' }, scale: { type: 'number' } }, required: ['id', 'kind', 'coefficient'] } },
        training: { type: 'object' },
      },
      required: ['version', 'lambda', 'base_value', 'features', 'training'],
    },
    warning: {
      type: ['object', 'null'], description: 'kind "extrapolated" when the disease has no known disease-modifying treatment: the scores are extrapolations',
      properties: { kind: { const: 'extrapolated' }, message: { type: 'string' } },
    },
    compounds_scored: { type: 'integer' },
    known_treatments: { type: 'array', items: { type: 'object', properties: { compound, rank: { type: 'integer' }, probability: { type: 'number' } }, required: ['compound', 'rank', 'probability'] } },
    predictions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          rank: { type: 'integer' }, compound, probability: { type: 'number' }, log_odds: { type: 'number' },
          known: { enum: ['treats', 'palliates', 'not', null], description: 'A PharmacotherapyDB label of the pair: DM (treats), SYM (palliates), NOT' },
          in_sample: { type: 'boolean', description: 'The pair is a training pair (a known treatment or a training negative): its score is a fitted value, not a prediction' },
          shap: { type: ['object', 'null'], additionalProperties: { type: 'number' }, description: 'Exact SHAP value per feature in log-odds; null with no_shap' },
          top_features: { type: 'array', items: { type: 'object', properties: { feature: { type: 'string' }, kind: { type: 'string' }, value: { type: ['number', 'null'] }, contribution: { type: 'number' }, path }, required: ['feature', 'kind', 'value', 'contribution', 'path'] } },
        },
        required: ['rank', 'compound', 'probability', 'log_odds', 'known', 'in_sample', 'shap', 'top_features'],
      },
    },
  },
  required: [...ENVELOPE_REQUIRED, 'model', 'compounds_scored', 'warning', 'known_treatments', 'predictions'],
};

export const linkPredictionModule: AnalysisModule = {
  id: 'link-prediction',
  aliases: ['ml'],
  title: 'Link prediction (compound treats disease)',
  description: 'How likely each compound is to be a catalogued (PharmacotherapyDB) disease-modifying treatment of a disease — `probability`, prior-corrected '
    + 'to the catalogue, not a chance of efficacy — from a model trained on PharmacotherapyDB disease-modifying indications with Project Rephetio\'s path '
    + 'features (DWPC), degree features and interactome proximity (missing as missing); training pairs marked in_sample, diseases without a known '
    + 'treatment warned as extrapolated; exact SHAP values and an example path per top feature.',
  routes: [{
    path: '/api/ml/predict',
    operationId: 'predictTreatments',
    summary: 'Predict which compounds treat a disease (Rephetio-style link prediction with SHAP)',
    description: 'Scores every compound of the knowledge graph for the disease with an elastic-net logistic regression (α = 0.2) over DWPC features '
      + '(w = 0.4; metapaths CbGaD, CbGiGaD, CbGpPWpGaD, CbGbCtD, CcSEcCtD, CtDtCtD, CtDaGaD, CtD>isaD<isaD), degree features and interactome proximity, '
      + 'trained on the disease-modifying TREATS pairs of the active snapshots (positives), their curated NOT pairs and a seeded sample of 20 '
      + 'unlabelled compound–disease pairs per positive (negatives), λ by 5-fold cross-validation, every training pair\'s features computed '
      + 'without its fold\'s treatments. The model is versioned by the active snapshot ids and cached: the FIRST request after an activation '
      + 'trains it (a few seconds on the full graph; the job reports progress), later requests reuse it until the active snapshots change. '
      + 'Returns the top_n compounds with probability (calibrated to the prevalence of treatments among all compound × treated-disease pairs), '
      + 'exact SHAP values per feature in log-odds (Σ shap = log_odds − model.base_value; left out with no_shap=true), the top 3 contributing '
      + 'features with one example path each, and the disease\'s known treatments with their rank. '
      + `409 when the active snapshots hold fewer than ${LINK_PREDICTION_DEFAULTS.minPositives} disease-modifying treatments (checked before the disease). `
      + 'Known treatments are scored too (labelled known: treats); their own TREATS edge never counts towards their features.',
    query: {
      type: 'object',
      properties: {
        disease_id: COMMON_JOB_QUERY.disease_id,
        top_n: { type: 'integer', minimum: 1, maximum: 5000, default: 50, description: 'Number of top-ranked compounds returned' },
        no_shap: { type: 'boolean', default: false, description: 'Leave out the per-feature SHAP values of each prediction (its top features stay)' },
      },
      additionalProperties: false,
    },
    resultSchema,
    run: predictTreatments,
  }],
  renderHtml: renderLinkPredictionHtml,
};
