// Checks a job WebSocket before the handshake, so that a refusal is a plain HTTP answer and no socket
// is opened: 403 for a page of another origin (a browser sends the researcher's cookie with any page's
// socket, so a foreign page could otherwise read their jobs), 429 for a client that already holds
// JOB_STREAM_MAX_PER_CLIENT open job streams. The slot itself is taken once the socket is open.
import type { IncomingMessage } from 'node:http';
import type { Express, Request } from 'express';
import type { Settings } from '../../infra/config/settings';
import { StreamSlots, streamClient } from './stream-slots';

type VerifyClient = (info: { origin: string; secure: boolean; req: IncomingMessage }, callback: (ok: boolean, code?: number, message?: string) => void) => void;

/**
 * A socket from a browser page is accepted from the origins of CORS_ORIGINS ('*': any) and from the
 * dashboard's own origin (the host the request was sent to). No Origin: not a browser, nothing to
 * hijack; the API key and the job's owner are still checked once the socket is open.
 */
export function socketOriginAllowed(origin: string | undefined, host: string | undefined, corsOrigins: readonly string[]): boolean {
  if (!origin) return true;
  if (corsOrigins.includes('*') || corsOrigins.includes(origin)) return true;
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false; // "null" (sandboxed frames, files) and other non-URLs
  }
}

export function jobSocketHandshake(app: Express, settings: Pick<Settings, 'corsOrigins'>, slots: StreamSlots): VerifyClient {
  return ({ origin, req }, callback) => {
    // Express gives the upgrade request its prototype later anyway (app.handle); doing it now lets
    // req.host and req.ip follow TRUST_PROXY exactly as for every other request.
    Object.setPrototypeOf(req, app.request);
    const request = req as Request;
    if (!socketOriginAllowed(origin || undefined, request.host, settings.corsOrigins)) {
      callback(false, 403, 'origin not allowed');
      return;
    }
    if (!slots.hasRoom(streamClient(request))) {
      callback(false, 429, 'too many open job streams');
      return;
    }
    callback(true);
  };
}
