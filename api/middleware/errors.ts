// Last-resort error handling: typed errors become their status, anything else a 500 whose body never
// carries internals (the log has them, under the request's correlation id). What an event-store error
// means (a lost revision race, a deleted stream) is told by the composition root (`storeErrorKind`), so this
// file needs no infra value.
import type { NextFunction, Request, Response } from 'express';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { TOO_DEEP } from '../limits/json-body';

export function notFoundHandler(req: Request, res: Response) {
  res.status(404).json({ detail: `no route for ${req.method} ${req.path}` });
}

/** An event-store error the handler answers: a concurrent change (409) or a deleted stream (404). */
export type StoreErrorKind = 'conflict' | 'deleted' | undefined;

export function errorHandler(storeErrorKind: (error: unknown) => StoreErrorKind) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => answerError(storeErrorKind(error), error, req, res, next);
}

function answerError(storeError: StoreErrorKind, error: unknown, req: Request, res: Response, _next: NextFunction) {
  const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
  if (error instanceof RequestValidationError) {
    res.status(422).json({ detail: error.details });
    return;
  }
  if (storeError === 'conflict') {
    res.status(409).json({ detail: 'the resource was changed by someone else; reload and try again', error_type: 'Conflict' });
    return;
  }
  if (storeError === 'deleted') {
    res.status(404).json({ detail: 'not found' });
    return;
  }
  const bodyError = (error as { type?: string }).type;
  if (bodyError === 'entity.parse.failed') {
    res.status(400).json({ detail: 'request body is not valid JSON' });
    return;
  }
  if (bodyError === TOO_DEEP) {
    res.status(422).json({ detail: [{ loc: ['body'], msg: (error as Error).message, type: 'depth' }] });
    return;
  }
  if (bodyError === 'entity.too.large') {
    res.status(413).json({ detail: 'request body is too large' });
    return;
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json({ detail: (error as Error).message });
    return;
  }
  req.log?.error({ err: error }, 'unhandled error');
  res.status(500).json({ detail: 'internal error', correlation_id: req.correlationId });
}
