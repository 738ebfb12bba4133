// Which knowledge-graph node an entity page shows. A graph id (DRUGBANK:DB01076, NCBIGene:3156,
// MONDO:0007915) is itself; a dossier id (drug:atorvastatin, target:HMGCR, disease:sle) is the node
// the run's graph explanation linked it to, else the node whose name is exactly the candidate's name
// (GET /api/kg/search, tier id/alias/label/synonym) — never a fuzzy guess.
import { api } from '../../core/api';
import { KIND_OF_TYPE, type EntityKind } from '../../core/entity-links';
import type { Dossier, RunRead } from '../dossier/dossier-model';
import type { KgNode, ResolvedEntity } from './entity-types';

const TYPE_OF_KIND: Record<EntityKind, string> = { drug: 'Compound', target: 'Gene', disease: 'Disease' };
const EXACT_TIERS = new Set(['id', 'alias', 'label', 'synonym']);

export async function resolveEntity(id: string, dossier: Dossier | null, signal: AbortSignal): Promise<ResolvedEntity> {
  const candidate = /^(drug|target|disease):(.+)$/.exec(id);
  if (!candidate) {
    const node = (await api.get<{ node: KgNode }>(`/api/kg/node/${encodeURIComponent(id)}`, { signal })).node;
    return { kind: KIND_OF_TYPE[node.type] ?? 'disease', label: node.label, nodeId: node.id, candidateId: null, linkedBy: 'knowledge-graph id' };
  }
  const kind = candidate[1] as EntityKind;
  const label = labelInDossier(id, dossier) ?? candidate[2]!;
  if (kind === 'disease' && dossier?.disease.mondo_id) {
    return { kind, label: dossier.disease.name, nodeId: dossier.disease.mondo_id, candidateId: id, linkedBy: 'the dossier\'s MONDO id' };
  }
  const linked = dossier?.graph_explanations.find((g) => g.candidate_id === id && g.candidate_node)?.candidate_node;
  if (linked) return { kind, label, nodeId: linked, candidateId: id, linkedBy: 'the dossier\'s graph link' };
  const hits = (await api.get<{ hits: (KgNode & { match: string; matched: string })[] }>('/api/kg/search', { query: { q: label, types: [TYPE_OF_KIND[kind]], limit: 3 }, signal })).hits;
  const exact = hits.filter((h) => EXACT_TIERS.has(h.match) && (h.matched ?? h.label).toLowerCase() === label.toLowerCase());
  if (exact.length === 1) return { kind, label, nodeId: exact[0]!.id, candidateId: id, linkedBy: 'exact name in the knowledge graph' };
  return { kind, label, nodeId: null, candidateId: id, linkedBy: exact.length > 1 ? 'ambiguous name' : 'not in the knowledge graph' };
}

function labelInDossier(id: string, dossier: Dossier | null): string | undefined {
  if (!dossier) return undefined;
  const ranked = [...dossier.drug_rankings, ...dossier.target_rankings].find((r) => r.candidate_id === id);
  return ranked?.label ?? dossier.claims.find((c) => c.subject.id === id)?.subject.label;
}

export async function readDossier(runId: string | null, signal: AbortSignal): Promise<Dossier | null> {
  if (!runId) return null;
  const run = await api.get<RunRead>(`/api/workspace/runs/${encodeURIComponent(runId)}`, { signal }).catch(() => null);
  return run?.dossier ?? null;
}
