// The trail an auditor follows: one correlation id from the HTTP request, through the command and its
// event's metadata, to the processor that reacts and the event it appends.
import { systemClock } from '../../infra/clock/clock';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { expect } from 'chai';
import { correlationMiddleware, requestCommandContext } from '../../api/middleware/correlation';
import { handleCommand } from '../../commands/shared/handle-command';
import { EmbeddedBus } from '../../infra/bus/embedded-bus';
import { Database } from '../../infra/db/database';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import type { Processor } from '../../processors/processor';
import { startProcessors } from '../../processors/processor-host';
import { eventually, openTestPostgres } from '../support/databases';
import { uniqueStream } from '../support/events';
import { capturingLogger } from '../support/log-capture';
import { tallyDecider } from '../support/tally-decider';

describe('Correlation id from HTTP request to processor', function () {
  let db: Database;
  before(async function () {
    db = await openTestPostgres();
  });
  after(async function () {
    await db.close();
  });

  it('lands in the request log, the event metadata, the processor log and the follow-up event', async function () {
    const { logger, lines } = capturingLogger();
    const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
    const bus = new EmbeddedBus(db.knex, store, { pollIntervalMs: 20 });
    const source = uniqueStream('tally');
    const echo = uniqueStream('echo');
    const echoProcessor: Processor = {
      name: 'test-echo',
      eventTypes: ['TallyIncremented'],
      async handle(event, context) {
        if (event.streamId !== source) return;
        context.logger.info('echoing');
        await handleCommand(context.store, echo, tallyDecider, { by: 1, limit: 10 }, context.command);
      },
    };
    const consumers = await startProcessors(bus, [echoProcessor], { store, knex: db.knex, logger, clock: systemClock });
    const app = express();
    app.use(correlationMiddleware(logger, systemClock));
    app.post('/tally', async (req, res) => {
      await handleCommand(store, source, tallyDecider, { by: 1, limit: 10 }, requestCommandContext(req, { kind: 'researcher', id: 'alice' }));
      res.status(202).json({ ok: true });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/tally`, { method: 'POST', headers: { 'X-Correlation-ID': 'trail-1' } });
      expect(response.status).to.equal(202);
      await eventually(async () => (await store.readStream(echo)).length === 1, 'processor followed up');
    } finally {
      server.close();
      await Promise.all(consumers.map((c) => c.stop()));
    }
    const requestLine = lines.find((l) => l.msg === 'request' && l.path === '/tally')!;
    expect(requestLine).to.include({ correlationId: 'trail-1', status: 202 });
    const [command] = await store.readStream(source);
    expect(command!.metadata).to.deep.equal({
      correlationId: 'trail-1', causationId: requestLine.requestId, principal: { kind: 'researcher', id: 'alice' },
    });
    expect(lines.find((l) => l.msg === 'echoing')).to.include({ correlationId: 'trail-1', causationId: command!.id });
    const [followUp] = await store.readStream(echo);
    expect(followUp!.metadata).to.include({ correlationId: 'trail-1', causationId: command!.id });
  });
});
