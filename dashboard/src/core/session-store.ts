// What the browser keeps between page loads: the API key the researcher typed and drafts of forms, so
// an expired session never loses typed text. The session itself is an HttpOnly cookie the page cannot
// read. The key lives in sessionStorage (this tab only) unless the researcher ticks "Remember on this
// device": then in localStorage, so every tab of this browser has it until sign-out clears it (one
// documented choice, docs/dashboard: localStorage is readable by any script of this origin, which the
// enforced CSP limits to the dashboard's own bundle).
const API_KEY = 'ers.api-key';

export function apiKey(): string | null {
  return sessionStorage.getItem(API_KEY) ?? localStorage.getItem(API_KEY);
}

/** Keeps the key for this tab, or (remember) for every tab of this browser; null forgets it everywhere. */
export function setApiKey(key: string | null, remember = false): void {
  sessionStorage.removeItem(API_KEY);
  localStorage.removeItem(API_KEY);
  if (key) (remember ? localStorage : sessionStorage).setItem(API_KEY, key);
}

export function keyRemembered(): boolean {
  return localStorage.getItem(API_KEY) !== null;
}

export function saveDraft(form: string, value: unknown): void {
  sessionStorage.setItem(`ers.draft.${form}`, JSON.stringify(value));
}

export function loadDraft<T>(form: string): T | undefined {
  const raw = sessionStorage.getItem(`ers.draft.${form}`);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function clearDraft(form: string): void {
  sessionStorage.removeItem(`ers.draft.${form}`);
}
