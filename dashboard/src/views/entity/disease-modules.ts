// A disease's module results: the compounds the link-prediction model ranks highest for it (GET
// /api/ml/predict), each linked to its entity page, with whether the treatment is already known.
import { api } from '../../core/api';
import { Child, emptySection, formatScore, h } from '../../core/dom';
import { entityHref } from '../../core/entity-links';

interface Prediction { rank: number; compound: { curie: string; label: string }; probability: number; known: string | null }

export async function predictedTreatments(nodeId: string, signal: AbortSignal): Promise<Child> {
  const answer = await api.get<{ predictions: Prediction[]; compounds_scored: number }>('/api/ml/predict', { query: { disease_id: nodeId, top_n: 15, no_shap: true }, signal });
  if (answer.predictions.length === 0) return emptySection('no compound scored');
  return [h('ol', { class: 'predictions', 'data-testid': 'predicted-treatments' }, answer.predictions.map((p) => h('li', null,
    h('a', { href: entityHref(p.compound.curie, { disease: nodeId }), class: 'entity-link' }, p.compound.label),
    ` ${formatScore(p.probability * 100, 1)} %`, p.known ? h('span', { class: 'tag' }, `known: ${p.known}`) : null))),
  h('p', { class: 'muted small' }, `Top ${answer.predictions.length} of ${answer.compounds_scored} compounds scored; a prioritization, not evidence of benefit.`)];
}
