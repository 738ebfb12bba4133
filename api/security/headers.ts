// STUB (to be replaced): security headers and CORS from CORS_ORIGINS.
import type { RequestHandler } from 'express';
import type { Settings } from '../../infra/config/settings';

export function securityMiddleware(_settings: Settings): RequestHandler[] {
  return [];
}
