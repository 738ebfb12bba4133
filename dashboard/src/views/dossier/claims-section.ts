// The dossier's claims: each statement with its relationship (a contradiction resting on a safety
// signal badged "harm"), where it came from (deterministic extraction or the language model), its
// subject linked to the entity page, and its citations linked to the cited source records.
import { emptySection, h } from '../../core/dom';
import { entityHref } from '../../core/entity-links';
import type { Claim, EvidenceItem } from './dossier-model';
import { sourceLink } from './evidence-section';

export function claimsSection(claims: Claim[], evidence: Map<string, EvidenceItem>, context?: { run: string; disease: string }): HTMLElement {
  return h('section', { class: 'panel', id: 'dossier-claims', 'data-testid': 'claims-section' },
    h('h2', null, `Claims (${claims.length})`),
    claims.length === 0 ? emptySection() : h('ul', { class: 'claim-list' }, claims.map((claim) => claimItem(claim, evidence, context))));
}

export function claimItem(claim: Claim, evidence: Map<string, EvidenceItem>, context?: { run: string; disease: string }): HTMLElement {
  const cited = claim.evidence_ids.map((id) => evidence.get(id)).filter((e): e is EvidenceItem => e !== undefined);
  return h('li', { 'data-testid': 'claim-item' },
    h('p', { class: 'claim-statement' }, claim.statement),
    h('div', { class: 'claim-meta' },
      context && claim.subject.kind !== 'disease'
        ? h('a', { href: entityHref(claim.subject.id, context), class: 'entity-link' }, claim.subject.label)
        : null,
      h('span', { class: `tag rel-${claim.relationship}` }, claim.relationship.replace(/_/g, ' ')),
      claim.qualifier === 'harm' ? h('span', { class: 'tag harm', 'data-testid': 'harm-qualifier', title: 'The contradiction rests on a safety signal (deaths, a safety stop, withdrawal, a boxed warning)' }, 'harm') : null,
      h('span', { class: 'tag' }, claim.origin === 'llm' ? 'language model' : 'deterministic'),
      h('span', { class: 'citations', 'data-testid': 'claim-citations' },
        cited.length > 0
          ? cited.map((e, i) => [i > 0 ? ' · ' : '', sourceLink(e.url, claim.citations.find((c) => c.includes(e.native_id)) ?? e.native_id)])
          : claim.citations.join(' · ') || 'no citation')));
}
