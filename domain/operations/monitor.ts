// Evidence monitor (spec §4.6 /api/monitor/*): a snapshot of what the evidence sources say about a
// disease at one moment (per source: status, record count and record ids; the top drug and target
// rankings of the Workspace's deterministic ranking), one MonitorSnapshotTaken event each on the disease's
// stream; and the difference between two snapshots (records added and removed, rankings entered, left
// and moved). Pure.
import type { DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';

export interface MonitorSourceState { status: string; record_count: number; retrieval_mode: string | null; record_ids: string[] }

export interface RankedCandidate { id: string; label: string; rank: number; score: number }

export interface MonitorSnapshot {
  snapshotId: string;
  diseaseId: string;
  trigger: 'scheduled' | 'on_demand';
  /** The question the sources were searched with. */
  question: string;
  sources: Record<string, MonitorSourceState>;
  rankings: { drugs: RankedCandidate[]; targets: RankedCandidate[] };
  at: string;
}

export type MonitorEvent = DomainEvent<'MonitorSnapshotTaken', MonitorSnapshot>;

export const MONITOR_EVENT_SCHEMAS: EventSchemas<MonitorEvent['type']> = { MonitorSnapshotTaken: { current: 1 } };

export function monitorStream(diseaseId: string): string {
  return `monitor-${diseaseId}`;
}

/** Rankings kept per snapshot. */
export const MONITOR_TOP_N = 10;

export interface RankingChange { id: string; label: string; from_rank: number | null; to_rank: number | null; score_change: number | null }

function diffRanking(before: readonly RankedCandidate[], after: readonly RankedCandidate[]) {
  const was = new Map(before.map((c) => [c.id, c]));
  const now = new Map(after.map((c) => [c.id, c]));
  const entered = after.filter((c) => !was.has(c.id)).map((c) => ({ id: c.id, label: c.label, from_rank: null, to_rank: c.rank, score_change: null }));
  const left = before.filter((c) => !now.has(c.id)).map((c) => ({ id: c.id, label: c.label, from_rank: c.rank, to_rank: null, score_change: null }));
  const moved = after.filter((c) => was.has(c.id) && (was.get(c.id)!.rank !== c.rank || was.get(c.id)!.score !== c.score))
    .map((c) => ({ id: c.id, label: c.label, from_rank: was.get(c.id)!.rank, to_rank: c.rank, score_change: Math.round((c.score - was.get(c.id)!.score) * 1000) / 1000 }));
  return { entered, left, moved } satisfies Record<string, RankingChange[]>;
}

function diffSource(before: MonitorSourceState | undefined, after: MonitorSourceState | undefined) {
  const was = new Set(before?.record_ids ?? []);
  const now = new Set(after?.record_ids ?? []);
  return {
    count_before: before?.record_count ?? 0, count_after: after?.record_count ?? 0,
    added: [...now].filter((id) => !was.has(id)).sort(), removed: [...was].filter((id) => !now.has(id)).sort(),
  };
}

export function diffSnapshots(from: MonitorSnapshot, to: MonitorSnapshot) {
  const sources = [...new Set([...Object.keys(from.sources), ...Object.keys(to.sources)])].sort();
  return {
    disease_id: to.diseaseId, from: { snapshot_id: from.snapshotId, at: from.at }, to: { snapshot_id: to.snapshotId, at: to.at },
    sources: Object.fromEntries(sources.map((s) => [s, diffSource(from.sources[s], to.sources[s])])),
    rankings: { drugs: diffRanking(from.rankings.drugs, to.rankings.drugs), targets: diffRanking(from.rankings.targets, to.rankings.targets) },
  };
}
