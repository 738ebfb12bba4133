// Where the dossier the page was opened from mentions the entity: its ranking, the claims about it
// and the evidence records naming it, each leading back to the dossier.
import { Child, emptySection, formatScore, h } from '../../core/dom';
import type { Dossier } from '../dossier/dossier-model';

export function dossierMentions(dossier: Dossier, candidateId: string | null, nodeId: string | null): Child {
  const ids = new Set([candidateId, nodeId].filter((x): x is string => x !== null));
  const ranking = [...dossier.drug_rankings, ...dossier.target_rankings].find((r) => ids.has(r.candidate_id));
  const claims = dossier.claims.filter((c) => ids.has(c.subject.id) || ids.has(c.object.id));
  const evidence = dossier.evidence.filter((e) => [...(e.entities?.drugs ?? []), ...(e.entities?.targets ?? [])].some((id) => ids.has(id)));
  const back = `#runs/${encodeURIComponent(dossier.run_id)}`;
  if (!ranking && claims.length === 0 && evidence.length === 0) return emptySection('the dossier does not mention it');
  return h('div', { 'data-testid': 'dossier-mentions' },
    h('p', null, 'In ', h('a', { href: back }, `“${dossier.request.question}”`), ranking
      ? `: ranked #${ranking.rank} (${formatScore(ranking.score, 1)}, ${ranking.confidence_band} confidence).` : '.'),
    claims.length === 0 ? null : h('ul', null, claims.map((c) => h('li', null, c.qualifier === 'harm' ? h('span', { class: 'tag harm' }, 'harm') : null, c.statement))),
    evidence.length === 0 ? null : h('p', { class: 'small' }, `${evidence.length} evidence records name it: `,
      evidence.map((e, i) => [i > 0 ? '; ' : '', e.title || e.native_id, e.outcome ? h('span', { class: `tag outcome-${e.outcome.class}` }, e.outcome.class) : null])));
}
