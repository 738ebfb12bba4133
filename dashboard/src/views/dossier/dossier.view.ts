// #runs/{run_id}: one saved run's dossier (GET /api/workspace/runs/{run_id}) — rankings with the
// researcher's reviews, knowledge-graph paths, evidence, claims, sources, warnings and limitations,
// the disclaimer, and the downloads, under a sticky table of contents. Every drug, target and disease
// mention links to its entity page. A run still in progress links to its live progress. The time from
// the view's start to the dossier on screen is measured (Performance API: measure "dossier-render"). Reviews
// of the researcher's earlier run of the same question are offered to carry over (review/carry-over.ts).
import { api } from '../../core/api';
import { formatDate, h } from '../../core/dom';
import { entityHref } from '../../core/entity-links';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { sourceEvidenceSection } from './source-evidence';
import { carryOverSlots, findCarryOver, type CarryOverSlots } from '../review/carry-over';
import { reviewPanel } from '../review/review-panel';
import { ReviewStore } from '../review/review-store';
import { answerSection } from './answer-section';
import { associationHeatmap } from './association-heatmap';
import { claimsSection } from './claims-section';
import type { Dossier, RunRead } from './dossier-model';
import { downloadButtons } from './downloads';
import { evidenceSection } from './evidence-section';
import { graphSection } from './graph-section';
import { disclaimerBox, sourcesSection, warningsSection } from './notes-section';
import { dossierToc } from './dossier-toc';
import { rankingsSection } from './rankings-section';
import './dossier.css';

export async function dossierView({ params, outlet, signal }: ViewContext): Promise<void> {
  const runId = params.run_id ?? '';
  performance.clearMarks('dossier-start');
  performance.mark('dossier-start');
  const loading = h('p', { class: 'muted' }, 'Loading the dossier…');
  outlet.append(loading);
  let run: RunRead;
  const reviews = new ReviewStore(runId);
  let reviewProblem: unknown;
  try {
    run = await api.get<RunRead>(`/api/workspace/runs/${encodeURIComponent(runId)}`, { signal });
    if (run.status === 'completed') await reviews.reload(signal).catch((error) => { reviewProblem = error; });
  } catch (error) {
    if (signal.aborted) return;
    loading.replaceWith(h('h1', null, 'Dossier'), errorBox(error));
    return;
  }
  if (signal.aborted) return;
  loading.remove();

  if (run.status !== 'completed' || !run.dossier) {
    outlet.append(
      h('h1', null, 'Dossier'),
      h('p', { class: 'question' }, run.request.question ?? ''),
      run.status === 'running'
        ? h('p', { 'data-testid': 'run-running' }, 'This run is still being built. ', h('a', { href: `#jobs/${encodeURIComponent(runId)}` }, 'Watch its progress'))
        : h('div', { class: 'error', role: 'alert', 'data-testid': 'run-failed' }, 'This run failed: ', run.error ?? 'no reason given'));
    return;
  }
  const carried = carryOverSlots(reviews);
  outlet.append(...dossierPage(run.dossier, run.html, reviews, reviewProblem, signal, carried));
  document.body.classList.add('own-disclaimer');
  performance.clearMeasures('dossier-render');
  performance.measure('dossier-render', 'dossier-start');
  // After the first render: the earlier run of the same question whose reviews carry over (issue 30).
  if (!reviewProblem) {
    const d = run.dossier;
    const ranked = new Set([...d.drug_rankings, ...d.target_rankings].map((r) => r.candidate_id));
    const source = await findCarryOver({ run_id: d.run_id, disease_id: run.request.disease_id ?? d.disease.id, question: d.request.question }, reviews, ranked, signal).catch(() => null);
    if (!signal.aborted) carried.show(source);
  }
}

function dossierPage(dossier: Dossier, html: string | null, reviews: ReviewStore, reviewProblem: unknown, signal: AbortSignal, carried: CarryOverSlots): Node[] {
  const evidence = new Map(dossier.evidence.map((e) => [e.evidence_id, e]));
  const slot = (r: Parameters<typeof reviewPanel>[1]) => (reviewProblem ? h('p', { class: 'muted small' }, 'Reviews are unavailable right now.')
    : h('div', null, carried.mark(r.candidate_id), reviewPanel(reviews, r)));
  const wants = dossier.request.candidate_type;
  const context = { run: dossier.run_id, disease: dossier.disease.id };
  const toc = dossierToc([
    { id: 'dossier-rankings', label: 'Rankings', count: dossier.drug_rankings.length + dossier.target_rankings.length },
    { id: 'dossier-evidence', label: 'Evidence', count: dossier.evidence.length },
    { id: 'dossier-source-evidence', label: 'By source', count: dossier.drug_rankings.length + dossier.target_rankings.length },
    { id: 'dossier-claims', label: 'Claims', count: dossier.claims.length },
    { id: 'dossier-graph', label: 'Graph', count: dossier.graph_explanations.filter((g) => g.status === 'found').length },
    { id: 'dossier-sources', label: 'Sources', count: dossier.source_statuses.length },
    { id: 'dossier-limitations', label: 'Limitations', count: dossier.limitations.length + dossier.warnings.length },
  ], signal);
  return [
    h('header', { class: 'dossier-head', 'data-testid': 'dossier' },
      // What the dossier rests on, first, when it is not real, complete evidence (issue 28).
      dossier.rests_on && !dossier.rests_on.real_and_complete
        ? h('div', { class: 'rests-on', role: 'alert', 'data-testid': 'dossier-rests-on' }, h('strong', null, 'What this rests on: '), dossier.rests_on.headline)
        : null,
      h('p', { class: 'muted' }, h('a', { href: entityHref(dossier.disease.mondo_id || dossier.disease.id, context), 'data-testid': 'dossier-disease-link' }, dossier.disease.name),
        ` (${dossier.disease.id}) · completed ${formatDate(dossier.completed_at)}`),
      h('h1', { class: 'question', 'data-testid': 'dossier-question' }, dossier.request.question),
      h('p', { class: 'muted small' },
        `Sources: ${dossier.request.sources.join(', ')} · candidates: ${dossier.request.candidate_type} · evidence limit ${dossier.request.max_evidence}`,
        dossier.request.date_from || dossier.request.date_to ? ` · dates ${dossier.request.date_from ?? '…'} to ${dossier.request.date_to ?? '…'}` : ''),
      disclaimerBox(dossier.disclaimer),
      downloadButtons(dossier.run_id, html)),
    toc,
    reviewProblem ? errorBox(reviewProblem) : null,
    carried.panel,
    answerSection(dossier),
    h('div', { class: 'rankings-grid', id: 'dossier-rankings' },
      rankingsSection('Ranked drugs', 'drug-rankings', dossier.drug_rankings, wants !== 'targets', slot, context),
      rankingsSection('Ranked targets', 'target-rankings', dossier.target_rankings, wants !== 'drugs', slot, context)),
    associationHeatmap(dossier.run_id, dossier.target_rankings),
    sourceEvidenceSection(dossier),
    evidenceSection(dossier.evidence, context),
    claimsSection(dossier.claims, evidence, context),
    graphSection(dossier.graph_explanations, [...dossier.drug_rankings, ...dossier.target_rankings], signal, context),
    sourcesSection(dossier),
    warningsSection(dossier),
  ].filter((node): node is HTMLElement => node !== null);
}
