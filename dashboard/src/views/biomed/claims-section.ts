// Claims about a condition (GET /api/v1/conditions/{curie}/claims) with predicate, evidence-direction
// and page-size filters; each claim with its evidence links. Choices live in the fragment.
import { api } from '../../core/api';
import { emptySection, h, replace } from '../../core/dom';
import { showClientErrors, showFieldErrors } from '../../core/errors';
import { curieNode } from './curie-node';
import type { Claim, ClaimsResponse } from './biomed-types';
import { EVIDENCE_DIRECTIONS, PREDICATES } from '../../../../domain/biomed/claims';
import { PAGE_LIMIT, validLimit } from './biomed-vocabulary';
import { updateFragmentQuery } from './fragment-query';

function choice(name: string, label: string, values: readonly string[], current: string | null): HTMLElement {
  return h('label', { class: 'field', 'data-field': name }, label,
    h('select', { name, 'data-testid': `claims-${name}` },
      h('option', { value: '' }, 'Any'),
      values.map((v) => h('option', { value: v, selected: v === current }, v))));
}

export function claimsSection(curie: string, query: URLSearchParams, signal: AbortSignal, onDisclaimer: (text: string) => void): HTMLElement {
  const general = h('div');
  const form = h('form', { class: 'claims-filters', novalidate: true, 'data-testid': 'claims-filters' },
    h('div', { class: 'row' },
      choice('predicate', 'Predicate', PREDICATES, query.get('predicate')),
      choice('evidence_direction', 'Evidence direction', EVIDENCE_DIRECTIONS, query.get('evidence_direction')),
      h('label', { class: 'field', 'data-field': 'limit' }, `Claims (${PAGE_LIMIT.min}–${PAGE_LIMIT.max})`,
        h('input', { name: 'limit', type: 'number', min: PAGE_LIMIT.min, max: PAGE_LIMIT.max, step: 1, value: query.get('limit') ?? String(PAGE_LIMIT.default) }))),
    general,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Show claims')));
  const body = h('div', { 'aria-live': 'polite', 'data-testid': 'claims-body' });
  let inFlight: AbortController | undefined;

  const load = async () => {
    const data = new FormData(form);
    const filters = {
      predicate: String(data.get('predicate') ?? ''), evidence_direction: String(data.get('evidence_direction') ?? ''), limit: String(data.get('limit') ?? '').trim(),
    };
    const badLimit = validLimit(filters.limit, PAGE_LIMIT);
    if (!showClientErrors(form, badLimit ? { limit: badLimit } : {}, general)) return;
    updateFragmentQuery({ ...filters, limit: filters.limit === String(PAGE_LIMIT.default) ? undefined : filters.limit });
    inFlight?.abort();
    const own = (inFlight = new AbortController());
    signal.addEventListener('abort', () => own.abort(), { once: true });
    replace(body, h('p', { class: 'muted' }, 'Loading claims…'));
    try {
      const answer = await api.get<ClaimsResponse>(`/api/v1/conditions/${encodeURIComponent(curie)}/claims`, {
        query: { predicate: filters.predicate, evidence_direction: filters.evidence_direction, limit: filters.limit }, signal: own.signal,
      });
      onDisclaimer(answer.disclaimer);
      replace(body, claimsTable(answer));
    } catch (error) {
      if (own.signal.aborted) return;
      replace(body);
      showFieldErrors(form, error, general);
    }
  };
  form.addEventListener('submit', (event) => { event.preventDefault(); void load(); });
  form.addEventListener('change', (event) => { if ((event.target as HTMLElement).tagName === 'SELECT') void load(); });
  void load();
  return h('section', { class: 'panel', 'data-testid': 'condition-claims' }, h('h2', null, 'Claims'), form, body);
}

function entity(curie: string, label: string | null): HTMLElement {
  return h('span', null, curieNode(curie, label), label ? h('code', { class: 'muted' }, ` ${curie}`) : null);
}

function evidenceCell(claim: Claim): HTMLElement {
  if (claim.evidence.length === 0) return h('span', { class: 'muted' }, 'none');
  return h('ul', { class: 'evidence-links' }, claim.evidence.map((e) => h('li', null,
    e.reference ? h('code', null, e.reference) : null, e.evidence_code ? h('span', { class: 'tag' }, e.evidence_code) : null,
    h('span', { class: 'muted' }, ` ${e.source.file}:${e.source.line}`))));
}

function claimsTable(answer: ClaimsResponse): HTMLElement {
  if (answer.claims.length === 0) return emptySection('no claims match these filters');
  return h('div', null,
    h('p', { class: 'muted' }, `${answer.count} claim(s)`, answer.has_more ? ` — more exist; raise the limit (at most ${PAGE_LIMIT.max}) or narrow the filters` : ''),
    h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'claims-table' },
      h('thead', null, h('tr', null, ['Subject', 'Predicate', 'Object', 'Direction', 'Evidence', 'Snapshot'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', null, answer.claims.map((claim) => h('tr', { 'data-testid': 'claim-row', 'data-claim-id': claim.claim_id },
        h('td', null, entity(claim.subject, claim.subject_label), claim.via === 'exact_mapping' ? h('div', { class: 'muted' }, 'via an exact mapping') : null),
        h('td', null, h('code', null, claim.predicate)),
        h('td', null, entity(claim.object, claim.object_label)),
        h('td', { class: `direction-${claim.evidence_direction}` }, claim.evidence_direction),
        h('td', null, evidenceCell(claim)),
        h('td', null, h('code', { class: 'muted' }, claim.snapshot_id))))))));
}
