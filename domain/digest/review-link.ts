// Signed digest review links (pure: secret and clock come in). Token = base64url(JSON payload) + "." +
// base64url(HMAC-SHA256(secret, "digest-review.v1." + payload)). The payload names the digest period,
// optionally a run, and an expiry (unix seconds); it carries no researcher identity: the dashboard the
// link leads to uses the reader's own session.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const REVIEW_LINK_TTL_SECONDS = 8 * 24 * 3600;

export interface ReviewLinkPayload {
  period: string;
  run_id?: string;
  /** Expiry, unix seconds. */
  exp: number;
}

export type VerifyResult =
  | { ok: true; payload: ReviewLinkPayload }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`digest-review.v1.${payload}`).digest();
}

export function signReviewToken(secret: string, content: { period: string; runId?: string }, now: Date, ttlSeconds = REVIEW_LINK_TTL_SECONDS): string {
  const payload: ReviewLinkPayload = { period: content.period, ...(content.runId ? { run_id: content.runId } : {}), exp: Math.floor(now.getTime() / 1000) + ttlSeconds };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${mac(secret, encoded).toString('base64url')}`;
}

export function verifyReviewToken(secret: string, token: string, now: Date): VerifyResult {
  const match = /^([A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, encoded, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, encoded);
  // Constant-time comparison of equal-length digests, before anything in the payload is trusted.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  let payload: ReviewLinkPayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as ReviewLinkPayload;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof payload?.period !== 'string' || typeof payload.exp !== 'number' || (payload.run_id !== undefined && typeof payload.run_id !== 'string')) {
    return { ok: false, reason: 'malformed' };
  }
  if (Math.floor(now.getTime() / 1000) > payload.exp) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}

/** Where the dashboard shows the digest's context: the run when one is named, the digest otherwise. */
export function reviewRedirectPath(payload: ReviewLinkPayload): string {
  const period = encodeURIComponent(payload.period);
  return payload.run_id ? `/?run=${encodeURIComponent(payload.run_id)}#digest/${period}` : `/#digest/${period}`;
}
