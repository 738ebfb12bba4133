// The only way views build DOM: text always goes in as text nodes, attributes through setAttribute,
// so nothing from the server or the user is ever parsed as HTML (no innerHTML anywhere; a test greps
// for it). `style` attributes are refused because the enforced CSP forbids inline styles; use classes.
export type Child = Node | string | number | null | undefined | false | Child[];
type Listener = (event: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Attrs = Record<string, string | number | boolean | null | undefined | Listener>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) setAttrs(el, attrs);
  append(el, ...children);
  return el;
}

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  if (attrs) setAttrs(el, attrs);
  append(el, ...children);
  return el;
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'style') throw new Error('inline styles are not allowed under the dashboard CSP; use a class');
    if (typeof value === 'function') {
      el.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
    } else if (value === true) {
      el.setAttribute(name, '');
    } else if (name === 'value' && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) {
      el.value = String(value);
    } else {
      el.setAttribute(name, String(value));
    }
  }
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, ...child);
    else if (child instanceof Node) parent.appendChild(child);
    else parent.appendChild(document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** The spec's placeholder for a section without data. */
export function emptySection(what?: string): HTMLElement {
  return h('p', { class: 'empty', 'data-testid': 'empty-section' }, 'No data imported for this section', what ? ` (${what})` : '');
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function formatScore(value: number | null | undefined, digits = 3): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '—';
}
