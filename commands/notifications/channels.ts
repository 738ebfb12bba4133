// A researcher's delivery channels as the server can use them, and one send through a channel. Used by
// alert and digest delivery alike. Message-ID and the webhook idempotency key derive from (what, whom,
// channel), so every retry of one delivery carries the same ids and receivers can collapse repeats.
import { createHash } from 'node:crypto';
import type { Channel } from '../../domain/notifications/delivery';
import type { NotificationSettings } from '../../domain/notifications/settings';
import type { Settings } from '../../infra/config/settings';
import { sendMail, smtpConfigured } from '../../infra/notifications/mailer';
import { safeErrorText, webhookSecrets } from '../../infra/notifications/redact';
import { notificationKey, open } from '../../infra/notifications/secret-box';
import type { NotificationTransportOptions } from '../../infra/notifications/transport-options';
import { postWebhook } from '../../infra/notifications/webhook-client';

export interface ResolvedChannels {
  targets: Partial<Record<Channel, string>>;
  /** Why a channel the researcher configured cannot be used right now. */
  unavailable: Partial<Record<Channel, string>>;
}

export function resolveChannels(settings: Settings, researcherId: string, ns: NotificationSettings): ResolvedChannels {
  const result: ResolvedChannels = { targets: {}, unavailable: {} };
  if (ns.email) {
    if (smtpConfigured(settings.smtp)) result.targets.email = ns.email;
    else result.unavailable.email = 'server SMTP settings are missing (ALERT_SMTP_HOST)';
  }
  if (ns.chatWebhook) {
    try {
      result.targets.chat = open(ns.chatWebhook.ciphertext, notificationKey(settings), researcherId);
    } catch {
      result.unavailable.chat = 'the stored chat webhook cannot be decrypted with the current server secret; save it again';
    }
  }
  return result;
}

/** "<what.channel.r<hash of researcher>@evidence>": stable per (what, researcher, channel). */
export function messageIdFor(what: string, researcherId: string, channel: Channel): string {
  return `<${what}.${channel}.r${shortHash(researcherId)}@evidence>`;
}

export function idempotencyKeyFor(what: string, researcherId: string, channel: Channel): string {
  return createHash('sha256').update(`${what}|${researcherId}|${channel}`).digest('hex').slice(0, 32);
}

function shortHash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 12);
}

export interface OutboundMessage {
  what: string;
  researcherId: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

/** Sends; throws an Error whose message is already bounded and secret-free. */
export async function sendThrough(
  channel: Channel, target: string, message: OutboundMessage, settings: Settings, options: NotificationTransportOptions,
): Promise<void> {
  try {
    if (channel === 'email') {
      await sendMail(settings.smtp, {
        to: target, subject: message.subject, text: message.text,
        messageId: messageIdFor(message.what, message.researcherId, 'email'), headers: message.headers,
      }, options);
    } else {
      const key = idempotencyKeyFor(message.what, message.researcherId, 'chat');
      await postWebhook(target, { text: `*${message.subject}*\n${message.text}` }, { 'Idempotency-Key': key, 'X-Evidence-Delivery-Id': key }, options.webhook);
    }
  } catch (error) {
    const secrets = [settings.smtp.password, settings.smtp.username, ...(channel === 'chat' ? webhookSecrets(target) : [])];
    throw new Error(safeErrorText(error, secrets));
  }
}
