// Runs last (the folder name sorts after every other): for EVERY run reviewed anywhere in this test
// run, the review state replayed from the events equals the read model the API served.
import { expect } from 'chai';
import { replayReviews } from '../../commands/reviews/replay-reviews';
import { reviewsQueries } from '../../projections/reviews/reviews.queries';
import { Database } from '../../infra/db/database';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { allProjectors } from '../../projections';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { openTestPostgres } from '../support/databases';

describe('Audit: every review history replays to its read model', function () {
  this.timeout(120_000);
  let db: Database;
  before(async function () {
    db = await openTestPostgres();
  });
  after(async function () {
    await db.close();
  });

  it('holds for every run reviewed in this test run', async function () {
    const store = new PostgresEventStore(db.knex);
    // Servers of earlier suites may have closed before projecting their last events: catch up first.
    const runner = new ProjectionRunner(db.knex, store, allProjectors);
    await runner.start();
    try {
      await runner.waitForCatchUp(60_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}: ${JSON.stringify(await runner.status())}`);
    } finally {
      await runner.stop();
    }
    const streams = await db.knex('es_streams').where('stream_id', 'like', 'review-%').andWhere({ deleted: false }).pluck('stream_id');
    if (streams.length === 0) this.skip();
    for (const stream of streams) {
      const result = await replayReviews(store, reviewsQueries(db.knex), stream.slice('review-'.length));
      expect(result.differences, stream).to.deep.equal([]);
    }
  });
});
