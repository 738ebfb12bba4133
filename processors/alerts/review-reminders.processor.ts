// Raises review reminders when a run completes (commands/alerts/raise-review-reminders.ts).
// Idempotent twice over: alert ids derive from (run, candidate), so a redelivery raises nothing new,
// and the (processor, event) key is recorded once the alerts are in.
import type { Knex } from 'knex';
import { raiseReviewReminders } from '../../commands/alerts/raise-review-reminders';
import type { RunEvent } from '../../domain/workspace/run';
import { BlobStore } from '../../infra/blobs/blob-store';
import { processOnce } from '../../infra/bus/processed-events';
import { comparePositions, Position, RecordedEvent } from '../../infra/event-store/event-store';
import { reviewActivityQueries } from '../../projections/reviews/review-activity.queries';
import { readCheckpoint } from '../../projections/runner/checkpoints';
import { runActivityQueries } from '../../projections/workspace/run-activity.queries';
import type { Processor, ProcessorContext } from '../processor';

export const REVIEW_REMINDERS_PROCESSOR = 'alerts.review-reminders';

export const reviewRemindersProcessor: Processor = {
  name: REVIEW_REMINDERS_PROCESSOR,
  eventTypes: ['RunCompleted'],
  maxAttempts: 10,
  async handle(event: RecordedEvent, context: ProcessorContext) {
    const { knex, store, logger } = context;
    if (await alreadyProcessed(knex, event.id)) return;
    const completed = event.data as Extract<RunEvent, { type: 'RunCompleted' }>['data'];
    const result = await raiseReviewReminders({
      store, runs: runActivityQueries(knex), reviews: reviewActivityQueries(knex), dossiers: new BlobStore(knex),
      readModelsReady: () => waitForReadModels(knex, event.position),
    }, completed, context.command);
    if (result.kind === 'raised' && result.alertIds.length > 0) logger.info({ runId: completed.runId, alerts: result.alertIds.length }, 'review reminders raised');
    // The alerts are in the log; only now is the event marked done (a crash before this re-raises nothing).
    await processOnce(knex, REVIEW_REMINDERS_PROCESSOR, event.id, async () => undefined);
  },
};

async function alreadyProcessed(knex: Knex, eventId: string): Promise<boolean> {
  return Boolean(await knex('processed_events').where({ processor: REVIEW_REMINDERS_PROCESSOR, event_id: eventId }).first('event_id'));
}

/** Waits (briefly) until both read models have applied the log up to `position`; else the bus retries. */
async function waitForReadModels(knex: Knex, position: Position, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkpoints = await Promise.all(['workspace_runs', 'workspace_reviews'].map((name) => readCheckpoint(knex, name)));
    if (checkpoints.every((c) => c && comparePositions(c.position, position) >= 0)) return;
    if (Date.now() > deadline) throw new Error('runs/reviews read models have not caught up with this run yet');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
