// Sends a researcher's pending alert notifications (spec §6: on an alert poll or a settings save).
// Pending = an unread alert whose delivery through a configured channel has not succeeded. Per
// (alert, channel): claim an attempt in the delivery stream, send outside any transaction, record the
// outcome with a command (see domain/notifications/delivery.ts for the once-only rule). A read alert
// is never sent again. A channel that fails is left alone for the rest of the pass, and one pass sends
// at most MAX_SENDS_PER_PASS messages, so a poll stays quick when a mail server is down.
import { loadAlert } from '../alerts/alert-commands';
import type { CommandContext } from '../shared/command-context';
import type { AlertData } from '../../domain/alerts/alert';
import { Channel, CHANNELS } from '../../domain/notifications/delivery';
import { DomainError } from '../../domain/shared/decider';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import { EventStore, WrongExpectedRevisionError } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logging/logger';
import type { NotificationTransportOptions } from '../../infra/notifications/transport-options';
import type { AlertsQueries } from '../../projections/alerts/alerts.queries';
import { messageIdFor, resolveChannels, sendThrough } from './channels';
import { changeDelivery } from './delivery-commands';
import { loadNotificationSettings } from './settings-commands';

const MAX_SENDS_PER_PASS = 25;
export const DEFAULT_STALE_AFTER_MS = 2 * 60_000;

export interface ChannelOutcome {
  status: 'succeeded' | 'failed';
  alert_id: string;
  at: string;
  error: string | null;
}

export interface DispatchReport {
  attempted: number;
  delivered: number;
  failed: number;
  /** The last outcome per channel in this pass. */
  latest: Partial<Record<Channel, ChannelOutcome>>;
  unavailable: Partial<Record<Channel, string>>;
}

export interface AlertDispatcherDeps {
  store: EventStore;
  alerts: AlertsQueries;
  settings: Settings;
  logger: Logger;
  /** Claim and outcome times (a claim older than the stale window may be taken over). */
  clock: Clock;
  options?: NotificationTransportOptions;
}

export async function dispatchPendingAlerts(deps: AlertDispatcherDeps, researcherId: string, context: CommandContext): Promise<DispatchReport> {
  const { store, alerts, settings, logger, clock, options = {} } = deps;
  const report: DispatchReport = { attempted: 0, delivered: 0, failed: 0, latest: {}, unavailable: {} };
  const ns = await loadNotificationSettings(store, researcherId);
  const { targets, unavailable } = resolveChannels(settings, researcherId, ns.settings);
  report.unavailable = unavailable;
  const channels = CHANNELS.filter((c) => targets[c]);
  if (channels.length === 0) return report;

  const unread = await alerts.unreadAlertIds(researcherId, 200);
  const done = await alerts.succeededDeliveryKeys(unread);
  const broken = new Set<Channel>();
  const now = () => clock.now();

  for (const alertId of unread) {
    const pending = channels.filter((c) => !broken.has(c) && !done.has(`${alertId}.${c}`));
    if (pending.length === 0) continue;
    // The read model may lag: the alert's own stream says whether it is still unread (and whose it is).
    const alert = await loadAlert(store, alertId);
    if (alert.status !== 'unread' || alert.alert!.researcherId !== researcherId) continue;
    for (const channel of pending) {
      if (report.attempted >= MAX_SENDS_PER_PASS) return report;
      if (broken.has(channel)) continue;
      const messageId = messageIdFor(alertId, researcherId, channel);
      let attempt: number;
      try {
        const claimed = await changeDelivery(store, {
          type: 'StartDelivery', alertId, researcherId, channel, messageId, at: now().toISOString(), staleAfterMs: options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS,
        }, context);
        attempt = claimed.state.attempts;
      } catch (error) {
        if (error instanceof DomainError || error instanceof WrongExpectedRevisionError) continue; // delivered or being sent
        throw error;
      }
      report.attempted++;
      try {
        await sendThrough(channel, targets[channel]!, alertMessage(alert.alert!, researcherId, settings), settings, options);
      } catch (error) {
        const text = (error as Error).message;
        await changeDelivery(store, { type: 'RecordDeliveryFailed', alertId, researcherId, channel, attempt, error: text, at: now().toISOString() }, context);
        report.failed++;
        report.latest[channel] = { status: 'failed', alert_id: alertId, at: now().toISOString(), error: text };
        broken.add(channel);
        logger.warn({ alertId, channel, attempt, error: text }, 'alert notification failed; retried on the next poll or settings save');
        continue;
      }
      await options.afterSend?.({ key: alertId, channel });
      await changeDelivery(store, { type: 'RecordDeliverySucceeded', alertId, researcherId, channel, messageId, attempt, at: now().toISOString() }, context);
      report.delivered++;
      report.latest[channel] = { status: 'succeeded', alert_id: alertId, at: now().toISOString(), error: null };
    }
  }
  return report;
}

function alertMessage(alert: AlertData, researcherId: string, settings: Settings) {
  const reasons = alert.reasons.map((r) => (r.type === 'new_evidence'
    ? `${r.count} new evidence record(s) linked`
    : `${r.type.replace(/_/g, ' ')}: ${r.previous} -> ${r.current} (change ${r.change}, threshold ${r.threshold})`));
  const link = `${settings.workspacePublicUrl.replace(/\/+$/, '')}/?run=${encodeURIComponent(alert.runId)}`;
  return {
    what: alert.alertId,
    researcherId,
    subject: `Review reminder: ${alert.label} (${alert.candidateType}, ${alert.diseaseId})`,
    text: [
      `A candidate you reviewed changed in a new run of ${alert.diseaseId}.`,
      '',
      `Candidate: ${alert.label} (${alert.candidateId}, ${alert.candidateType})`,
      ...reasons.map((r) => `- ${r}`),
      alert.previous ? `Previous run ${alert.previousRunId}: score ${alert.previous.score}, rank ${alert.previous.rank}` : `Previous run ${alert.previousRunId}: not ranked`,
      `Current run ${alert.runId}: score ${alert.current.score}, rank ${alert.current.rank}`,
      '',
      `Open: ${link}`,
      '',
      'Research use only: scores are prioritization heuristics, not medical advice.',
    ].join('\n'),
    headers: { 'X-Evidence-Alert-Id': alert.alertId },
  };
}
