// The API key layer (spec §5): when API_KEY is set, X-API-Key must match it. The `?api_key=` query form
// exists for WebSocket clients (browsers cannot set headers on an upgrade) and is refused elsewhere,
// because query strings end up in access logs, proxies and browser history.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

export interface ApiKeyDenial {
  status: 401 | 403;
  detail: string;
}

/** Equal without leaking where they differ or how long either is: compares fixed-size digests. */
export function constantTimeEqual(offered: string, expected: string): boolean {
  const a = createHash('sha256').update(offered, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** undefined when the request may proceed; otherwise 401 (no key offered) or 403 (wrong key). */
export function checkApiKey(apiKey: string | undefined, req: Request, allowQuery: boolean): ApiKeyDenial | undefined {
  if (!apiKey) return undefined;
  const offered = offeredKey(req, allowQuery);
  if (!offered) return { status: 401, detail: allowQuery ? 'missing API key: send X-API-Key or ?api_key=' : 'missing X-API-Key header' };
  return constantTimeEqual(offered, apiKey) ? undefined : { status: 403, detail: 'invalid API key' };
}

function offeredKey(req: Request, allowQuery: boolean): string | undefined {
  const header = req.get('x-api-key');
  if (header) return header;
  if (!allowQuery) return undefined;
  // A repeated ?api_key= arrives as an array: accept only a single string.
  const query = (req.query as Record<string, unknown> | undefined)?.api_key;
  return typeof query === 'string' && query !== '' ? query : undefined;
}
