// Old events in the log, current shapes for every reader: a history stored in version 1 (the fixture,
// appended through the unwrapped store, so it has no schemaVersion) plus a save made today is read in
// the current shape by the deciders and the projections, and rebuilding the read models over that
// mixed log gives exactly the rows a rebuild over the same events already upcast gives.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { systemClock } from '../../../infra/clock/clock';
import { newCommandContext } from '../../../commands/shared/command-context';
import { handleCommand } from '../../../commands/shared/handle-command';
import { loadState } from '../../../commands/shared/load-state';
import { replayReviews } from '../../../commands/reviews/replay-reviews';
import { reviewDecider, ReviewEvent, reviewStreamId } from '../../../domain/reviews/review';
import { runDecider, runStreamId } from '../../../domain/workspace/run';
import { NewEvent, RecordedEvent, START } from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { VersionedEventStore } from '../../../infra/event-store/versioned-event-store';
import { allProjectors } from '../../../projections';
import { reviewsQueries } from '../../../projections/reviews/reviews.queries';
import type { Projector } from '../../../projections/projector';
import { rebuildProjection } from '../../../projections/runner/rebuild';
import { eventually } from '../../support/databases';
import { openScratchPostgres, ScratchDatabase } from '../../support/scratch-postgres';

interface FixtureEvent extends NewEvent { streamId: string }
const FIXTURE = path.resolve(__dirname, '../../../../test/fixtures/events/review-history-v1.json');
const fixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { runId: string; events: FixtureEvent[] };
const runId = fixture.runId;

/** Columns that record when a row was written, not what the events said. */
const VOLATILE_COLUMNS: Record<string, string[]> = { stream_catalog: ['last_event_at'] };

async function appendInOrder(store: { append(stream: string, events: NewEvent[]): Promise<unknown> }, events: readonly FixtureEvent[]) {
  for (const { streamId, ...event } of events) await store.append(streamId, [event]);
}

/** Rebuilds every read model from the whole log, recording what each projector was handed. */
async function rebuildAll(knex: Knex, store: VersionedEventStore, events: number): Promise<RecordedEvent[]> {
  // Readers see a commit once no older transaction of the cluster is still open: wait for all of them.
  await eventually(async () => (await store.countAfter(START)) === events, 'every appended event is visible');
  const handed: RecordedEvent[] = [];
  for (const projector of allProjectors) {
    const spy: Projector = { ...projector, apply: (trx, events, names) => { handed.push(...events); return projector.apply(trx, events, names); } };
    await rebuildProjection(knex, store, spy, { owner: 'event-versioning-test' });
  }
  return handed;
}

async function readModelRows(knex: Knex): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of allProjectors.flatMap((p) => p.tables)) {
    const all = (await knex(table).select()) as Record<string, unknown>[];
    rows[table] = all
      .map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !VOLATILE_COLUMNS[table]?.includes(column))))
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return rows;
}

describe('Event versions: a log of v1 and v2 events reads as v2 everywhere', function () {
  this.timeout(60_000);
  let mixed: ScratchDatabase;
  let upcast: ScratchDatabase;
  let raw: PostgresEventStore;
  let store: VersionedEventStore;

  before(async function () {
    mixed = await openScratchPostgres('versions_mixed');
    upcast = await openScratchPostgres('versions_upcast');
    raw = new PostgresEventStore(mixed.db.knex);
    store = new VersionedEventStore(raw);
    await appendInOrder(raw, fixture.events);
    // Today's save, decided over the v1 history and written (stamped v2) through the versioned store.
    await handleCommand(store, reviewStreamId(runId), reviewDecider, {
      type: 'SaveReview', runId, researcherId: 'alice', candidateId: 'CHEMBL1201823', candidateType: 'drug', decision: 'pin',
      rationale: 'Label safety signal resolved', notes: '', tags: [], changedMind: 'The extension study showed no excess infections', at: '2026-02-01T12:00:00.000Z',
    }, newCommandContext(systemClock, { kind: 'researcher', id: 'alice' }, 'corr-today'));
  });
  after(async function () {
    await mixed?.drop();
    await upcast?.drop();
  });

  it('the fixture really is v1: stored without a schema version and without changedMind', async function () {
    const saves = (await raw.readStream(reviewStreamId(runId))).slice(0, 3);
    for (const save of saves) {
      expect(save.metadata).to.not.have.property('schemaVersion');
      expect(save.data).to.not.have.property('changedMind');
    }
    const [, , , today] = await raw.readStream(reviewStreamId(runId));
    expect(today!.metadata.schemaVersion).to.equal(2);
  });

  it('deciders load the v1 history in the current shape', async function () {
    const { state, revision } = await loadState(store, reviewStreamId(runId), reviewDecider);
    expect(revision).to.equal(3);
    expect(state.candidates.IFNAR1).to.have.property('changedMind', null);
    expect(state.candidates.CHEMBL1201823).to.deep.include({ decision: 'pin', saves: 3, changedMind: 'The extension study showed no excess infections' });
    // The same stream folded without the versioned reader shows what the upcaster fills in.
    const unversioned = await loadState(raw, reviewStreamId(runId), reviewDecider);
    expect(unversioned.state.candidates.IFNAR1!.changedMind).to.equal(undefined);
    // Types still at version 1 read unchanged.
    expect((await loadState(store, runStreamId(runId), runDecider)).state).to.deep.equal((await loadState(raw, runStreamId(runId), runDecider)).state);
  });

  it('projections are handed only current shapes, and the audit replay agrees with the rebuilt read model', async function () {
    const handed = await rebuildAll(mixed.db.knex, store, fixture.events.length + 1);
    const saves = handed.filter((e) => e.type === 'ReviewSaved');
    expect(saves.length).to.be.greaterThan(0);
    for (const save of saves) {
      expect(save.metadata.schemaVersion).to.equal(2);
      expect(save.data as ReviewEvent['data']).to.have.property('changedMind');
    }
    const history = await mixed.db.knex('workspace_review_events').where({ run_id: runId }).orderBy('revision').pluck('changed_mind');
    expect(history).to.deep.equal([null, null, null, 'The extension study showed no excess infections']);
    expect((await replayReviews(store, reviewsQueries(mixed.db.knex), runId)).differences).to.deep.equal([]);
    // Without upcasting, the auditor would see v1 saves as disagreeing with the read model.
    expect((await replayReviews(raw, reviewsQueries(mixed.db.knex), runId)).differences).to.not.deep.equal([]);
  });

  it('a rebuild over the mixed log equals a rebuild over the same events already upcast', async function () {
    await rebuildAll(mixed.db.knex, store, fixture.events.length + 1);
    // The same events (ids, streams, order, metadata), every one written in its current shape.
    const current = await store.readAll({ maxCount: 10_000 });
    expect(current).to.have.length(fixture.events.length + 1);
    const upcastStore = new VersionedEventStore(new PostgresEventStore(upcast.db.knex));
    await appendInOrder(upcastStore, current.map(({ streamId, id, type, data, metadata }) => ({ streamId, id, type, data, metadata })));
    const stored = await new PostgresEventStore(upcast.db.knex).readStream(reviewStreamId(runId));
    expect(stored.map((e) => e.metadata.schemaVersion)).to.deep.equal([2, 2, 2, 2]);
    await rebuildAll(upcast.db.knex, upcastStore, current.length);
    const [fromMixed, fromUpcast] = [await readModelRows(mixed.db.knex), await readModelRows(upcast.db.knex)];
    expect(fromMixed.workspace_review_events).to.have.length(4);
    expect(fromMixed.workspace_runs).to.have.length(1);
    expect(fromMixed).to.deep.equal(fromUpcast);
  });
});
