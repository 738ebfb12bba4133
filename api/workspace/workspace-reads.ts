// Reading the caller's own runs, dossiers and review histories for the across-runs routes. A single run
// is read from its stream (readable the moment it exists, like GET /api/workspace/runs/{id}); lists of
// runs come from the runs read model, filtered by the researcher. Another researcher's run is never
// returned: it reads exactly like a missing one.
import { fold } from '../../domain/shared/decider';
import { Decision, reviewDecider, ReviewEvent, reviewStreamId } from '../../domain/reviews/review';
import type { Dossier, ResearchRequest } from '../../domain/workspace/dossier-types';
import { runDecider, RunEvent, runStreamId, RunSummary } from '../../domain/workspace/run';
import type { BlobStore } from '../../infra/blobs/blob-store';
import { EventStore, RecordedEvent, StreamDeletedError } from '../../infra/event-store/event-store';
import type { Knex } from 'knex';
import { RUNS_TABLE } from '../../projections/workspace/runs.tables';
import { reviewEtag } from './reviews.routes';

export type RunStatus = 'running' | 'completed' | 'failed';

export interface OwnedRun {
  runId: string;
  diseaseId: string;
  question: string;
  status: RunStatus;
  request: ResearchRequest;
  dossierHash: string | null;
  summary: RunSummary | null;
  requestedAt: string;
  finishedAt: string | null;
}

/** The caller's run from its stream, or undefined when it is missing, deleted or someone else's. */
export async function loadOwnedRun(store: EventStore, runId: string, researcherId: string): Promise<OwnedRun | undefined> {
  const events = await store.readStream(runStreamId(runId));
  const state = fold(runDecider, events.map((e) => ({ type: e.type, data: e.data }) as RunEvent));
  if (state.phase === 'none' || state.phase === 'deleted' || state.researcherId !== researcherId) return undefined;
  let requestedAt = '';
  let finishedAt: string | null = null;
  for (const e of events) {
    const event = { type: e.type, data: e.data } as RunEvent;
    if (event.type === 'RunRequested') requestedAt = event.data.at;
    if (event.type === 'RunCompleted' || event.type === 'RunFailed') finishedAt = event.data.at;
  }
  return {
    runId, diseaseId: state.request!.disease_id, question: state.request!.question, request: state.request!,
    status: state.phase === 'requested' ? 'running' : state.phase,
    dossierHash: state.dossierHash ?? null, summary: state.summary ?? null, requestedAt, finishedAt,
  };
}

/** The caller's completed runs from the read model, newest first, at most `limit`. */
export async function listCompletedRuns(knex: Knex, researcherId: string, options: { diseaseId?: string; limit: number }): Promise<{ runs: OwnedRun[]; more: boolean }> {
  const query = knex(RUNS_TABLE).where({ researcher_id: researcherId, status: 'completed' }).whereNotNull('dossier_hash');
  if (options.diseaseId) query.andWhere({ disease_id: options.diseaseId });
  const rows = await query.orderBy([{ column: 'requested_at', order: 'desc' }, { column: 'run_id', order: 'desc' }])
    .limit(options.limit + 1)
    .select('run_id', 'disease_id', 'question', 'status', 'request', 'dossier_hash', 'summary', 'requested_at', 'finished_at');
  return {
    more: rows.length > options.limit,
    runs: rows.slice(0, options.limit).map((row) => ({
      runId: row.run_id, diseaseId: row.disease_id, question: row.question, status: row.status as RunStatus,
      request: row.request as ResearchRequest, dossierHash: row.dossier_hash, summary: (row.summary ?? null) as RunSummary | null,
      requestedAt: iso(row.requested_at), finishedAt: row.finished_at ? iso(row.finished_at) : null,
    })),
  };
}

/** Runs in time order: requested first, then finished, then id (so the order is total). */
export function byTime(a: OwnedRun, b: OwnedRun): number {
  return a.requestedAt.localeCompare(b.requestedAt) || (a.finishedAt ?? '').localeCompare(b.finishedAt ?? '') || a.runId.localeCompare(b.runId);
}

/** Dossiers by content hash, each read once per request. */
export class DossierReader {
  private readonly cache = new Map<string, Promise<{ text: string; dossier: Dossier } | undefined>>();

  constructor(private readonly blobs: BlobStore) {}

  /** The exact stored text and its parsed dossier. */
  load(hash: string): Promise<{ text: string; dossier: Dossier } | undefined> {
    let loaded = this.cache.get(hash);
    if (!loaded) {
      loaded = this.blobs.getText(hash).then((text) => (text === undefined ? undefined : { text, dossier: JSON.parse(text) as Dossier }));
      this.cache.set(hash, loaded);
    }
    return loaded;
  }

  async dossier(hash: string): Promise<Dossier> {
    const loaded = await this.load(hash);
    if (!loaded) throw new Error(`dossier blob ${hash} is missing`);
    return loaded.dossier;
  }

  /** Many dossiers, a few reads at a time. */
  async many(hashes: readonly string[], concurrency = 8): Promise<Dossier[]> {
    const out: Dossier[] = new Array(hashes.length);
    for (let i = 0; i < hashes.length; i += concurrency) {
      const batch = await Promise.all(hashes.slice(i, i + concurrency).map((h) => this.dossier(h)));
      batch.forEach((d, j) => (out[i + j] = d));
    }
    return out;
  }
}

export interface CurrentReview {
  candidate_id: string;
  candidate_type: 'drug' | 'target';
  decision: Decision;
  rationale: string;
  notes: string;
  tags: string[];
  changed_mind: string | null;
  updated_at: string;
  saves: number;
  provenance: { event_id: string; revision: number; saved_by: string; correlation_id: string };
}

export interface ReviewEventView {
  event_id: string;
  revision: number;
  saved_at: string;
  candidate_id: string;
  candidate_type: 'drug' | 'target';
  decision: Decision;
  previous_decision: Decision | null;
  rationale: string;
  notes: string;
  tags: string[];
  changed_mind: string | null;
  saved_by: string;
  correlation_id: string;
}

/**
 * A run's review history: only the caller's own saves (a run is reviewed by its owner alone, so this
 * filter is a safeguard), and the ETag of the whole history as GET …/reviews gives it.
 */
export async function reviewHistory(store: EventStore, runId: string, researcherId: string): Promise<{ events: RecordedEvent[]; etag: string }> {
  let all: RecordedEvent[];
  try {
    all = await store.readStream(reviewStreamId(runId));
  } catch (error) {
    if (!(error instanceof StreamDeletedError)) throw error;
    all = [];
  }
  return {
    events: all.filter((e) => e.type === 'ReviewSaved' && (e.data as ReviewEvent['data']).researcherId === researcherId),
    etag: reviewEtag(all),
  };
}

/** Current review of each candidate with the provenance of its last save (as GET …/reviews gives it). */
export function currentReviews(events: readonly RecordedEvent[]): CurrentReview[] {
  const state = fold(reviewDecider, events.map((e) => ({ type: e.type, data: e.data }) as ReviewEvent));
  const lastEvent = new Map(events.map((e) => [(e.data as ReviewEvent['data']).candidateId, e]));
  return Object.values(state.candidates).map((review) => {
    const event = lastEvent.get(review.candidateId)!;
    return {
      candidate_id: review.candidateId, candidate_type: review.candidateType, decision: review.decision,
      rationale: review.rationale, notes: review.notes, tags: review.tags, changed_mind: review.changedMind,
      updated_at: review.updatedAt, saves: review.saves,
      provenance: { event_id: event.id, revision: event.revision, saved_by: event.metadata.principal.id, correlation_id: event.metadata.correlationId },
    };
  }).sort((a, b) => a.candidate_id.localeCompare(b.candidate_id));
}

/** Every save, oldest first (as GET …/review-events gives it). */
export function reviewEventViews(events: readonly RecordedEvent[]): ReviewEventView[] {
  return events.map((e) => {
    const d = e.data as ReviewEvent['data'];
    return {
      event_id: e.id, revision: e.revision, saved_at: d.at, candidate_id: d.candidateId, candidate_type: d.candidateType,
      decision: d.decision, previous_decision: d.previousDecision, rationale: d.rationale, notes: d.notes, tags: d.tags,
      changed_mind: d.changedMind, saved_by: e.metadata.principal.id, correlation_id: e.metadata.correlationId,
    };
  });
}

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}
