// The snapshot lifecycle decider: one stream per artifact, one snapshot id per attempt.
import { expect } from 'chai';
import { SnapshotEvent, snapshotDecider, snapshotIdFor, snapshotStreamId } from '../../domain/biomed/snapshot-lifecycle';
import { readinessTier } from '../../domain/biomed/readiness';
import { canonicalCurie, curieSpellings, isCurie } from '../../domain/biomed/curie';
import { given } from '../support/decider-spec';

const SHA = 'ab'.repeat(32);
const at = '2026-11-21T00:00:00.000Z';
const start = { type: 'StartImport' as const, resource: 'hp', sha256: SHA, artifacts: [], bytes: 10, forced: false, at };
const started = (attempt: number, superseded: string | null = null): SnapshotEvent => ({
  type: 'SnapshotImportStarted',
  data: { snapshot_id: snapshotIdFor('hp', SHA, attempt), resource: 'hp', artifact_sha256: SHA, artifacts: [], bytes: 10, forced: false, attempt, superseded_snapshot_id: superseded, started_at: at },
});
const id1 = 'hp-abababababab-1';

describe('biomed: snapshot lifecycle decider', () => {
  it('names the stream after the artifact and the snapshot after the attempt', () => {
    expect(snapshotStreamId('hp', SHA)).to.equal('snapshot-hp-abababababababab');
    expect(snapshotIdFor('hp', SHA, 2)).to.equal('hp-abababababab-2');
  });

  it('starts the first attempt', () => given(snapshotDecider).when(start).then([started(1)]));

  it('completes and activates, naming the snapshot it replaces', () => given(snapshotDecider, [started(1)])
    .when({ type: 'CompleteImport', snapshotId: id1, version: 'v', counts: { terms: 1 }, report: {}, previousActive: 'hp-000000000000-1', at })
    .then([
      { type: 'SnapshotImportCompleted', data: { snapshot_id: id1, resource: 'hp', version: 'v', counts: { terms: 1 }, report: {}, completed_at: at } },
      { type: 'SnapshotActivated', data: { snapshot_id: id1, resource: 'hp', previous_snapshot_id: 'hp-000000000000-1', activated_at: at } },
    ]));

  it('refuses to start an artifact that is already imported', () => {
    const history: SnapshotEvent[] = [started(1), { type: 'SnapshotImportCompleted', data: { snapshot_id: id1, resource: 'hp', version: null, counts: {}, report: {}, completed_at: at } }];
    given(snapshotDecider, history).when(start).thenFailsWith('already_imported');
  });

  it('retries after a failure with a new attempt, and supersedes an attempt that never finished', () => {
    const failed: SnapshotEvent = { type: 'SnapshotImportFailed', data: { snapshot_id: id1, resource: 'hp', error: 'boom', failed_at: at } };
    given(snapshotDecider, [started(1), failed]).when(start).then([started(2)]);
    given(snapshotDecider, [started(1)]).when(start).then([started(2, id1)]);
  });

  it('ignores a completion or failure of an attempt that is not the current one', () => {
    given(snapshotDecider, [started(1), started(2, id1)])
      .when({ type: 'CompleteImport', snapshotId: id1, version: null, counts: {}, report: {}, previousActive: null, at }).thenFailsWith('superseded');
    given(snapshotDecider, [started(1), started(2, id1)]).when({ type: 'FailImport', snapshotId: id1, error: 'late', at }).then([]);
  });
});

describe('biomed: readiness tiers and CURIEs', () => {
  it('tiers are cumulative', () => {
    expect(readinessTier({ exactMappings: 0, phenotypeClaims: 5, genePathwayDrugClaims: 5 })).to.equal('L0');
    expect(readinessTier({ exactMappings: 1, phenotypeClaims: 0, genePathwayDrugClaims: 5 })).to.equal('L1');
    expect(readinessTier({ exactMappings: 1, phenotypeClaims: 1, genePathwayDrugClaims: 0 })).to.equal('L2');
    expect(readinessTier({ exactMappings: 1, phenotypeClaims: 1, genePathwayDrugClaims: 1 })).to.equal('L3');
  });

  it('treats ORPHA/Orphanet and MESH/mesh as spellings of one namespace, and nothing else', () => {
    expect(curieSpellings('ORPHA:536')).to.deep.equal(['ORPHA:536', 'Orphanet:536']);
    expect(canonicalCurie('mesh:D008180')).to.equal('MESH:D008180');
    expect(curieSpellings('OMIM:152700')).to.deep.equal(['OMIM:152700']);
    expect(isCurie('MONDO:0007915')).to.equal(true);
    expect(isCurie('lupus')).to.equal(false);
  });
});
