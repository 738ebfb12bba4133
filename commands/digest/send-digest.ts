// A researcher's manual digest send (POST /api/workspace/digest/send): queue the previous completed UTC
// week as a manual delivery, then attempt it at once. Without force, a period already delivered (or
// suppressed) is left alone; force=true starts a new round. A failed attempt is left to the scheduler's
// retries with backoff. A researcher with no channel at all (no email, no chat webhook) gets no_channel
// before anything is queued: a retry could never succeed, so none is scheduled.
import type { DigestState } from '../../domain/digest/digest';
import { previousUtcWeek } from '../../domain/digest/digest-window';
import { loadNotificationSettings } from '../notifications/settings-commands';
import type { CommandContext } from '../shared/command-context';
import { deliverDigest, DigestDeliveryDeps } from './deliver-digest';
import { changeDigest } from './digest-commands';

export interface SendDigestInput {
  researcherId: string;
  force: boolean;
}

export type SendDigestResult =
  /** Delivered (or suppressed) before, and force was not asked for: nothing was attempted. */
  | { kind: 'already_delivered'; period: string; state: DigestState }
  | { kind: 'sent'; period: string; state: DigestState }
  /** Nothing new, nothing unresolved, no changed decision: recorded, not sent. */
  | { kind: 'suppressed'; period: string; state: DigestState }
  /** The attempt failed; the scheduler retries (state.status 'retrying'), or gave up ('failed'). */
  | { kind: 'failed'; period: string; state: DigestState }
  /** Another sender holds this period's attempt. */
  | { kind: 'in_progress'; period: string; state: DigestState }
  /** The researcher configured neither an email address nor a chat webhook: nothing was queued. */
  | { kind: 'no_channel'; period: string };

export async function sendDigest(deps: DigestDeliveryDeps, input: SendDigestInput, context: CommandContext): Promise<SendDigestResult> {
  const at = deps.clock.now();
  const window = previousUtcWeek(at);
  const { researcherId } = input;
  const { settings: channels } = await loadNotificationSettings(deps.store, researcherId);
  if (!channels.email && !channels.chatWebhook) return { kind: 'no_channel', period: window.period };
  const queued = await changeDigest(deps.store, researcherId, window.period, {
    type: 'QueueDigest', researcherId, period: window.period, windowStart: window.start.toISOString(),
    windowEnd: window.end.toISOString(), trigger: 'manual', force: input.force, at: at.toISOString(),
  }, context);
  if (queued.appended === 0 && (queued.state.status === 'delivered' || queued.state.status === 'suppressed')) {
    return { kind: 'already_delivered', period: window.period, state: queued.state };
  }
  const state = await deliverDigest(deps, researcherId, window.period, context);
  return { kind: kindOf(state), period: window.period, state };
}

function kindOf(state: DigestState): Exclude<SendDigestResult['kind'], 'already_delivered' | 'no_channel'> {
  switch (state.status) {
    case 'delivered': return 'sent';
    case 'suppressed': return 'suppressed';
    case 'retrying':
    case 'failed': return 'failed';
    default: return 'in_progress';
  }
}
