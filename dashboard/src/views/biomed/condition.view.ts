// #biomed/conditions/{curie}: one condition of the active snapshots: summary (GET /api/v1/conditions/{curie}),
// IS_A hierarchy and claims, each part loading on its own. The CURIE arrives URL-decoded from the router.
import { api, ApiError } from '../../core/api';
import { h, replace } from '../../core/dom';
import { entityHref } from '../../core/entity-links';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { biomedPage } from './biomed-page';
import type { ConditionSummary } from './biomed-types';
import { claimsSection } from './claims-section';
import { summarySection } from './condition-summary';
import { hierarchySection } from './hierarchy-section';

export async function conditionView({ params, query, outlet, signal }: ViewContext): Promise<void> {
  const curie = params.curie ?? '';
  const summaryBox = h('div', { 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading condition…'));
  const page = biomedPage('conditions', curie, h('p', null, h('a', { href: '#biomed' }, '← Search conditions')), summaryBox);
  replace(outlet, page.element);
  let summary: ConditionSummary;
  try {
    summary = await api.get<ConditionSummary>(`/api/v1/conditions/${encodeURIComponent(curie)}`, { signal });
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof ApiError && error.disclaimer) page.setDisclaimer(error.disclaimer);
    replace(summaryBox, errorBox(error), error instanceof ApiError && error.status === 404
      ? h('p', { class: 'empty', 'data-testid': 'empty-section' }, 'No data imported for this section (this condition is in none of the active snapshots).')
      : null);
    return;
  }
  if (signal.aborted) return;
  page.setDisclaimer(summary.disclaimer);
  page.setTitle(summary.label ? `${summary.label} (${summary.curie})` : summary.curie);
  replace(summaryBox,
    h('p', null, h('a', { href: entityHref(summary.curie), 'data-testid': 'condition-entity-link' }, 'Its knowledge-graph page: neighbourhood and predicted treatments')),
    summarySection(summary),
    hierarchySection(summary.curie, query, signal, page.setDisclaimer),
    claimsSection(summary.curie, query, signal, page.setDisclaimer));
}
