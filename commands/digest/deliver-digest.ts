// One attempt at delivering a researcher's digest for a period: claim the attempt in the digest stream,
// build the content, send through each configured channel not yet delivered in this round (outside any
// transaction), and record the outcome. Empty digests are recorded as suppressed and not sent.
import { DIGEST_RETRY_POLICY, DigestState, RetryPolicy } from '../../domain/digest/digest';
import { renderDigestText } from '../../domain/digest/digest-content';
import { windowOfPeriod } from '../../domain/digest/digest-window';
import { CHANNELS } from '../../domain/notifications/delivery';
import { DomainError } from '../../domain/shared/decider';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import { EventStore, WrongExpectedRevisionError } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logging/logger';
import type { NotificationTransportOptions } from '../../infra/notifications/transport-options';
import type { DigestDeliveriesQueries } from '../../projections/digest/digest-deliveries.queries';
import type { NotificationSettingsQueries } from '../../projections/notifications/notification-settings.queries';
import { resolveChannels, sendThrough } from '../notifications/channels';
import { DEFAULT_STALE_AFTER_MS } from '../notifications/dispatch-pending-alerts';
import { loadNotificationSettings } from '../notifications/settings-commands';
import type { CommandContext } from '../shared/command-context';
import { buildDigest, DigestReads } from './build-digest';
import { changeDigest, loadDigest } from './digest-commands';
import { reviewLink } from './review-link';

export interface DigestDeps {
  store: EventStore;
  /** The digest's content: runs, reviews, alerts and dossiers. */
  reads: DigestReads;
  /** The scheduler's lists: who opted in, and which periods are queued or due for a retry. */
  subscribers: NotificationSettingsQueries;
  deliveries: DigestDeliveriesQueries;
  settings: Settings;
  logger: Logger;
  clock: Clock;
  options?: NotificationTransportOptions;
  policy?: RetryPolicy;
}

export type DigestDeliveryDeps = Omit<DigestDeps, 'subscribers' | 'deliveries'>;

export async function deliverDigest(deps: DigestDeliveryDeps, researcherId: string, period: string, context: CommandContext): Promise<DigestState> {
  const { store, settings, logger, clock, options = {} } = deps;
  const now = () => clock.now();
  const change = (command: Parameters<typeof changeDigest>[3]) => changeDigest(store, researcherId, period, command, context);
  let claimed: DigestState;
  try {
    claimed = (await change({ type: 'StartDigestAttempt', at: now().toISOString(), staleAfterMs: options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS })).state;
  } catch (error) {
    if (error instanceof DomainError || error instanceof WrongExpectedRevisionError) return loadDigest(store, researcherId, period);
    throw error;
  }
  const window = windowOfPeriod(period)!;
  const digest = await buildDigest(deps.reads, researcherId, window);
  if (digest.suppressed) return (await change({ type: 'CompleteDigest', suppressed: true, at: now().toISOString() })).state;

  const ns = await loadNotificationSettings(store, researcherId);
  const { targets, unavailable } = resolveChannels(settings, researcherId, ns.settings);
  const channels = CHANNELS.filter((c) => targets[c]);
  const errors: string[] = [];
  if (channels.length === 0) {
    errors.push(['no delivery channel configured', ...Object.entries(unavailable).map(([c, why]) => `${c}: ${why}`)].join('; '));
  }
  const link = reviewLink(settings, { period, runId: digest.latest_run_id ?? undefined }, now());
  const what = `digest.${period}.${claimed.round}`;
  for (const channel of channels) {
    if (claimed.deliveredChannels.includes(channel)) continue; // sent in an earlier attempt of this round
    try {
      await sendThrough(channel, targets[channel]!, {
        what, researcherId, subject: `Weekly evidence digest ${period}`, text: renderDigestText(digest, link),
        headers: { 'X-Evidence-Digest-Period': period },
      }, settings, options);
    } catch (error) {
      errors.push(`${channel}: ${(error as Error).message}`);
      continue;
    }
    await options.afterSend?.({ key: what, channel });
    await change({ type: 'RecordDigestChannel', channel, messageId: what, at: now().toISOString() });
  }
  if (errors.length > 0) {
    const error = errors.join('; ').slice(0, 500);
    logger.warn({ period, error }, 'digest delivery failed');
    return (await change({ type: 'FailDigestAttempt', error, at: now().toISOString(), policy: deps.policy ?? DIGEST_RETRY_POLICY })).state;
  }
  return (await change({ type: 'CompleteDigest', suppressed: false, at: now().toISOString() })).state;
}
