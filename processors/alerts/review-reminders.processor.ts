// Raises review reminders when a run completes (spec §2.5, §6): compares the run with the same
// researcher's previous completed run of the same disease (RUNS_TABLE by finished time, dossiers from
// the blob store) for every candidate the researcher reviewed in an earlier run of that disease.
// Idempotent twice over: alert ids derive from (run, candidate), so a redelivery raises nothing new,
// and the (processor, event) key is recorded once the alerts are in.
import type { Knex } from 'knex';
import { changeAlert } from '../../commands/alerts/alert-commands';
import { loadNotificationSettings } from '../../commands/notifications/settings-commands';
import { loadRun } from '../../commands/workspace/run-commands';
import { alertId, CandidateKind, reviewReminders } from '../../domain/alerts/alert-rules';
import { thresholdsOf } from '../../domain/notifications/settings';
import type { Dossier } from '../../domain/workspace/dossier-types';
import type { RunEvent } from '../../domain/workspace/run';
import { BlobStore } from '../../infra/blobs/blob-store';
import { processOnce } from '../../infra/bus/processed-events';
import { comparePositions, Position, RecordedEvent } from '../../infra/event-store/event-store';
import { readCheckpoint } from '../../projections/runner/checkpoints';
import { REVIEWS_TABLE } from '../../projections/reviews/reviews.tables';
import { RUNS_TABLE } from '../../projections/workspace/runs.tables';
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
    const run = await loadRun(store, completed.runId);
    if (run.phase === 'completed' && run.researcherId && run.request) {
      // The runs and reviews read models must include this run before they can say what came before it.
      await waitForReadModels(knex, event.position);
      const researcherId = run.researcherId;
      const diseaseId = run.request.disease_id;
      const earlier = knex(RUNS_TABLE).where({ researcher_id: researcherId, disease_id: diseaseId, status: 'completed' })
        .whereNot({ run_id: completed.runId }).andWhere('finished_at', '<=', completed.at);
      const previous = await earlier.clone().orderBy([{ column: 'finished_at', order: 'desc' }, { column: 'run_id', order: 'desc' }]).first('run_id', 'dossier_hash');
      const reviewed: { candidate_id: string; candidate_type: CandidateKind }[] = previous
        ? await knex(REVIEWS_TABLE).where({ researcher_id: researcherId }).whereIn('run_id', earlier.clone().select('run_id'))
          .distinct('candidate_id', 'candidate_type')
        : [];
      if (previous && reviewed.length > 0) {
        const blobs = new BlobStore(knex);
        const [before, now] = await Promise.all([blobs.getJson<Dossier>(previous.dossier_hash), blobs.getJson<Dossier>(completed.dossierHash)]);
        if (!before || !now) throw new Error('a dossier is missing from the blob store');
        const settings = await loadNotificationSettings(store, researcherId);
        const drafts = reviewReminders({ previous: before, current: now, reviewed, thresholds: thresholdsOf(settings.settings) });
        for (const draft of drafts) {
          const id = alertId(completed.runId, draft.candidate_type, draft.candidate_id);
          await changeAlert(store, id, {
            type: 'RaiseAlert', alertId: id, researcherId, runId: completed.runId, previousRunId: previous.run_id, diseaseId,
            candidateId: draft.candidate_id, candidateType: draft.candidate_type, label: draft.label, previous: draft.previous,
            current: draft.current, reasons: draft.reasons, newEvidenceIds: draft.new_evidence_ids, at: completed.at,
          }, context.command);
        }
        if (drafts.length > 0) logger.info({ runId: completed.runId, alerts: drafts.length }, 'review reminders raised');
      }
    }
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
