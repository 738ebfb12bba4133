// A panel of an entity page that fills itself: a heading, "Loading…", then what the loader returns, or
// the server's reason as text (a 409 module-not-available or a 404 is information, not a crash). Refused
// for the rate limit (429), it says so, waits the server's Retry-After and loads again by itself.
import { ApiError } from '../../core/api';
import { retrying } from '../../core/back-off';
import { Child, h, replace } from '../../core/dom';

export function asyncSection(id: string, title: string, load: () => Promise<Child>, signal: AbortSignal): HTMLElement {
  const body = h('div', { 'aria-busy': 'true' }, h('p', { class: 'muted' }, 'Loading…'));
  const section = h('section', { class: 'panel', id, 'data-testid': id }, h('h2', null, title), body);
  const waiting = (seconds: number) => replace(body, h('p', { class: 'muted', 'data-testid': 'section-retrying' }, `Busy server: retrying in ${Math.ceil(seconds)} s…`));
  retrying(load, signal, waiting).then((content) => {
    if (signal.aborted) return;
    body.removeAttribute('aria-busy');
    replace(body, content);
  }, (error: unknown) => {
    if (signal.aborted) return;
    body.removeAttribute('aria-busy');
    replace(body, unavailable(error));
  });
  return section;
}

function unavailable(error: unknown): HTMLElement {
  if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
    return h('p', { class: 'muted', 'data-testid': 'section-unavailable' }, `Not available: ${error.message}`);
  }
  return h('div', { class: 'error', role: 'alert', 'data-testid': 'error' }, error instanceof Error ? error.message : String(error));
}
