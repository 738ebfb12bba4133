// The monitor-snapshot job (queued by POST /api/monitor/snapshot) and the scheduler's monitor duty: searches every source the disease module
// configures through the source framework (offline: the bundled corpus) with the Workspace pipeline
// (no LLM), and records what came back as one MonitorSnapshotTaken event: per source its status, count
// and record ids, and the top drug and target rankings of the deterministic ranking.
import { randomUUID } from 'node:crypto';
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { MONITOR_TOP_N, MonitorEvent, MonitorSnapshot, monitorStream, RankedCandidate } from '../../domain/operations/monitor';
import type { CandidateRanking, Dossier } from '../../domain/workspace/dossier-types';
import { parseResearchRequest } from '../../domain/workspace/research-request';
import { storeGraphView } from '../../domain/workspace/store-graph-view';
import { SOURCE_NAMES } from '../../domain/workspace/sources';
import type { EventStore } from '../../infra/event-store/event-store';
import { CommandContext, metadataFor } from '../shared/command-context';
import { PipelineDeps, runResearchPipeline } from '../workspace/research-pipeline';

export interface MonitorDeps {
  store: EventStore;
  diseases: { require(id: string): DiseaseModule };
  knowledgeGraph(): Promise<TypedKnowledgeGraph>;
  pipeline: PipelineDeps;
}

export const monitorQuestion = (disease: DiseaseModule) => `What is the current evidence on ${disease.name}?`;

const top = (rankings: readonly CandidateRanking[]): RankedCandidate[] =>
  rankings.slice(0, MONITOR_TOP_N).map((r) => ({ id: r.candidate_id, label: r.label, rank: r.rank, score: r.score }));

function sourcesOf(dossier: Dossier): MonitorSnapshot['sources'] {
  const ids = new Map<string, Set<string>>();
  const add = (source: string, id: string) => { if (!ids.has(source)) ids.set(source, new Set()); ids.get(source)!.add(id); };
  for (const e of dossier.evidence) {
    add(e.source, e.native_id);
    for (const also of e.also_found_in) add(also.source, also.native_id);
  }
  return Object.fromEntries(dossier.source_statuses.map((s) => [s.source, {
    status: s.status, record_count: s.record_count, retrieval_mode: s.retrieval_mode, record_ids: [...(ids.get(s.source) ?? [])].sort(),
  }]));
}

/**
 * `snapshotId` (default: a fresh one) is also the recorded event's id, so taking the same snapshot again (a job
 * redelivered after its worker died) records it once.
 */
export async function takeMonitorSnapshot(
  deps: MonitorDeps, context: CommandContext, diseaseId: string, trigger: MonitorSnapshot['trigger'], snapshotId: string = randomUUID(),
): Promise<MonitorSnapshot> {
  const disease = deps.diseases.require(diseaseId);
  const sources = SOURCE_NAMES.filter((s) => disease.search[s] !== undefined && disease.search[s] !== null);
  const request = parseResearchRequest({ disease_id: diseaseId, question: monitorQuestion(disease), sources, max_evidence: 200, enable_llm: false, candidate_type: 'both' });
  const knowledgeGraph = await deps.knowledgeGraph();
  const { dossier } = await runResearchPipeline(
    { runId: snapshotId, request, disease, graph: storeGraphView(knowledgeGraph), knowledgeGraph, startedAt: context.now }, deps.pipeline);
  const snapshot: MonitorSnapshot = {
    snapshotId, diseaseId, trigger, question: request.question, sources: sourcesOf(dossier),
    rankings: { drugs: top(dossier.drug_rankings), targets: top(dossier.target_rankings) }, at: context.now.toISOString(),
  };
  const event: MonitorEvent = { type: 'MonitorSnapshotTaken', data: snapshot };
  await deps.store.append(monitorStream(diseaseId), [{ id: snapshotId, ...event, metadata: metadataFor(context) }]);
  return snapshot;
}
