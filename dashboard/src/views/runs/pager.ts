// Previous/next paging for lists the server pages with limit/offset (runs, alerts).
import { h } from '../../core/dom';

export interface PageInfo {
  total: number;
  limit: number;
  offset: number;
}

/** "21–40 of 57" with previous/next buttons; nothing when everything fits on one page. */
export function pager(page: PageInfo, onOffset: (offset: number) => void, testid = 'pager'): HTMLElement | null {
  if (page.total <= page.limit && page.offset === 0) return null;
  const first = page.total === 0 ? 0 : page.offset + 1;
  const last = Math.min(page.offset + page.limit, page.total);
  return h('div', { class: 'actions pager', 'data-testid': testid },
    h('button', { type: 'button', 'data-testid': `${testid}-prev`, disabled: page.offset === 0, onclick: () => onOffset(Math.max(0, page.offset - page.limit)) }, 'Previous'),
    h('span', { class: 'muted', 'data-testid': `${testid}-range` }, `${first}–${last} of ${page.total}`),
    h('button', { type: 'button', 'data-testid': `${testid}-next`, disabled: last >= page.total, onclick: () => onOffset(page.offset + page.limit) }, 'Next'),
  );
}
