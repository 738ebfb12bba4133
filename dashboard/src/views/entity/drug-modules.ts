// A drug's module results: its safety profile (GET /api/safety/profiles: DrugBank status, SIDER side
// effects with label frequencies, FAERS when available, label warnings) and its predicted indication
// for the dossier's disease (GET /api/ml/predict: probability, rank among the scored compounds, and
// the features that pushed it, drawn as signed bars of their SHAP contribution in log-odds).
import { api } from '../../core/api';
import { Child, emptySection, formatScore, h, svg } from '../../core/dom';
import { entityHref } from '../../core/entity-links';
import { faersForestPlot, type FaersEvent } from '../analysis/faers-forest-plot';

interface SideEffect { id: string; name: string; frequency: { lower: number | null; upper: number | null; texts: string[] } | null }
interface SafetyDrug {
  id: string; name: string; drugbank_groups: string[]; withdrawn: boolean;
  side_effects: { total: number; with_frequency: number; listed: SideEffect[] };
  faers: { events: FaersEvent[] } | null;
  labels: { status: string; warning: string | null; labels: { boxed_warning?: string | null }[] } | null;
}
interface SafetyAnswer { drugs: SafetyDrug[]; sources: Record<string, { status: string; reason?: string }>; disclaimer: string }

export async function safetyProfile(nodeId: string, signal: AbortSignal): Promise<Child> {
  if (!/^(DRUGBANK:)?DB\d{5}$/.test(nodeId)) return emptySection('safety profiles are keyed by DrugBank id');
  const answer = await api.get<SafetyAnswer>('/api/safety/profiles', { query: { drug_id: nodeId, max_side_effects: 25 }, signal });
  const drug = answer.drugs[0];
  if (!drug) return emptySection('no safety data imported for this drug');
  const listed = drug.side_effects.listed;
  return h('div', { 'data-testid': 'safety-profile' },
    h('p', null, h('strong', null, drug.withdrawn ? 'Withdrawn' : 'Not withdrawn'), ` (DrugBank groups: ${drug.drugbank_groups.join(', ') || 'none'}).`,
      drug.withdrawn ? h('span', { class: 'tag harm' }, 'withdrawn') : null),
    h('p', null, `${drug.side_effects.total} side effects in SIDER, ${drug.side_effects.with_frequency} with a label frequency.`),
    listed.length === 0 ? null : h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'side-effects' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Side effect'), h('th', { scope: 'col' }, 'Label frequency'))),
      h('tbody', null, listed.map((s) => h('tr', null, h('td', null, s.name), h('td', null, frequencyText(s))))))),
    drug.faers && drug.faers.events.length > 0 ? faersForestPlot(drug.name, drug.faers.events) : null,
    h('ul', { class: 'muted small' }, Object.entries(answer.sources).map(([name, s]) => h('li', null, `${name}: ${s.status}${s.reason ? ` — ${s.reason}` : ''}`))));
}

function frequencyText(s: SideEffect): string {
  const f = s.frequency;
  if (!f) return '—';
  const range = f.lower !== null && f.upper !== null ? `${formatScore(f.lower * 100, 1)}–${formatScore(f.upper * 100, 1)} %` : '';
  return [range, f.texts.slice(0, 3).join(', ')].filter(Boolean).join(' · ');
}

interface Feature { feature: string; kind: string; value: number; contribution: number }
interface Prediction { rank: number; compound: { curie: string; label: string }; probability: number; known: string | null; top_features: Feature[] }
interface CompoundUniverse { feature_set: string; resources: string[]; compounds: number; excluded_compounds: number }
interface PredictAnswer {
  compounds_scored: number; predictions: Prediction[]; disease: { curie: string; label: string } | null; method: string;
  model?: { training?: { compound_universe?: CompoundUniverse | null } };
}

/** Why a drug of the graph has no prediction: the model scores only its feature set's compounds (docs/modules.md). */
function universeNote(universe: CompoundUniverse | null | undefined): string {
  if (!universe) return '.';
  return `: the model scores the ${universe.compounds.toLocaleString('en')} compounds of its feature set "${universe.feature_set}" `
    + `(compounds with an edge from ${universe.resources.join(', ')}), so that its figures stay comparable with Project Rephetio's; `
    + `${universe.excluded_compounds.toLocaleString('en')} compounds of the graph, biologics and compounds only ChEMBL or the DrugBank vocabulary knows among them, are left out.`;
}

export async function predictedIndication(nodeId: string, disease: string, signal: AbortSignal): Promise<Child> {
  const answer = await api.get<PredictAnswer>('/api/ml/predict', { query: { disease_id: disease, top_n: 5000, no_shap: true }, signal });
  const mine = answer.predictions.find((p) => p.compound.curie === nodeId);
  const where = answer.disease ? h('a', { href: entityHref(answer.disease.curie) }, answer.disease.label) : disease;
  if (!mine) {
    return h('p', { class: 'muted', 'data-testid': 'prediction-not-scored' },
      'This drug is not among the compounds the model scored for ', where, universeNote(answer.model?.training?.compound_universe));
  }
  return h('div', { 'data-testid': 'prediction' },
    h('p', null, 'Predicted to treat ', where, ': ', h('strong', { 'data-testid': 'prediction-probability' }, `${formatScore(mine.probability * 100, 1)} %`),
      ` (rank ${mine.rank} of ${answer.compounds_scored} compounds${mine.known ? `; already known: ${mine.known}` : ''}).`),
    contributionBars(mine.top_features),
    h('p', { class: 'muted small' }, answer.method));
}

/** Signed horizontal bars of each feature's contribution (log-odds), drawn as SVG. */
export function contributionBars(features: Feature[]): SVGSVGElement | HTMLElement {
  if (features.length === 0) return h('p', { class: 'muted' }, 'No feature contributions.');
  const rowH = 22, labelW = 170, barW = 240, width = labelW + barW + 60;
  const max = Math.max(...features.map((f) => Math.abs(f.contribution)), 1e-9);
  const mid = labelW + barW / 2;
  return svg('svg', { viewBox: `0 0 ${width} ${features.length * rowH + 8}`, class: 'chart contribution-chart', role: 'img', 'aria-label': 'Feature contributions (SHAP, log-odds)', 'data-testid': 'contribution-chart' },
    svg('line', { x1: mid, x2: mid, y1: 0, y2: features.length * rowH + 8, class: 'axis' }),
    features.map((f, i) => {
      const w = (Math.abs(f.contribution) / max) * (barW / 2);
      const y = i * rowH + 4;
      return svg('g', null,
        svg('title', null, `${f.feature}: ${f.contribution.toFixed(3)} log-odds`),
        svg('text', { x: labelW - 6, y: y + 14, class: 'label', 'text-anchor': 'end' }, f.feature),
        svg('rect', { x: f.contribution >= 0 ? mid : mid - w, y: y + 3, width: Math.max(w, 1), height: rowH - 8, class: f.contribution >= 0 ? 'bar up' : 'bar down' }),
        svg('text', { x: f.contribution >= 0 ? mid + w + 4 : mid - w - 4, y: y + 14, class: 'value', 'text-anchor': f.contribution >= 0 ? 'start' : 'end' }, f.contribution.toFixed(2)));
    }));
}
