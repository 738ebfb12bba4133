// Type-ahead over the disease registry (thousands of modules): the server filters by prefix
// (GET /api/system/diseases?q=), so the page never loads the whole registry. A native <input list>
// gives keyboard navigation; requests are debounced and the previous one aborted.
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';

export interface DiseaseSummary {
  id: string;
  name: string | null;
  synonyms: string[];
  valid: boolean;
}

interface DiseaseList {
  counts: { total: number; valid: number; invalid: number };
  diseases: DiseaseSummary[];
}

const SUGGESTIONS = 25;
// 300 ms: a typist's pause between words, not between keys (one request per pause, not per key).
const DEBOUNCE_MS = 300;

export function diseasePicker(initial: string, signal: AbortSignal, onChange: () => void): { field: HTMLElement; input: HTMLInputElement } {
  const list = h('datalist', { id: 'disease-options', 'data-testid': 'disease-options' });
  const input = h('input', {
    name: 'disease_id', list: 'disease-options', autocomplete: 'off', spellcheck: 'false', value: initial,
    'data-testid': 'disease-input', 'aria-describedby': 'disease-hint',
  });
  const hint = h('small', { id: 'disease-hint', class: 'muted', 'data-testid': 'disease-hint' });
  const field = h('label', { class: 'field', 'data-field': 'disease_id' }, 'Disease', input, list, hint);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let asked: string | undefined;
  const lookup = async () => {
    // Choosing an offered option fires `input` with the text already asked about: no second request.
    if (asked === input.value.trim()) return;
    asked = input.value.trim();
    inFlight?.abort();
    inFlight = new AbortController();
    const abort = () => inFlight?.abort();
    signal.addEventListener('abort', abort, { once: true });
    try {
      const page = await api.get<DiseaseList>('/api/system/diseases', {
        query: { q: input.value.trim() || undefined, limit: SUGGESTIONS }, signal: inFlight.signal,
      });
      const usable = page.diseases.filter((d) => d.valid);
      replace(list, usable.map((d) => h('option', { value: d.id, label: d.name ? `${d.name} (${d.id})` : d.id })));
      const chosen = page.diseases.find((d) => d.id === input.value.trim());
      replace(hint, chosen
        ? `${chosen.name ?? chosen.id}${chosen.valid ? '' : ' — this module is incomplete and cannot be used'}`
        : `${page.counts.valid} disease modules; type a name, id or synonym.`);
    } catch (error) {
      asked = undefined; // not answered: the next pause asks again
      if ((error as Error).name !== 'AbortError') replace(hint, 'Suggestions are unavailable right now; type the module id.');
    } finally {
      signal.removeEventListener('abort', abort);
    }
  };
  input.addEventListener('input', () => {
    onChange();
    clearTimeout(timer);
    timer = setTimeout(() => void lookup(), DEBOUNCE_MS);
  });
  signal.addEventListener('abort', () => clearTimeout(timer));
  void lookup();
  return { field, input };
}
