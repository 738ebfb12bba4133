// What the browser keeps between page loads: only the API key the researcher typed (sessionStorage,
// gone when the tab closes) and drafts of forms, so an expired session never loses typed text.
// The session itself is an HttpOnly cookie the page cannot read.
const API_KEY = 'ers.api-key';

export function apiKey(): string | null {
  return sessionStorage.getItem(API_KEY);
}

export function setApiKey(key: string | null): void {
  if (key) sessionStorage.setItem(API_KEY, key);
  else sessionStorage.removeItem(API_KEY);
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
