// Spec §1: every /api/v1 response carries a research-only disclaimer, errors included (422 from the
// validator, 404, 413, 429 from the limits). Wrapping res.json once covers them all.
import type { RequestHandler } from 'express';
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';

export function v1DisclaimerMiddleware(): RequestHandler {
  return (_req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
      return json(isObject && !('disclaimer' in (body as object)) ? { ...(body as object), disclaimer: BIOMED_DISCLAIMER } : body);
    };
    next();
  };
}
