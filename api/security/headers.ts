// Cross-cutting protections that run before the rate limit and the JSON parser: security headers on
// every response, CORS from CORS_ORIGINS, and the request body limit. Hand-written rather than helmet:
// the set is small and fixed, and the dashboard sets its own CSP (api/dashboard) so docs pages keep theirs.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Settings } from '../../infra/config/settings';
import { bodyLimit } from '../limits/body-limit';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Content-Type, X-API-Key, X-Correlation-ID, X-Request-ID';
const EXPOSED_HEADERS = 'X-Correlation-ID, Retry-After, RateLimit-Limit, RateLimit-Remaining';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export function securityMiddleware(settings: Settings): RequestHandler[] {
  // Headers first so that every answer below (preflight, 413, 429) carries them; CORS before the body
  // limit so that a browser can read the 413.
  return [securityHeaders, cors(settings.corsOrigins), bodyLimit(settings.maxRequestBodyBytes)];
}

function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.removeHeader('X-Powered-By');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('X-Permitted-Cross-Domain-Policies', 'none');
  res.setHeader('X-DNS-Prefetch-Control', 'off');
  // HSTS over plain HTTP is ignored by browsers and would pin a dev host to HTTPS. req.secure: this socket
  // is TLS, or a trusted proxy (TRUST_PROXY) says the client's connection was (X-Forwarded-Proto: https).
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
}

/**
 * Exact origin match: an allowed origin is echoed with credentials allowed. '*' (only when configured)
 * lets any other origin read responses, without credentials. Disallowed origins get no CORS headers,
 * and their preflights a 403.
 */
function cors(origins: readonly string[]): RequestHandler {
  const exact = new Set(origins.filter((origin) => origin !== '*'));
  const anyOrigin = origins.includes('*');
  return (req: Request, res: Response, next: NextFunction) => {
    res.vary('Origin'); // answers differ per Origin; caches must not mix them
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    const matched = exact.has(origin);
    if (!matched && !anyOrigin) {
      if (preflight) {
        res.status(403).json({ detail: 'origin not allowed' });
        return;
      }
      return next();
    }
    res.setHeader('Access-Control-Allow-Origin', matched ? origin : '*');
    if (matched) res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (preflight) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
      res.status(204).end();
      return;
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    next();
  };
}
