// The names the history form offers as you type: every drug and target ranked in the researcher's
// latest runs (the trends' labels, up to 100 runs), so "anifrolumab" finds drug:anifrolumab without
// the researcher knowing the id format. A name no run ranked still works: it becomes {type}:{name}.
import { api } from '../../core/api';

export interface CandidateName { id: string; label: string; kind: 'drug' | 'target' }

export async function candidateNames(signal?: AbortSignal): Promise<CandidateName[]> {
  const trends = await api.get<{ labels: Record<string, string> }>('/api/workspace/trends', { query: { limit: 100 }, signal });
  return Object.entries(trends.labels)
    .map(([id, label]) => ({ id, label, kind: (id.startsWith('target:') ? 'target' : 'drug') as CandidateName['kind'] }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** What the researcher typed, as a candidate id: an id as given, a known name (any case), or {type}:{name}. */
export function resolveCandidate(typed: string, type: 'drug' | 'target', names: CandidateName[]): { id: string; kind: 'drug' | 'target' } {
  const text = typed.trim();
  if (/^(drug|target):/.test(text)) return { id: text, kind: text.startsWith('target:') ? 'target' : 'drug' };
  const lower = text.toLowerCase();
  const known = names.find((n) => n.kind === type && n.label.toLowerCase() === lower) ?? names.find((n) => n.label.toLowerCase() === lower);
  if (known) return { id: known.id, kind: known.kind };
  return { id: `${type}:${type === 'drug' ? lower : text.toUpperCase()}`, kind: type };
}
