// One attempt at delivering a researcher's digest for a period: claim the attempt in the digest stream,
// build the content, send through each configured channel not yet delivered in this round (outside any
// transaction), and record the outcome. Empty digests are recorded as suppressed and not sent.
import type { Knex } from 'knex';
import { changeDigest, loadDigest } from '../../commands/digest/digest-commands';
import { loadNotificationSettings } from '../../commands/notifications/settings-commands';
import type { CommandContext } from '../../commands/shared/command-context';
import { DIGEST_RETRY_POLICY, DigestState, RetryPolicy } from '../../domain/digest/digest';
import { renderDigestText } from '../../domain/digest/digest-content';
import { windowOfPeriod } from '../../domain/digest/digest-window';
import { signReviewToken } from '../../domain/digest/review-link';
import { CHANNELS } from '../../domain/notifications/delivery';
import { DomainError } from '../../domain/shared/decider';
import type { Settings } from '../../infra/config/settings';
import { EventStore, WrongExpectedRevisionError } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logging/logger';
import type { NotificationTransportOptions } from '../../infra/notifications/transport-options';
import { DEFAULT_STALE_AFTER_MS } from '../notifications/alert-dispatcher';
import { resolveChannels, sendThrough } from '../notifications/channels';
import { buildDigest } from './digest-builder';

export interface DigestDeps {
  store: EventStore;
  knex: Knex;
  settings: Settings;
  logger: Logger;
  options?: NotificationTransportOptions;
  policy?: RetryPolicy;
}

/** The signed review link, when a secret (WORKSPACE_REVIEW_LINK_SECRET, else API_KEY) is configured. */
export function reviewLink(settings: Settings, content: { period: string; runId?: string }, now: Date): string | undefined {
  const secret = settings.workspaceReviewLinkSecret ?? settings.apiKey;
  if (!secret) return undefined;
  const token = signReviewToken(secret, content, now);
  return `${settings.workspacePublicUrl.replace(/\/+$/, '')}/api/workspace/digest/review?token=${token}`;
}

export async function attemptDigest(deps: DigestDeps, researcherId: string, period: string, context: CommandContext): Promise<DigestState> {
  const { store, knex, settings, logger, options = {} } = deps;
  const now = () => (options.now ?? (() => new Date()))();
  const change = (command: Parameters<typeof changeDigest>[3]) => changeDigest(store, researcherId, period, command, context);
  let claimed: DigestState;
  try {
    claimed = (await change({ type: 'StartDigestAttempt', at: now().toISOString(), staleAfterMs: options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS })).state;
  } catch (error) {
    if (error instanceof DomainError || error instanceof WrongExpectedRevisionError) return loadDigest(store, researcherId, period);
    throw error;
  }
  const window = windowOfPeriod(period)!;
  const digest = await buildDigest(knex, researcherId, window);
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
