// A form built from a module's request schema: a checkbox per boolean, a select per enum, a number
// field with its bounds per integer/number, a text field with its length and pattern per string —
// so every module can be run without a page of its own. Values equal to the default are not sent.
import { h } from '../../core/dom';
import type { SchemaProperty } from './analysis-types';

export function schemaFields(properties: Record<string, SchemaProperty>, initial: URLSearchParams): HTMLElement[] {
  return Object.entries(properties).filter(([name]) => name !== 'no_cache').map(([name, p]) => field(name, p, initial.get(name)));
}

function typeOf(p: SchemaProperty): string {
  return Array.isArray(p.type) ? p.type.find((t) => t !== 'null') ?? 'string' : p.type ?? 'string';
}

function field(name: string, p: SchemaProperty, initial: string | null): HTMLElement {
  const label = name.replace(/_/g, ' ');
  const hint = p.description ? h('span', { class: 'muted small field-hint' }, p.description) : null;
  const value = initial ?? (p.default === undefined || p.default === null ? '' : String(p.default));
  const type = typeOf(p);
  if (type === 'boolean') {
    return h('div', { class: 'field', 'data-field': name }, h('label', { class: 'check' }, h('input', { type: 'checkbox', name, checked: value === 'true', 'data-testid': `param-${name}` }), ` ${label}`), hint);
  }
  let control: HTMLElement;
  if (p.enum) {
    control = h('select', { name, 'data-testid': `param-${name}` }, p.enum.map((v) => h('option', { value: String(v), selected: String(v) === value }, String(v))));
  } else if (type === 'integer' || type === 'number') {
    control = h('input', { type: 'number', name, value, min: p.minimum, max: p.maximum, step: type === 'integer' ? 1 : 'any', 'data-testid': `param-${name}` });
  } else if (type === 'array') {
    control = h('input', { name, value, placeholder: 'comma-separated', 'data-testid': `param-${name}` });
  } else {
    control = h('input', { name, value, maxlength: p.maxLength, 'data-testid': `param-${name}` });
  }
  return h('label', { class: 'field', 'data-field': name }, label, control, hint);
}

/** The query the job is queued with: changed values only (the server applies its defaults). */
export function formQuery(form: HTMLFormElement, properties: Record<string, SchemaProperty>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, p] of Object.entries(properties)) {
    const el = form.elements.namedItem(name);
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement)) continue;
    const type = typeOf(p);
    const value = el instanceof HTMLInputElement && el.type === 'checkbox' ? String(el.checked) : el.value.trim();
    if (value === '' || value === String(p.default ?? (type === 'boolean' ? 'false' : ''))) continue;
    query[name] = type === 'array' ? value.split(',').map((v) => v.trim()).filter(Boolean) : value;
  }
  return query;
}
