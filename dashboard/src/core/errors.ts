// Showing what went wrong: the server's own error text (always as text, so escaped), and 422 details
// placed next to the field they concern (loc [..., field]) when the form has such a field.
import { ApiError } from './api';
import { h } from './dom';

export function errorBox(error: unknown): HTMLElement {
  const message = error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
  const status = error instanceof ApiError ? ` (${error.status})` : '';
  return h('div', { class: 'error', role: 'alert', 'data-testid': 'error' }, `Error${status}: ${message}`);
}

/**
 * Puts each 422 detail under the form field named by the last element of its `loc`
 * (fields carry data-field="name"); details without a field go to `general`.
 */
export function showFieldErrors(form: HTMLElement, error: unknown, general: HTMLElement): void {
  clearFieldErrors(form);
  general.replaceChildren();
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) {
    general.appendChild(errorBox(error));
    return;
  }
  for (const detail of error.fieldErrors) {
    const names = detail.loc.filter((part) => typeof part === 'string').map(String);
    const field = [...names].reverse().map((name) => form.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`)).find(Boolean);
    const message = h('div', { class: 'field-error', role: 'alert', 'data-testid': 'field-error' }, detail.msg);
    if (field) field.appendChild(message);
    else general.appendChild(h('div', { class: 'error', role: 'alert' }, `${detail.loc.join('.')}: ${detail.msg}`));
  }
}

export function clearFieldErrors(form: HTMLElement): void {
  form.querySelectorAll('.field-error').forEach((node) => node.remove());
}

/** Same placement for errors found in the browser before sending (mirroring the server's rules). */
export function showClientErrors(form: HTMLElement, errors: Record<string, string>, general: HTMLElement): boolean {
  clearFieldErrors(form);
  general.replaceChildren();
  for (const [name, msg] of Object.entries(errors)) {
    const field = form.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
    const message = h('div', { class: 'field-error', role: 'alert', 'data-testid': 'field-error' }, msg);
    if (field) field.appendChild(message);
    else general.appendChild(message);
  }
  return Object.keys(errors).length === 0;
}
