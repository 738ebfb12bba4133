// Ranked drugs or targets: score (0–100 prioritization heuristic), confidence band, a <meter> per
// component score, the explanation, supporting/contradicting claim counts, and a slot for the
// researcher's review of that candidate. The name leads to the candidate's entity page; safety facts
// from the store (e.g. DrugBank "withdrawn") show as flags.
import { emptySection, formatScore, h } from '../../core/dom';
import { entityHref } from '../../core/entity-links';
import type { Ranking } from './dossier-model';

type Context = { run: string; disease: string };

/** What each safety flag is, in words (the dossier's flag ids are for programs). */
const FLAG_NAMES: Record<string, string> = { withdrawn: 'Withdrawn', designated_medical_event: 'Serious side effects on the label' };

export function rankingsSection(title: string, testId: string, rankings: Ranking[], requested: boolean, reviewSlot: (r: Ranking) => Node, context: Context): HTMLElement {
  return h('section', { class: 'panel', 'data-testid': testId },
    h('h2', null, `${title} (${rankings.length})`),
    rankings.length > 0
      ? h('ol', { class: 'ranking-list' }, rankings.map((r) => rankingCard(r, reviewSlot, context)))
      : emptySection(requested ? undefined : 'not requested'));
}

function rankingCard(r: Ranking, reviewSlot: (r: Ranking) => Node, context: Context): HTMLElement {
  const components = Object.entries(r.component_scores);
  return h('li', { class: 'ranking', 'data-testid': 'ranking', 'data-candidate': r.candidate_id },
    h('div', { class: 'ranking-head' },
      h('span', { class: 'rank' }, `#${r.rank}`),
      h('strong', { class: 'label' }, h('a', { href: entityHref(r.candidate_id, context), 'data-testid': 'ranking-entity-link' }, r.label)),
      h('span', { class: 'muted candidate-id' }, r.candidate_id),
      h('span', { class: 'score', 'data-testid': 'ranking-score' }, formatScore(r.score, 1)),
      h('span', { class: `tag band-${r.confidence_band}`, 'data-testid': 'confidence-band', title: r.confidence_basis ?? '' }, `${r.confidence_band} confidence`)),
    r.confidence_basis ? h('p', { class: 'muted small confidence-basis', 'data-testid': 'confidence-basis' }, r.confidence_basis) : null,
    (r.safety_flags ?? []).length === 0 ? null : h('ul', { class: 'safety-flags', 'data-testid': 'safety-flags' },
      (r.safety_flags ?? []).map((f) => h('li', { class: f.affects_confidence === false ? 'notice' : 'warning', 'data-flag': f.flag },
        h('strong', null, FLAG_NAMES[f.flag] ?? f.flag), ` — ${f.statement} (${f.source}, ${f.snapshot_id})`))),
    components.length === 0 ? null : h('dl', { class: 'components' }, components.map(([name, value]) => [
      h('dt', null, name.replace(/_/g, ' ')),
      h('dd', null,
        h('meter', { class: 'component', min: 0, max: 100, low: 34, high: 67, optimum: 100, value, 'data-testid': 'component-meter', 'aria-label': name }),
        h('span', { class: 'muted' }, formatScore(value, 0))),
    ])),
    // The explanation's first sentence shows; the rest (evidence, graph path, contradictions) on request,
    // so the rankings do not push the evidence thousands of pixels down.
    r.explanation ? explanation(r.explanation) : null,
    h('p', { class: 'muted small' },
      `${r.supporting_claim_ids.length} supporting, ${r.contradicting_claim_ids.length} contradicting claims; ${r.citation_ids.length} citations`),
    reviewSlot(r));
}

function explanation(text: string): HTMLElement {
  const cut = text.indexOf('). ');
  if (cut < 0 || cut > 200) return h('p', { class: 'explanation' }, text);
  return h('details', { class: 'explanation', 'data-testid': 'ranking-explanation' },
    h('summary', null, text.slice(0, cut + 2)), h('p', null, text.slice(cut + 3)));
}
