// The dossier's claims: each statement with its relationship, where it came from (deterministic
// extraction or the language model) and its citations, linked to the cited source records.
import { emptySection, h } from '../../core/dom';
import type { Claim, EvidenceItem } from './dossier-model';
import { sourceLink } from './evidence-section';

export function claimsSection(claims: Claim[], evidence: Map<string, EvidenceItem>): HTMLElement {
  return h('section', { class: 'panel', 'data-testid': 'claims-section' },
    h('h2', null, `Claims (${claims.length})`),
    claims.length === 0 ? emptySection() : h('ul', { class: 'claim-list' }, claims.map((claim) => claimItem(claim, evidence))));
}

export function claimItem(claim: Claim, evidence: Map<string, EvidenceItem>): HTMLElement {
  const cited = claim.evidence_ids.map((id) => evidence.get(id)).filter((e): e is EvidenceItem => e !== undefined);
  return h('li', { 'data-testid': 'claim-item' },
    h('p', { class: 'claim-statement' }, claim.statement),
    h('div', { class: 'claim-meta' },
      h('span', { class: `tag rel-${claim.relationship}` }, claim.relationship.replace(/_/g, ' ')),
      h('span', { class: 'tag' }, claim.origin === 'llm' ? 'language model' : 'deterministic'),
      h('span', { class: 'citations', 'data-testid': 'claim-citations' },
        cited.length > 0
          ? cited.map((e, i) => [i > 0 ? ' · ' : '', sourceLink(e.url, claim.citations.find((c) => c.includes(e.native_id)) ?? e.native_id)])
          : claim.citations.join(' · ') || 'no citation')));
}
