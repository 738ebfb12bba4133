import { systemClock } from '../../infra/clock/clock';
import { expect } from 'chai';
import { handleCommand } from '../../commands/shared/handle-command';
import { newCommandContext } from '../../commands/shared/command-context';
import { EmbeddedBus } from '../../infra/bus/embedded-bus';
import { processOnce } from '../../infra/bus/processed-events';
import { Database } from '../../infra/db/database';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import type { Processor } from '../../processors/processor';
import { startProcessors } from '../../processors/processor-host';
import { eventually, openTestPostgres } from '../support/databases';
import { uniqueStream } from '../support/events';
import { capturingLogger } from '../support/log-capture';
import { tallyDecider } from '../support/tally-decider';

describe('Processors on the bus: correlation and idempotent effects', function () {
  let db: Database;
  let store: PostgresEventStore;
  let bus: EmbeddedBus;

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
    bus = new EmbeddedBus(db.knex, store, { pollIntervalMs: 20 });
    await db.knex.schema.createTable('test_mirror', (t) => {
      t.text('stream_id').primary();
      t.integer('copies').notNullable();
    });
  });
  after(async function () {
    await bus.close();
    await db.knex.schema.dropTable('test_mirror');
    await db.close();
  });

  it('carries the request correlation id into processor logs and follow-up events, once per event', async function () {
    const source = uniqueStream('tally');
    const mirror = uniqueStream('mirror');
    const { logger, lines } = capturingLogger();
    let deliveries = 0;
    // Mirrors each increment into another stream; fails its first delivery to force a redelivery.
    const mirrorProcessor: Processor = {
      name: 'test-mirror',
      eventTypes: ['TallyIncremented'],
      async handle(event, context) {
        if (event.streamId !== source) return;
        deliveries++;
        context.logger.info('mirroring');
        await processOnce(context.knex, 'test-mirror', event.id, async (trx) => {
          await trx('test_mirror').insert({ stream_id: mirror, copies: 1 }).onConflict('stream_id').merge({ copies: trx.raw('test_mirror.copies + 1') });
        });
        if (deliveries === 1) throw new Error('crashed after recording the effect');
        await handleCommand(context.store, mirror, tallyDecider, { by: 1, limit: 10 }, context.command);
      },
    };
    const consumers = await startProcessors(bus, [mirrorProcessor], { store, knex: db.knex, logger, clock: systemClock });
    try {
      await handleCommand(store, source, tallyDecider, { by: 1, limit: 10 }, newCommandContext(systemClock, { kind: 'researcher', id: 'alice' }, 'http-req-7'));
      await eventually(async () => (await store.readStream(mirror)).length === 1, 'follow-up command appended');
    } finally {
      await Promise.all(consumers.map((c) => c.stop()));
    }
    const [trigger] = await store.readStream(source);
    const [followUp] = await store.readStream(mirror);
    expect(followUp!.metadata).to.deep.equal({
      correlationId: 'http-req-7', causationId: trigger!.id, principal: { kind: 'system', id: 'test-mirror' },
    });
    const processorLines = lines.filter((l) => l.msg === 'mirroring');
    expect(processorLines).to.have.length(2);
    for (const line of processorLines) expect(line).to.include({ correlationId: 'http-req-7', causationId: trigger!.id, processor: 'test-mirror' });
    expect(lines.some((l) => l.msg === 'processor failed' && l.correlationId === 'http-req-7')).to.equal(true);
    // Delivered twice, effect recorded once.
    expect((await db.knex('test_mirror').where({ stream_id: mirror }).first()).copies).to.equal(1);
  });
});
