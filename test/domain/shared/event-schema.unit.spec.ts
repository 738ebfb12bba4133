import { expect } from 'chai';
import { ALERT_EVENT_TYPES } from '../../../domain/alerts/alert';
import { SNAPSHOT_EVENT_TYPES } from '../../../domain/biomed/snapshot-lifecycle';
import { DIGEST_EVENT_TYPES } from '../../../domain/digest/digest';
import { eventSchemaRegistry, STREAM_DELETED_MARKER } from '../../../domain/event-versions';
import { JOB_EVENT_TYPES } from '../../../domain/jobs/job';
import { DELIVERY_EVENT_TYPES } from '../../../domain/notifications/delivery';
import { ReviewEvent } from '../../../domain/reviews/review';
import { EventSchemaRegistry, EventVersionError } from '../../../domain/shared/event-schema';
import { RUN_EVENT_TYPES } from '../../../domain/workspace/run';
import { STREAM_DELETED } from '../../../infra/event-store/event-store';

// A made-up event that evolved twice: v1 { name }, v2 renamed name -> title, v3 added tags.
const rename = (data: unknown) => {
  const { name, ...rest } = data as { name: string };
  return { ...rest, title: name };
};
const addTags = (data: unknown) => ({ ...(data as object), tags: [] as string[] });
const registry = new EventSchemaRegistry([{ NoteWritten: { current: 3, upcasters: { 1: rename, 2: addTags } }, NoteRead: { current: 1 } }]);

describe('Event schema registry', function () {
  it('lifts a v1 event through every upcaster, in order, to the current version', function () {
    expect(registry.upcast('NoteWritten', { name: 'n', by: 'alice' }, 1)).to.deep.equal({ data: { by: 'alice', title: 'n', tags: [] }, version: 3 });
  });

  it('starts the chain at the stored version', function () {
    expect(registry.upcast('NoteWritten', { title: 't' }, 2)).to.deep.equal({ data: { title: 't', tags: [] }, version: 3 });
  });

  it('reads an event stored without a version as version 1', function () {
    expect(registry.upcast('NoteWritten', { name: 'n' }).data).to.deep.equal({ title: 'n', tags: [] });
  });

  it('passes an event already at the current version through unchanged (the same object)', function () {
    const data = { title: 't', tags: ['x'] };
    expect(registry.upcast('NoteWritten', data, 3).data).to.equal(data);
    const read = { at: 'now' };
    expect(registry.upcast('NoteRead', read).data).to.equal(read);
  });

  it('passes a type nobody declared through untouched, whatever its version', function () {
    const data = { anything: true };
    expect(registry.upcast('SomethingElse', data, 7)).to.deep.equal({ data, version: 7 });
    expect(registry.upcast('SomethingElse', data).data).to.equal(data);
    expect(registry.currentVersion('SomethingElse')).to.equal(undefined);
  });

  it('refuses an event newer than the code knows, or with a version that is not a positive integer', function () {
    expect(() => registry.upcast('NoteWritten', {}, 4)).to.throw(EventVersionError, /version 4/);
    expect(() => registry.upcast('NoteRead', {}, 2)).to.throw(EventVersionError);
    for (const bad of [0, -1, 1.5, '2', null]) expect(() => registry.upcast('NoteWritten', {}, bad)).to.throw(EventVersionError);
  });

  it('refuses a declaration with a gap in its upcaster chain, or a type declared twice', function () {
    expect(() => new EventSchemaRegistry([{ Gap: { current: 3, upcasters: { 1: rename } } }])).to.throw(/no upcaster from version 2 to 3/);
    expect(() => new EventSchemaRegistry([{ Zero: { current: 0 } }])).to.throw(/positive integer/);
    expect(() => new EventSchemaRegistry([{ Twice: { current: 1 } }, { Twice: { current: 1 } }])).to.throw(/declared twice/);
  });
});

describe('The service\'s event versions', function () {
  it('declare every event type the deciders write, and the store\'s stream-deleted marker', function () {
    const written = [
      ...RUN_EVENT_TYPES, 'ReviewSaved', 'ReviewWithdrawn', 'CarryOverDeclined', 'CarryOverDeclineWithdrawn', ...JOB_EVENT_TYPES, ...ALERT_EVENT_TYPES, ...DELIVERY_EVENT_TYPES, 'NotificationSettingsSaved',
      ...DIGEST_EVENT_TYPES, ...SNAPSHOT_EVENT_TYPES, 'ComparisonRecorded',
      // operations (domain/operations/*)
      'ModuleResultRecorded', 'CacheCleared', 'DiseaseDataPruned', 'DiseaseBackupRestored', 'CorpusStatusReported', 'MonitorSnapshotTaken',
    ];
    expect(STREAM_DELETED_MARKER).to.equal(STREAM_DELETED);
    expect(eventSchemaRegistry.types().sort()).to.deep.equal([...written, STREAM_DELETED].sort());
  });

  it('ReviewSaved is at version 2: a v1 save (no changedMind) reads with changedMind null', function () {
    const v1 = {
      runId: 'r', researcherId: 'alice', candidateId: 'CHEMBL1', candidateType: 'drug', decision: 'pin',
      rationale: 'strong', notes: '', tags: [], previousDecision: null, at: '2026-01-05T10:00:00.000Z',
    };
    const { data, version } = eventSchemaRegistry.upcast('ReviewSaved', v1);
    expect(version).to.equal(2);
    expect(data as ReviewEvent['data']).to.deep.equal({ ...v1, changedMind: null });
    expect(v1).to.not.have.property('changedMind'); // the stored object is not mutated
  });

  it('ReviewSaved stored before versioning that already carries changedMind keeps it', function () {
    const unversioned = { runId: 'r', candidateId: 'c', changedMind: 'new trial', at: 'x' };
    expect(eventSchemaRegistry.upcast('ReviewSaved', unversioned).data).to.deep.equal(unversioned);
  });
});
