// The answer's shape (dossier schema 1.4, docs/scoring.md §5), above the rankings: what the question asked
// for — a drug's profile, a safety ranking, drugs set apart (already indicated, or excluded by the question).
import { h } from '../../core/dom';
import type { Dossier } from './dossier-model';

export function answerSection(dossier: Dossier): HTMLElement | null {
  const a = dossier.answer;
  if (!a) return null;
  const p = a.profile;
  return h('section', { class: 'panel answer', id: 'dossier-answer', 'data-testid': 'answer-section', 'data-shape': a.shape },
    h('h2', null, 'Answer'),
    h('p', { 'data-testid': 'answer-statement' }, a.statement),
    p ? h('dl', { class: 'profile', 'data-testid': 'drug-profile' },
      h('dt', null, `${p.label}: efficacy`), h('dd', null, `${p.efficacy.score.toFixed(1)} (${p.efficacy.confidence_band} confidence${p.efficacy.confidence_basis ? `: ${p.efficacy.confidence_basis}` : ''})`),
      h('dt', null, 'Safety'), h('dd', null, [...p.safety.harm_citations, ...p.safety.boxed_warnings.map((b) => `boxed warning ${b}`), ...p.safety.flags].join('; ') || 'No harm among the retrieved records (absence of evidence, not evidence of safety)'),
      h('dt', null, 'Mechanism'), h('dd', null, p.mechanism.targets.join(', ') || 'none retrieved'),
      h('dt', null, 'Trials by phase'), h('dd', null, Object.entries(p.trials_by_phase).map(([k, v]) => `${k}: ${v}`).join(', ') || 'none retrieved')) : null,
    a.safety_ranking ? h('ol', { class: 'safety-ranking', 'data-testid': 'safety-ranking' },
      a.safety_ranking.map((r) => h('li', { 'data-band': r.concern_band }, h('strong', null, r.label), ` — concern ${r.concern.toFixed(1)} (${r.concern_band.replace(/_/g, ' ')}): ${r.statement}`,
        // Each term with what it is and whether it counts (docs/scoring.md §5a).
        r.terms && r.terms.length > 0 ? h('ul', { class: 'safety-terms', 'data-testid': 'safety-terms' }, r.terms.map((t) => h('li', { 'data-term': t.term },
          h('strong', null, t.term.replace(/_/g, ' ')), ` (${t.counted ? `counts, score ${t.score?.toFixed(2) ?? '–'}` : 'listed, not counted'}): ${t.what}`))) : null))) : null,
    a.set_apart.length > 0 ? h('div', null, h('h3', null, 'Set apart'),
      h('ul', { 'data-testid': 'set-apart' }, a.set_apart.map((s) => h('li', { 'data-reason': s.reason }, s.statement, h('span', { class: 'muted small' }, ` (would have ranked #${s.ranking.rank})`))))) : null);
}
