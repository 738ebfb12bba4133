// Synthetic Workspace history for alert and digest tests: completed runs written as the Workspace
// writes them (RunRequested + RunCompleted with the dossier in the blob store) and review saves, so the
// real projectors and processors react, with numbers and times the test controls.
import { systemClock } from '../../infra/clock/clock';
import { randomUUID } from 'node:crypto';
import { newCommandContext } from '../../commands/shared/command-context';
import { handleCommand } from '../../commands/shared/handle-command';
import { changeRun } from '../../commands/workspace/run-commands';
import { Decision, reviewDecider, reviewStreamId } from '../../domain/reviews/review';
import type { Dossier, EvidenceItem } from '../../domain/workspace/dossier-types';
import { runStreamId } from '../../domain/workspace/run';
import type { Knex } from 'knex';
import type { EventStore } from '../../infra/event-store/event-store';
import { BlobStore } from '../../infra/blobs/blob-store';

/** What seeding writes to: a Runtime, or just an event store and a database. */
export interface SeedTarget {
  store: EventStore;
  db: { knex: Knex };
}

export interface SeedCandidate {
  id: string;
  type?: 'drug' | 'target';
  score: number;
  rank: number;
  /** evidence id -> quality score */
  evidence: Record<string, number>;
}

export function seedDossier(runId: string, diseaseId: string, candidates: SeedCandidate[]): Dossier {
  const evidence = new Map<string, EvidenceItem>();
  const dossier = {
    schema_version: '1.0', run_id: runId, started_at: '', completed_at: '', disease: { id: diseaseId, name: diseaseId, mondo_id: '', efo_id: '' },
    request: { disease_id: diseaseId, question: 'seeded', sources: ['pubmed'], date_from: null, date_to: null, candidate_type: 'both', max_evidence: 50, enable_llm: false },
    search_terms: [], source_statuses: [], evidence: [] as EvidenceItem[], claims: [] as Dossier['claims'], drug_rankings: [] as Dossier['drug_rankings'],
    target_rankings: [] as Dossier['target_rankings'], graph_explanations: [], warnings: [], limitations: [],
    manifest: { provenance: { algorithm: 'sha256', fingerprint: 'f', inputs: {} }, llm: { status: 'disabled', model: null, warnings: [] } },
    disclaimer: 'Research use only.',
  } as Dossier;
  for (const c of candidates) {
    const kind = c.type ?? 'drug';
    const claimId = `cl_${c.id}`;
    dossier.claims.push({
      claim_id: claimId, subject: { id: c.id, label: c.id.toUpperCase(), kind }, relationship: 'supports',
      object: { id: diseaseId, label: diseaseId, kind: 'disease' }, statement: `${c.id} supports`, evidence_ids: Object.keys(c.evidence), citations: [], origin: 'deterministic',
    } as Dossier['claims'][number]);
    for (const [id, quality] of Object.entries(c.evidence)) {
      evidence.set(id, {
        evidence_id: id, source: 'pubmed', native_id: id, also_found_in: [], url: `https://pubmed.example/${id}`, title: `Study ${id}`, snippet: '',
        published: null, evidence_type: 'article', quality_tier: quality >= 0.7 ? 'high' : 'low', quality_score: quality, quality_rationale: '',
        query_context: [], retrieval_mode: 'offline', retrieved_at: '', entities: { drugs: [], targets: [] },
      } as unknown as EvidenceItem);
    }
    const ranking = {
      candidate_id: c.id, label: c.id.toUpperCase(), kind, rank: c.rank, score: c.score, confidence_band: 'low' as const, component_scores: {},
      explanation: '', supporting_claim_ids: [claimId], contradicting_claim_ids: [], citation_ids: [], graph_explanation_ids: [],
    };
    (kind === 'drug' ? dossier.drug_rankings : dossier.target_rankings).push(ranking);
  }
  dossier.evidence = [...evidence.values()];
  return dossier;
}

/** Writes a completed run; returns its id and the RunCompleted event id. */
export async function seedCompletedRun(runtime: SeedTarget, input: { researcherId: string; diseaseId: string; at: string; candidates: SeedCandidate[] }): Promise<{ runId: string; completedEventId: string }> {
  const runId = randomUUID();
  const dossier = seedDossier(runId, input.diseaseId, input.candidates);
  const blobs = new BlobStore(runtime.db.knex);
  const dossierHash = await blobs.putJson(dossier);
  const htmlHash = await blobs.putText('<!doctype html><p>seeded</p>', 'text/html');
  const context = newCommandContext(systemClock, { kind: 'researcher', id: input.researcherId });
  await changeRun(runtime.store, runId, { type: 'RequestRun', runId, researcherId: input.researcherId, request: dossier.request, at: input.at }, context);
  await changeRun(runtime.store, runId, {
    type: 'CompleteRun', dossierHash, htmlHash, at: input.at,
    summary: { fingerprint: 'f', evidence_count: dossier.evidence.length, claim_count: dossier.claims.length, top_drugs: [], top_targets: [], warning_count: 0 },
  }, context);
  const events = await runtime.store.readStream(runStreamId(runId));
  return { runId, completedEventId: events.find((e) => e.type === 'RunCompleted')!.id };
}

export async function seedReview(runtime: Pick<SeedTarget, 'store'>, input: { researcherId: string; runId: string; candidateId: string; decision: Decision; at: string; type?: 'drug' | 'target' }): Promise<void> {
  await handleCommand(runtime.store, reviewStreamId(input.runId), reviewDecider, {
    type: 'SaveReview', runId: input.runId, researcherId: input.researcherId, at: input.at, candidateId: input.candidateId,
    candidateType: input.type ?? 'drug', decision: input.decision, rationale: '', notes: '', tags: [], changedMind: null,
  }, newCommandContext(systemClock, { kind: 'researcher', id: input.researcherId }), { retries: 3 });
}
