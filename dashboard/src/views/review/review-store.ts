// The researcher's reviews of one run, with the ETag of the review history they were read at. Saves
// send that ETag as If-Match, so a save over someone else's newer save is refused (412) instead of
// silently replacing it; reload() fetches the newer version.
import { api, ApiError } from '../../core/api';

export type Decision = 'pin' | 'reject';

/** What a researcher writes about one candidate (the PUT body). */
export interface ReviewInput {
  candidate_id: string;
  candidate_type: 'drug' | 'target';
  decision: Decision;
  rationale: string;
  notes: string;
  tags: string[];
  changed_mind: string | null;
}

export interface CurrentReview extends ReviewInput {
  updated_at: string;
  saves?: number;
  provenance: { event_id: string; revision: number; saved_by: string; correlation_id?: string };
}

export interface ReviewEvent extends Omit<ReviewInput, 'decision'> {
  /** A save, or the withdrawal (undo) of the candidate's review: then decision is null. */
  event?: 'saved' | 'withdrawn';
  decision: Decision | null;
  reason?: string;
  event_id: string;
  revision: number;
  saved_at: string;
  previous_decision: Decision | null;
  saved_by: string;
}

export class ReviewStore {
  etag = '"0"';
  /** The earlier run whose carry-over the researcher declined on this run (recorded on the server), or null. */
  carryOverDeclinedFrom: string | null = null;
  private reviews = new Map<string, CurrentReview>();
  private listeners = new Set<() => void>();

  constructor(readonly runId: string) {}

  private get path(): string {
    return `/api/workspace/runs/${encodeURIComponent(this.runId)}`;
  }

  current(candidateId: string): CurrentReview | undefined {
    return this.reviews.get(candidateId);
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  async reload(signal?: AbortSignal): Promise<void> {
    const response = await api.get<Response>(`${this.path}/reviews`, { as: 'response', signal });
    const body = (await response.json()) as { etag: string; reviews: CurrentReview[]; carry_over?: { declined_from_run_id: string | null } };
    this.etag = response.headers.get('ETag') ?? body.etag;
    this.carryOverDeclinedFrom = body.carry_over?.declined_from_run_id ?? null;
    this.reviews = new Map(body.reviews.map((r) => [r.candidate_id, r]));
    this.listeners.forEach((listener) => listener());
  }

  /** Saves at the ETag this copy was read at; a 412 (ApiError) means someone saved in between. */
  async save(input: ReviewInput): Promise<CurrentReview> {
    const saved = await api.put<{ etag: string; review: CurrentReview }>(`${this.path}/reviews`, input, { headers: { 'If-Match': this.etag } });
    this.etag = saved.etag;
    this.reviews.set(saved.review.candidate_id, saved.review);
    this.listeners.forEach((listener) => listener());
    return saved.review;
  }

  /** Withdraws these candidates' reviews (all or none) at this copy's ETag: the saves stay in the history. */
  async withdraw(candidateIds: string[], reason: string): Promise<void> {
    const done = await api.post<{ etag: string; withdrawn: string[] }>(`${this.path}/reviews/withdrawals`, { candidate_ids: candidateIds, reason }, { headers: { 'If-Match': this.etag } });
    this.etag = done.etag;
    for (const id of done.withdrawn) this.reviews.delete(id);
    this.listeners.forEach((listener) => listener());
  }

  /** Records on the server that the carry-over from that run is declined (or offered again), for every browser. */
  async decideCarryOver(fromRunId: string, declined: boolean): Promise<void> {
    const done = await api.put<{ etag: string; carry_over: { declined_from_run_id: string | null } }>(`${this.path}/carry-over`, { from_run_id: fromRunId, declined });
    this.etag = done.etag;
    this.carryOverDeclinedFrom = done.carry_over.declined_from_run_id;
  }

  async history(candidateId: string, signal?: AbortSignal): Promise<ReviewEvent[]> {
    const page = await api.get<{ events: ReviewEvent[] }>(`${this.path}/review-events`, { signal });
    return page.events.filter((e) => e.candidate_id === candidateId);
  }
}

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}
