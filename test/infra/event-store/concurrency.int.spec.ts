// 16 writers x 500 events into overlapping streams, each append committing after a random delay,
// while a catch-up subscriber runs throughout: it must see every committed event exactly once, in
// global order, and every lost race must surface as the typed conflict.
import { expect } from 'chai';
import { Database } from '../../../infra/db/database';
import {
  comparePositions,
  ExpectedRevision,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { eventually, openTestPostgres, sleep } from '../../support/databases';
import { testEvent } from '../../support/events';

const WRITERS = 16;
const EVENTS_PER_WRITER = 500;
const STREAMS = 16;
const REPEATS = 3;

describe('Event store under concurrent writers with late commits (PostgreSQL)', function () {
  this.timeout(240_000);
  let db: Database;
  let store: PostgresEventStore;

  before(async function () {
    db = await openTestPostgres(WRITERS + 4);
    store = new PostgresEventStore(db.knex, { pollIntervalMs: 5 });
  });
  after(async function () {
    await store.close();
    await db.close();
  });

  for (let round = 1; round <= REPEATS; round++) {
    it(`round ${round}: the subscriber sees every committed event exactly once, in global order`, async function () {
      const prefix = `conc${round}x${Date.now()}`;
      const streams = Array.from({ length: STREAMS }, (_, i) => `${prefix}-${i}`);
      const committed = new Set<string>();
      const unexpectedErrors: unknown[] = [];
      let conflicts = 0;

      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll(async (events) => {
        for (const e of events) if (e.streamId.startsWith(prefix)) seen.push(e);
      }, { after: await store.headPosition(), batchSize: 250 });

      // Like a command handler: load the stream's revision, then append expecting it, retrying on conflict.
      const writer = async (w: number) => {
        for (let written = 0; written < EVENTS_PER_WRITER; written++) {
          const stream = streams[Math.floor(Math.random() * STREAMS)]!;
          for (;;) {
            const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
            const expected: ExpectedRevision = written % 5 === 4 ? 'any' : last ? last.revision : 'no_stream';
            const event = testEvent('Written', { w, i: written });
            try {
              await db.knex.transaction(async (trx) => {
                await new PostgresEventStore(trx).append(stream, [event], expected);
                await sleep(Math.random() * 3); // commit late, holding the sequence value taken above
              });
              committed.add(event.id);
              break;
            } catch (error) {
              if (!(error instanceof WrongExpectedRevisionError)) {
                unexpectedErrors.push(error);
                return;
              }
              conflicts++;
            }
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      expect(unexpectedErrors).to.deep.equal([]);
      expect(committed.size).to.equal(WRITERS * EVENTS_PER_WRITER);

      await eventually(() => seen.length >= committed.size, `subscriber saw ${seen.length}/${committed.size}`, 30_000);
      await sleep(100);
      await subscription.stop();

      expect(seen.length).to.equal(committed.size);
      expect(new Set(seen.map((e) => e.id))).to.deep.equal(committed);
      for (let i = 1; i < seen.length; i++) {
        expect(comparePositions(seen[i - 1]!.position, seen[i]!.position), `order at ${i}`).to.be.below(0);
      }
      const revisions = new Map<string, number[]>();
      for (const e of seen) revisions.set(e.streamId, [...(revisions.get(e.streamId) ?? []), e.revision]);
      for (const [stream, list] of revisions) {
        expect(list, stream).to.deep.equal(list.map((_, i) => i));
      }
      expect(conflicts, 'the writers really raced').to.be.greaterThan(0);
      this.test!.title += ` (${conflicts} conflicts)`;
    });
  }
});
