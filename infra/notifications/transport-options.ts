// Test seams for outbound notifications, attached to one runtime object (never switched on by the
// environment): a resolver and `allowPrivateForTests` so a loopback webhook receiver is reachable, the
// receiver's port and CA, SMTP TLS trust, a clock, and a hook between "sent" and "recorded" to
// simulate a worker that dies there. Production code never sets any of them.
import type { LookupAddress } from 'node:dns';
import type { ConnectionOptions } from 'node:tls';

export type LookupFn = (hostname: string) => Promise<LookupAddress[]>;

export interface WebhookTransportOptions {
  lookup?: LookupFn;
  /** Accept non-public resolved addresses (a loopback test receiver). Tests only. */
  allowPrivateForTests?: boolean;
  /** Connect to this port instead of 443 (a test receiver on an ephemeral port). */
  port?: number;
  /** Extra trusted CA (the test receiver's self-signed certificate). */
  ca?: string | Buffer;
  timeoutMs?: number;
}

export interface NotificationTransportOptions {
  webhook?: WebhookTransportOptions;
  smtpTls?: ConnectionOptions;
  smtpTimeoutMs?: number;
  now?: () => Date;
  /** A claimed attempt older than this may be claimed again (its sender is presumed dead). Default 2 min. */
  staleAfterMs?: number;
  /** Runs after a send succeeded, before it is recorded; throwing here simulates a crash. */
  afterSend?: (info: { key: string; channel: 'email' | 'chat' }) => void | Promise<void>;
}

const attached = new WeakMap<object, NotificationTransportOptions>();

export function setNotificationTransportOptions(runtime: object, options: NotificationTransportOptions): void {
  attached.set(runtime, options);
}

export function notificationTransportOptions(runtime: object): NotificationTransportOptions {
  return attached.get(runtime) ?? {};
}
