// The trends answer names evidence by its id only (ev_…): the runs' own dossiers say what each record
// is. Read once per run the changes mention (in parallel), so the lists show "title · source id".
import { api } from '../../core/api';
import type { RunRead } from '../dossier/dossier-model';
import type { EvidenceChange } from './trends-types';

export interface EvidenceLabel { title: string; source: string; native_id: string; synthetic: boolean }

export async function evidenceTitles(changes: EvidenceChange[], signal: AbortSignal): Promise<Map<string, EvidenceLabel>> {
  const runIds = [...new Set(changes.flatMap((c) => [c.from_run_id, c.to_run_id]))];
  const labels = new Map<string, EvidenceLabel>();
  const runs = await Promise.all(runIds.map((id) =>
    api.get<RunRead>(`/api/workspace/runs/${encodeURIComponent(id)}`, { signal }).catch(() => null)));
  for (const run of runs) {
    for (const e of run?.dossier?.evidence ?? []) {
      labels.set(e.evidence_id, { title: e.title || e.native_id, source: e.source, native_id: e.native_id, synthetic: e.provenance?.synthetic === true });
    }
  }
  return labels;
}
