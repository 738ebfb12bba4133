// The comparison of two runs as the server computed it: ranking changes, evidence added and removed,
// and the researcher's decisions on the same candidates in each run.
import { emptySection, formatDate, formatScore, h } from '../../core/dom';
import type { Comparison, DecisionAt, EvidenceRef, RankedPoint, RankingChange, ReviewChange, RunRef } from './compare-types';

export function comparisonView(result: Comparison): HTMLElement {
  return h('div', { 'data-testid': 'compare-result' },
    h('div', { class: 'compare-runs' }, runPanel('Left (baseline)', result.left), runPanel('Right', result.right)),
    result.same_disease ? null : h('p', { class: 'warning' }, 'The two runs are of different diseases.'),
    fingerprintNote(result.fingerprints),
    h('h2', null, 'Ranking changes'),
    rankingSection('Drugs', result.rankings.drugs, 'compare-drugs'),
    rankingSection('Targets', result.rankings.targets, 'compare-targets'),
    h('h2', null, 'Evidence'),
    evidenceSummary(result),
    evidenceList('Added (right only)', result.evidence.added, 'evidence-added'),
    evidenceList('Removed (left only)', result.evidence.removed, 'evidence-removed'),
    h('h2', null, 'Review changes'),
    reviewSection(result.reviews),
  );
}

/** Whether the inputs were the same, in words; the raw fingerprints only on request (for a bug report). */
function fingerprintNote(f: Comparison['fingerprints']): HTMLElement {
  return h('details', { class: 'muted fingerprint-note', 'data-testid': 'compare-fingerprints' },
    h('summary', null, f.equal
      ? 'Same inputs: both runs used identical sources, filters and scoring (same provenance fingerprint).'
      : 'Different inputs: sources, filters, retrieved records or scoring differ between the runs.'),
    h('p', { class: 'fingerprint' }, 'Provenance fingerprints: ', h('code', null, short(f.left)), ' → ', h('code', null, short(f.right))));
}

function short(fingerprint: string): string {
  return fingerprint.length > 12 ? `${fingerprint.slice(0, 12)}…` : fingerprint;
}

function runPanel(title: string, run: RunRef): HTMLElement {
  return h('section', { class: 'panel' },
    h('h3', null, title),
    h('p', null, h('a', { href: `#runs/${encodeURIComponent(run.run_id)}` }, run.question)),
    h('p', { class: 'muted' }, `${run.disease_id} · ${run.status} · ${formatDate(run.finished_at ?? run.requested_at)}`),
    h('p', { class: 'muted' }, `${run.evidence_count ?? '—'} evidence records, ${run.claim_count ?? '—'} claims`));
}

function point(p: RankedPoint | null): string {
  return p ? `#${p.rank} · ${formatScore(p.score, 1)} (${p.confidence_band})` : '—';
}

function delta(value: number | null, digits: number): HTMLElement | string {
  if (value === null) return '—';
  const text = `${value > 0 ? '+' : ''}${digits === 0 ? String(value) : value.toFixed(digits)}`;
  return h('span', { class: value > 0 ? 'delta-up' : value < 0 ? 'delta-down' : '' }, text);
}

const CHANGE_TEXT: Record<RankingChange['change'], string> = {
  appeared: 'appeared', disappeared: 'disappeared', moved_up: 'moved up', moved_down: 'moved down', same_rank: 'same rank',
};

function rankingSection(title: string, changes: RankingChange[], testid: string): HTMLElement {
  if (changes.length === 0) return h('section', { 'data-testid': testid }, h('h3', null, title), emptySection());
  return h('section', { 'data-testid': testid },
    h('h3', null, title),
    h('div', { class: 'table-wrap' }, h('table', null,
      h('thead', null, h('tr', null, ['Candidate', 'Left', 'Right', 'Score Δ', 'Rank Δ', 'Change'].map((t) => h('th', null, t)))),
      h('tbody', null, changes.map((c) => h('tr', { 'data-testid': 'ranking-change' },
        h('td', null, c.label, h('div', { class: 'muted' }, c.candidate_id)),
        h('td', null, point(c.left)),
        h('td', null, point(c.right)),
        h('td', null, delta(c.score_delta, 2)),
        h('td', null, delta(c.rank_delta, 0)),
        h('td', { class: `change-${c.change}` }, CHANGE_TEXT[c.change])))))));
}

function evidenceSummary(result: Comparison): HTMLElement {
  const { evidence } = result;
  return h('div', null,
    h('p', { 'data-testid': 'evidence-counts' }, `${evidence.added.length} added, ${evidence.removed.length} removed, ${evidence.unchanged_count} unchanged.`),
    evidence.by_source.length === 0 ? null : h('div', { class: 'table-wrap' }, h('table', null,
      h('thead', null, h('tr', null, ['Source', 'Left', 'Right', 'Δ'].map((t) => h('th', null, t)))),
      h('tbody', null, evidence.by_source.map((s) => h('tr', null,
        h('td', null, s.source), h('td', null, s.left), h('td', null, s.right), h('td', null, delta(s.delta, 0))))))));
}

function evidenceList(title: string, items: EvidenceRef[], testid: string): HTMLElement {
  return h('section', { 'data-testid': testid },
    h('h3', null, `${title}: ${items.length}`),
    items.length === 0 ? h('p', { class: 'muted' }, 'None.') : h('ul', { class: 'compare-evidence' }, items.map((e) => h('li', null,
      h('span', { class: `tag tier-${e.quality_tier}` }, e.quality_tier), ' ', e.title || e.native_id, ' ', h('span', { class: 'muted' }, `· ${e.source} ${e.native_id}`)))));
}

function decision(d: DecisionAt | null): string {
  return d ? `${d.decision} (${formatDate(d.updated_at)})` : '—';
}

const REVIEW_TEXT: Record<ReviewChange['change'], string> = {
  same: 'same', changed: 'changed', only_left: 'only in left', only_right: 'only in right',
};

function reviewSection(reviews: ReviewChange[]): HTMLElement {
  if (reviews.length === 0) return h('section', { 'data-testid': 'compare-reviews' }, h('p', { class: 'muted' }, 'You reviewed no candidate in either run.'));
  return h('section', { 'data-testid': 'compare-reviews' }, h('div', { class: 'table-wrap' }, h('table', null,
    h('thead', null, h('tr', null, ['Candidate', 'Left', 'Right', 'Change'].map((t) => h('th', null, t)))),
    h('tbody', null, reviews.map((r) => h('tr', null,
      h('td', null, r.candidate_id, h('div', { class: 'muted' }, r.candidate_type)),
      h('td', null, decision(r.left)),
      h('td', null, decision(r.right), r.right?.changed_mind ? h('div', { class: 'muted' }, r.right.changed_mind) : null),
      h('td', { class: `change-${r.change}` }, REVIEW_TEXT[r.change])))))));
}
