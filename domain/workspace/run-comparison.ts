// Comparing saved dossiers (pure): ranking changes between two runs, evidence added and removed
// (evidence ids are stable: derived from source + native id, so the same record has the same id in
// every run), the evidence each candidate rests on, and score series across many runs.
import type { CandidateRanking, ConfidenceBand, Dossier, EvidenceItem, QualityTier } from './dossier-types';
import type { SourceName } from './sources';

export type CandidateKind = 'drug' | 'target';

export interface RankedPoint {
  score: number;
  rank: number;
  confidence_band: ConfidenceBand;
}

export type RankingChangeKind = 'appeared' | 'disappeared' | 'moved_up' | 'moved_down' | 'same_rank';

export interface RankingChange {
  candidate_id: string;
  label: string;
  kind: CandidateKind;
  left: RankedPoint | null;
  right: RankedPoint | null;
  /** right.score - left.score (2 decimals); null unless ranked in both. */
  score_delta: number | null;
  /** left.rank - right.rank: positive means the candidate moved up; null unless ranked in both. */
  rank_delta: number | null;
  change: RankingChangeKind;
}

export interface EvidenceRef {
  evidence_id: string;
  source: SourceName;
  native_id: string;
  title: string;
  quality_tier: QualityTier;
}

export interface SourceCount {
  source: string;
  left: number;
  right: number;
  delta: number;
}

export interface EvidenceChanges {
  added: EvidenceRef[];
  removed: EvidenceRef[];
  unchanged_count: number;
  by_source: SourceCount[];
}

export interface CandidateEvidenceChange {
  candidate_id: string;
  kind: CandidateKind;
  label: string;
  added: string[];
  removed: string[];
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function rankingsOf(dossier: Dossier, kind: CandidateKind): CandidateRanking[] {
  return kind === 'drug' ? dossier.drug_rankings : dossier.target_rankings;
}

export function findRanking(dossier: Dossier, kind: CandidateKind, candidateId: string): CandidateRanking | undefined {
  return rankingsOf(dossier, kind).find((r) => r.candidate_id === candidateId);
}

export function point(ranking: CandidateRanking): RankedPoint {
  return { score: ranking.score, rank: ranking.rank, confidence_band: ranking.confidence_band };
}

/** Every candidate of either side: still ranked ones by their new rank, then the ones that left by their old rank. */
export function compareRankings(left: readonly CandidateRanking[], right: readonly CandidateRanking[], kind: CandidateKind): RankingChange[] {
  const before = new Map(left.map((r) => [r.candidate_id, r]));
  const after = new Map(right.map((r) => [r.candidate_id, r]));
  const changes: RankingChange[] = [];
  for (const r of [...right].sort((a, b) => a.rank - b.rank)) {
    const l = before.get(r.candidate_id);
    if (!l) {
      changes.push({ candidate_id: r.candidate_id, label: r.label, kind, left: null, right: point(r), score_delta: null, rank_delta: null, change: 'appeared' });
      continue;
    }
    const rankDelta = l.rank - r.rank;
    changes.push({
      candidate_id: r.candidate_id, label: r.label, kind, left: point(l), right: point(r),
      score_delta: round2(r.score - l.score), rank_delta: rankDelta,
      change: rankDelta > 0 ? 'moved_up' : rankDelta < 0 ? 'moved_down' : 'same_rank',
    });
  }
  for (const l of [...left].sort((a, b) => a.rank - b.rank)) {
    if (after.has(l.candidate_id)) continue;
    changes.push({ candidate_id: l.candidate_id, label: l.label, kind, left: point(l), right: null, score_delta: null, rank_delta: null, change: 'disappeared' });
  }
  return changes;
}

export function evidenceRef(item: EvidenceItem): EvidenceRef {
  return { evidence_id: item.evidence_id, source: item.source, native_id: item.native_id, title: item.title, quality_tier: item.quality_tier };
}

/** Evidence present only on the right (added) or only on the left (removed), and record counts per source. */
export function compareEvidence(left: readonly EvidenceItem[], right: readonly EvidenceItem[]): EvidenceChanges {
  const leftIds = new Set(left.map((e) => e.evidence_id));
  const rightIds = new Set(right.map((e) => e.evidence_id));
  const counts = new Map<string, { left: number; right: number }>();
  const count = (source: string, side: 'left' | 'right') => {
    const entry = counts.get(source) ?? { left: 0, right: 0 };
    entry[side] += 1;
    counts.set(source, entry);
  };
  for (const e of left) count(e.source, 'left');
  for (const e of right) count(e.source, 'right');
  return {
    added: right.filter((e) => !leftIds.has(e.evidence_id)).map(evidenceRef),
    removed: left.filter((e) => !rightIds.has(e.evidence_id)).map(evidenceRef),
    unchanged_count: right.filter((e) => leftIds.has(e.evidence_id)).length,
    by_source: [...counts].sort(([a], [b]) => a.localeCompare(b))
      .map(([source, c]) => ({ source, left: c.left, right: c.right, delta: c.right - c.left })),
  };
}

/**
 * The evidence a candidate rests on in one dossier: records that name it, and the records behind its
 * supporting and contradicting claims (and any claim it is the subject or object of). Sorted ids.
 */
export function candidateEvidenceIds(dossier: Dossier, candidateId: string, kind: CandidateKind): string[] {
  const ids = new Set<string>();
  for (const e of dossier.evidence) {
    const named = kind === 'drug' ? e.entities.drugs : e.entities.targets;
    if (named.includes(candidateId)) ids.add(e.evidence_id);
  }
  const ranking = findRanking(dossier, kind, candidateId);
  const claimIds = new Set([...(ranking?.supporting_claim_ids ?? []), ...(ranking?.contradicting_claim_ids ?? [])]);
  for (const claim of dossier.claims) {
    if (claimIds.has(claim.claim_id) || claim.subject.id === candidateId || claim.object.id === candidateId) {
      for (const id of claim.evidence_ids) ids.add(id);
    }
  }
  return [...ids].sort();
}

export function diffIds(before: readonly string[], after: readonly string[]): { added: string[]; removed: string[] } {
  const b = new Set(before);
  const a = new Set(after);
  return { added: after.filter((id) => !b.has(id)), removed: before.filter((id) => !a.has(id)) };
}

/** Per candidate ranked in either dossier, the evidence ids it gained and lost; candidates without change are left out. */
export function candidateEvidenceChanges(before: Dossier, after: Dossier): CandidateEvidenceChange[] {
  const changes: CandidateEvidenceChange[] = [];
  for (const kind of ['drug', 'target'] as const) {
    const labels = new Map<string, string>();
    for (const r of [...rankingsOf(before, kind), ...rankingsOf(after, kind)]) labels.set(r.candidate_id, r.label);
    for (const [candidateId, label] of [...labels].sort(([a], [b]) => a.localeCompare(b))) {
      const diff = diffIds(candidateEvidenceIds(before, candidateId, kind), candidateEvidenceIds(after, candidateId, kind));
      if (diff.added.length > 0 || diff.removed.length > 0) changes.push({ candidate_id: candidateId, kind, label, ...diff });
    }
  }
  return changes;
}
