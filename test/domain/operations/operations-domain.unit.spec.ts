// The pure parts of the operations capability, against expectations written out by hand: the monitor's
// snapshot diff, the backups read back from a disease's prune/restore events, the corpus tier counts.
import { expect } from 'chai';
import { diffSnapshots, MonitorSnapshot } from '../../../domain/operations/monitor';
import { backupsOf, DiseaseAdminEvent } from '../../../domain/operations/disease-admin';
import { countTiers } from '../../../domain/operations/corpus-status';

const snap = (id: string, ids: string[], drugs: [string, number, number][]): MonitorSnapshot => ({
  snapshotId: id, diseaseId: 'sle', trigger: 'on_demand', question: 'q', at: `2026-01-0${id}T00:00:00.000Z`,
  sources: { pubmed: { status: 'ok', record_count: ids.length, retrieval_mode: 'offline', record_ids: ids } },
  rankings: { drugs: drugs.map(([d, rank, score]) => ({ id: d, label: d.toUpperCase(), rank, score })), targets: [] },
});

describe('operations domain', function () {
  it('diffs two monitor snapshots: records added and removed, rankings entered, left and moved', () => {
    const before = snap('1', ['p1', 'p2', 'p3'], [['a', 1, 80], ['b', 2, 70], ['c', 3, 60]]);
    const after = snap('2', ['p2', 'p3', 'p4', 'p5'], [['b', 1, 75], ['a', 2, 72.5], ['d', 3, 50]]);
    const diff = diffSnapshots(before, after);
    expect(diff.sources.pubmed).to.deep.equal({ count_before: 3, count_after: 4, added: ['p4', 'p5'], removed: ['p1'] });
    expect(diff.rankings.drugs.entered).to.deep.equal([{ id: 'd', label: 'D', from_rank: null, to_rank: 3, score_change: null }]);
    expect(diff.rankings.drugs.left).to.deep.equal([{ id: 'c', label: 'C', from_rank: 3, to_rank: null, score_change: null }]);
    // b: rank 2 -> 1, score 70 -> 75 (+5); a: rank 1 -> 2, score 80 -> 72.5 (-7.5).
    expect(diff.rankings.drugs.moved).to.deep.equal([
      { id: 'b', label: 'B', from_rank: 2, to_rank: 1, score_change: 5 },
      { id: 'a', label: 'A', from_rank: 1, to_rank: 2, score_change: -7.5 },
    ]);
    expect(diffSnapshots(after, after).rankings.drugs).to.deep.equal({ entered: [], left: [], moved: [] });
  });

  it('a source present in only one snapshot counts as all added (or all removed)', () => {
    const a = snap('1', ['x'], []);
    const b = { ...snap('2', [], []), sources: {} };
    expect(diffSnapshots(a, b).sources.pubmed).to.deep.equal({ count_before: 1, count_after: 0, added: [], removed: ['x'] });
  });

  it('reads backups back from prune and restore events, newest first, each with when it was restored', () => {
    const pruned = (backupId: string, at: string, results: number): DiseaseAdminEvent => ({
      type: 'DiseaseDataPruned',
      data: { diseaseId: 'sle', backupId, olderThanDays: null, at, cacheEntries: [],
        results: Array.from({ length: results }, (_, i) => ({ module: `m${i}`, diseaseId: 'sle', blob: 'h', bytes: 1, jobId: 'j', at })) },
    });
    const events: DiseaseAdminEvent[] = [
      pruned('b1', '2026-01-01T00:00:00.000Z', 2),
      { type: 'DiseaseBackupRestored', data: { diseaseId: 'sle', backupId: 'b1', results: [], cacheEntries: 0, at: '2026-01-02T00:00:00.000Z' } },
      pruned('b2', '2026-01-03T00:00:00.000Z', 1),
    ];
    expect(backupsOf(events)).to.deep.equal([
      { backup_id: 'b2', pruned_at: '2026-01-03T00:00:00.000Z', older_than_days: null, results: 1, cache_entries: 0, restored_at: null },
      { backup_id: 'b1', pruned_at: '2026-01-01T00:00:00.000Z', older_than_days: null, results: 2, cache_entries: 0, restored_at: '2026-01-02T00:00:00.000Z' },
    ]);
  });

  it('counts corpus tiers, every tier present even when zero', () => {
    const rows = [
      { disease_id: 'a', mondo_id: 'MONDO:1', tier: 'L2' as const }, { disease_id: 'b', mondo_id: 'MONDO:2', tier: 'L2' as const },
      { disease_id: 'c', mondo_id: null, tier: 'no_mondo_id' as const }, { disease_id: 'd', mondo_id: 'MONDO:4', tier: 'not_imported' as const },
    ];
    expect(countTiers(rows)).to.deep.equal({ L0: 0, L1: 0, L2: 2, L3: 0, no_mondo_id: 1, not_imported: 1 });
  });
});
