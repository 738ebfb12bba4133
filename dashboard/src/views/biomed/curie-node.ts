// A CURIE as a link where it leads somewhere real (curie-links.ts), else as plain code text.
import { h } from '../../core/dom';
import { curieTarget } from '../../../../domain/biomed/curie-links';

export function curieNode(curie: string, label?: string | null): HTMLElement {
  const target = curieTarget(curie);
  const text = label ?? curie;
  if (target.kind === 'text') return label ? h('span', null, label) : h('code', null, curie);
  if (target.kind === 'store') return h('a', { href: target.href }, text);
  return h('a', { href: target.href, target: '_blank', rel: 'noopener noreferrer', class: 'external', title: `${curie} at its source` }, text);
}
