// Review reminders for a completed run (spec §2.5, §6): compares the run with the same researcher's
// previous completed run of the same disease (by finished time, dossiers from the blob store) for every
// candidate the researcher reviewed in an earlier run of that disease. Alert ids derive from (run,
// candidate), so raising again for the same run appends nothing.
import { alertId, reviewReminders } from '../../domain/alerts/alert-rules';
import { thresholdsOf } from '../../domain/notifications/settings';
import type { Dossier } from '../../domain/workspace/dossier-types';
import type { EventStore } from '../../infra/event-store/event-store';
import type { ReviewActivityQueries } from '../../projections/reviews/review-activity.queries';
import type { RunActivityQueries } from '../../projections/workspace/run-activity.queries';
import { loadNotificationSettings } from '../notifications/settings-commands';
import type { CommandContext } from '../shared/command-context';
import { loadRun } from '../workspace/run-commands';
import { changeAlert } from './alert-commands';

export interface RaiseReviewRemindersDeps {
  store: EventStore;
  runs: RunActivityQueries;
  reviews: ReviewActivityQueries;
  dossiers: { getJson<T>(hash: string): Promise<T | undefined> };
  /** Resolves once the runs and reviews read models include this run (they must say what came before it). */
  readModelsReady: () => Promise<void>;
}

export interface CompletedRunInput {
  runId: string;
  dossierHash: string;
  /** When the run completed: the alerts' time, and the cut-off for "earlier" runs. */
  at: string;
}

export type RaiseReviewRemindersResult =
  | { kind: 'raised'; alertIds: string[] }
  /** Not a completed run of a researcher (deleted since, or run without a principal). */
  | { kind: 'not_applicable' };

export async function raiseReviewReminders(
  deps: RaiseReviewRemindersDeps, completed: CompletedRunInput, context: CommandContext,
): Promise<RaiseReviewRemindersResult> {
  const { store } = deps;
  const run = await loadRun(store, completed.runId);
  if (run.phase !== 'completed' || !run.researcherId || !run.request) return { kind: 'not_applicable' };
  await deps.readModelsReady();
  const researcherId = run.researcherId;
  const diseaseId = run.request.disease_id;
  const scope = { researcherId, diseaseId, excludingRunId: completed.runId, finishedAtOrBefore: completed.at };
  const previous = await deps.runs.previousCompletedRun(scope);
  if (!previous) return { kind: 'raised', alertIds: [] };
  const reviewed = await deps.reviews.reviewedCandidates(researcherId, await deps.runs.earlierCompletedRunIds(scope));
  if (reviewed.length === 0) return { kind: 'raised', alertIds: [] };

  const [before, now] = await Promise.all([deps.dossiers.getJson<Dossier>(previous.dossierHash), deps.dossiers.getJson<Dossier>(completed.dossierHash)]);
  if (!before || !now) throw new Error('a dossier is missing from the blob store');
  const settings = await loadNotificationSettings(store, researcherId);
  const drafts = reviewReminders({ previous: before, current: now, reviewed, thresholds: thresholdsOf(settings.settings) });
  const alertIds: string[] = [];
  for (const draft of drafts) {
    const id = alertId(completed.runId, draft.candidate_type, draft.candidate_id);
    await changeAlert(store, id, {
      type: 'RaiseAlert', alertId: id, researcherId, runId: completed.runId, previousRunId: previous.runId, diseaseId,
      candidateId: draft.candidate_id, candidateType: draft.candidate_type, label: draft.label, previous: draft.previous,
      current: draft.current, reasons: draft.reasons, newEvidenceIds: draft.new_evidence_ids, at: completed.at,
    }, context);
    alertIds.push(id);
  }
  return { kind: 'raised', alertIds };
}
