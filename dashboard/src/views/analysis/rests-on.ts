// The banner of what a module result rests on, at the top of the result (the lines: domain/analysis/rests-on-lines.ts).
import { h } from '../../core/dom';
import { RESTS_ON_LABEL, type RestsOnLine } from '../../../../domain/analysis/rests-on-lines';

export { restsOnLines, restsOnTsvHead, type RestsOnLine } from '../../../../domain/analysis/rests-on-lines';

/** The banner at the top of a result; null when the result says nothing about what it rests on. */
export function restsOnBanner(lines: readonly RestsOnLine[]): HTMLElement | null {
  if (lines.length === 0) return null;
  return h('div', { class: 'note rests-on-list', role: 'note', 'aria-label': 'What this result rests on', 'data-testid': 'rests-on-banner' },
    h('strong', null, 'What these numbers rest on'),
    h('ul', null, lines.map((line) => h('li', { 'data-kind': line.kind, 'data-testid': line.own ? 'module-note' : 'rests-on-line' },
      `${line.own ? 'Note' : RESTS_ON_LABEL[line.kind]}: `, line.text))));
}

