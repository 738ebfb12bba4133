import { expect } from 'chai';
import { Database } from '../../infra/db/database';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { streamCatalogProjector } from '../../projections/catalog/stream-catalog.projector';
import { liveTableNames } from '../../projections/projector';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { openTestPostgres } from '../support/databases';
import { testEvent, uniqueStream } from '../support/events';

describe('Stream catalog read model', function () {
  let db: Database;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
    runner = new ProjectionRunner(db.knex, store, [streamCatalogProjector]);
    await runner.start();
  });
  after(async function () {
    await runner.stop();
    await db.close();
  });

  it('lists each stream with its category, last revision and deleted flag', async function () {
    // Neutral names: the whole suite shares one log with the real read models.
    const kept = uniqueStream('catalogjob');
    const gone = uniqueStream('catalogreview');
    await store.append(kept, [testEvent('CatalogThingSubmitted', {}), testEvent('CatalogThingStarted', {})]);
    await store.append(gone, [testEvent('CatalogThingReviewed', {})]);
    await store.tombstone(gone);
    await runner.waitForCatchUp();
    const rows = await db.knex('stream_catalog').whereIn('stream_id', [kept, gone]).orderBy('category');
    expect(rows.map((r) => [r.category, Number(r.last_revision), r.last_event_type, r.deleted])).to.deep.equal([
      ['catalogjob', 1, 'CatalogThingStarted', false],
      ['catalogreview', 1, '$streamDeleted', true],
    ]);
  });

  it('replaying the same events twice leaves the same rows', async function () {
    const stream = uniqueStream('catalogjob');
    await store.append(stream, [testEvent('CatalogThingSubmitted', {}), testEvent('CatalogThingStarted', {})]);
    await runner.waitForCatchUp();
    const snapshot = async () => db.knex('stream_catalog').orderBy('stream_id');
    const before = await snapshot();
    const all = await store.readAll({ maxCount: 1_000_000 });
    await db.knex.transaction((trx) => streamCatalogProjector.apply(trx, all, liveTableNames(streamCatalogProjector)));
    await db.knex.transaction((trx) => streamCatalogProjector.apply(trx, all, liveTableNames(streamCatalogProjector)));
    expect(await snapshot()).to.deep.equal(before);
  });
});
