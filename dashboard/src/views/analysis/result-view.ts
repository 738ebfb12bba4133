// A module result: its method, disease, parameters and snapshots, a picture where the result has one
// (pathway enrichment: −log10 FDR bars; repurposing: network proximity z dots; link prediction: a SHAP
// waterfall per compound; drug safety: a FAERS forest plot per drug; expression: genes × tissues heatmap;
// cross-disease: Jaccard heatmap), the result as JSON to read, and the exports (the result as a JSON file;
// the job's JSON at its API address). Above them, what the numbers rest on (rests-on.ts: the `note`, synthetic,
// in-sample, extrapolated) and the counts (what it listed of
// what it found), and tables of every list in the result (module-tables.ts); the HTML report is linked.
import { saveBlob } from '../../core/api';
import { formatScore, h } from '../../core/dom';
import { contributionBars } from '../entity/drug-modules';
import { entityHref } from '../../core/entity-links';
import { enrichmentChart, type EnrichedPathway } from './enrichment-chart';
import { crossDiseaseHeatmap, type ComparedDisease, type OverlapPair } from './cross-disease-heatmap';
import { expressionHeatmap, type ExpressionGene, type ExpressionTissue } from './expression-heatmap';
import { faersForestPlot, type FaersEvent } from './faers-forest-plot';
import { proximityChart, type ProximityCandidate } from './proximity-chart';
import { moduleTables } from './module-tables';
import { restsOnBanner, restsOnLines } from './rests-on';
import { shapWaterfall } from './shap-waterfall-chart';

interface Prediction {
  rank: number; compound: { curie: string; label: string }; probability: number; log_odds?: number; known: string | null;
  shap?: Record<string, number> | null;
  top_features: { feature: string; kind: string; value: number; contribution: number }[];
}

interface Envelope {
  module?: string; method?: string; disease?: { curie: string; label: string } | null; parameters?: Record<string, unknown>;
  snapshots?: { snapshot_id: string; resource: string }[]; disclaimer?: string; pathways?: EnrichedPathway[];
  predictions?: Prediction[]; model?: { base_value?: number }; candidates?: ProximityCandidate[]; drugs?: { name: string; faers: { events: FaersEvent[] } | null }[];
  tissues?: ExpressionTissue[]; genes?: ExpressionGene[]; compared?: ComparedDisease[]; pairs?: OverlapPair[];
  note?: string | null; counts?: Record<string, unknown>;
}

/** Modules whose picture already shows the whole result: no table under it. */
const PICTURE_ONLY = new Set(['pathway-enrichment', 'repurpose', 'link-prediction', 'expression-profile', 'cross-disease']);

/** `diseaseId` is the disease the job was queued for (the stored result, hence its HTML report, is filed under it). */
export function resultView(moduleId: string, jobId: string, result: unknown, diseaseId = 'sle'): HTMLElement {
  const r = (result ?? {}) as Envelope;
  const report = `/api/export/report/${encodeURIComponent(moduleId)}?disease_id=${encodeURIComponent(diseaseId)}`;
  const download = h('button', { type: 'button', 'data-testid': 'export-json' }, 'Download JSON');
  download.addEventListener('click', () => saveBlob(new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' }), `${moduleId}-${jobId}.json`));
  return h('section', { class: 'panel', 'data-testid': 'analysis-result' },
    h('h2', null, 'Result'),
    restsOnBanner(restsOnLines(result)),
    counts(r.counts),
    figures(r as Record<string, unknown>),
    r.method ? h('p', { class: 'small' }, h('strong', null, 'Method: '), r.method) : null,
    r.disease ? h('p', { class: 'small' }, h('strong', null, 'Disease: '), `${r.disease.label} (${r.disease.curie})`) : null,
    r.parameters ? h('p', { class: 'small muted' }, 'Parameters: ', Object.entries(r.parameters).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ')) : null,
    r.snapshots ? h('p', { class: 'small muted' }, 'Snapshots: ', r.snapshots.map((s) => s.snapshot_id).join(', ')) : null,
    picture(moduleId, r),
    PICTURE_ONLY.has(moduleId) ? null : moduleTables(moduleId, r as Record<string, unknown>, r.disease?.curie),
    h('div', { class: 'actions' }, download,
      h('a', { href: report, target: '_blank', rel: 'noopener', 'data-testid': 'export-report-link' }, 'HTML report'),
      h('a', { href: `/api/jobs/${encodeURIComponent(jobId)}`, target: '_blank', rel: 'noopener', 'data-testid': 'export-job-link' }, 'The job as JSON (API)')),
    h('details', null, h('summary', null, 'The full result (JSON)'), h('pre', { class: 'result-json' }, JSON.stringify(result, null, 2).slice(0, 200_000))),
    r.disclaimer ? h('p', { class: 'muted small' }, r.disclaimer) : null);
}

function picture(moduleId: string, r: Envelope): HTMLElement | null {
  if (moduleId === 'pathway-enrichment' && Array.isArray(r.pathways)) {
    const maxFdr = typeof r.parameters?.max_fdr === 'number' ? r.parameters.max_fdr : 0.05;
    return enrichmentChart(r.pathways, maxFdr);
  }
  if (moduleId === 'repurpose' && Array.isArray(r.candidates)) return proximityChart(r.candidates);
  if (moduleId === 'link-prediction' && Array.isArray(r.predictions)) return predictionsPicture(r.predictions, r.model?.base_value, r.disease?.curie);
  if (moduleId === 'drug-safety' && Array.isArray(r.drugs)) {
    const withFaers = r.drugs.filter((d) => d.faers && d.faers.events.length > 0);
    return withFaers.length === 0 ? null : h('div', null, withFaers.map((d) => faersForestPlot(d.name, d.faers!.events)));
  }
  if (moduleId === 'expression-profile' && Array.isArray(r.tissues) && Array.isArray(r.genes)) return expressionHeatmap(r.tissues, r.genes);
  if (moduleId === 'cross-disease' && Array.isArray(r.compared) && Array.isArray(r.pairs)) return crossDiseaseHeatmap(r.compared, r.pairs);
  return null;
}

/**
 * Each predicted compound with its probability, and (opened) what pushed it: its SHAP waterfall from the
 * model's base value, or (a result computed with no_shap) the top features' contributions as bars.
 */
function predictionsPicture(predictions: Prediction[], base: number | undefined, disease: string | undefined): HTMLElement {
  const shown = predictions.slice(0, 25);
  const cap = predictions.length > shown.length ? h('p', { class: 'small', 'data-testid': 'prediction-cap' }, `Showing the first ${shown.length} of ${predictions.length} predictions (all are in the JSON).`) : null;
  return h('div', null, cap, h('ol', { class: 'prediction-list', 'data-testid': 'prediction-list' }, shown.map((p) => h('li', null,
    // The link sits beside the summary, not in it: a link nested in the disclosure's control is one
    // control inside another for a screen reader (axe: nested-interactive).
    h('a', { href: entityHref(p.compound.curie, { disease }) }, p.compound.label),
    h('details', null,
      h('summary', null, `${formatScore(p.probability * 100, 1)} %`, p.known ? h('span', { class: 'tag' }, `known: ${p.known}`) : null, ' — why'),
      p.shap && base !== undefined && p.log_odds !== undefined ? shapWaterfall(base, p.shap, p.log_odds) : contributionBars(p.top_features))))));
}

/** What the module counted, as it says it: "listed 25 · candidates 50" (a cap is said, never silent). */
function counts(c: Record<string, unknown> | undefined): HTMLElement | null {
  if (!c) return null;
  const parts = Object.entries(c).filter(([, v]) => typeof v === 'number').map(([k, v]) => `${k.replace(/_/g, ' ')} ${v}`);
  return parts.length === 0 ? null : h('p', { class: 'small', 'data-testid': 'module-counts' }, h('strong', null, 'Counts: '), parts.join(' · '));
}

/** The result's own top-level figures (a disease module's z, p, random mean and sd), as the module names them. */
function figures(r: Record<string, unknown>): HTMLElement | null {
  const parts = Object.entries(r).filter(([, v]) => typeof v === 'number').map(([k, v]) => `${k.replace(/_/g, ' ')} ${Number.isInteger(v) ? v : (v as number).toPrecision(4)}`);
  return parts.length === 0 ? null : h('p', { class: 'small', 'data-testid': 'module-figures' }, h('strong', null, 'Figures: '), parts.join(' · '));
}
