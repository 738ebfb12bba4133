// Gives every request a correlation id: the caller's X-Correlation-ID (or X-Request-ID) when it is a
// sane token, else a new UUID. It is echoed in the response and carried by req.log, and commands take
// it from here into event metadata.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { CommandContext } from '../../commands/shared/command-context';
import type { Clock } from '../../infra/clock/clock';
import type { Principal } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logging/logger';

declare module 'express-serve-static-core' {
  interface Request {
    correlationId: string;
    /** This request's own id: the causation id of the commands it issues. */
    requestId: string;
    log: Logger;
    /** The service's clock, for the commands this request issues. */
    clock: Clock;
  }
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function correlationMiddleware(logger: Logger, clock: Clock) {
  return (req: Request, res: Response, next: NextFunction) => {
    req.clock = clock;
    const offered = req.get('x-correlation-id') ?? req.get('x-request-id');
    req.correlationId = offered && SAFE_ID.test(offered) ? offered : randomUUID();
    req.requestId = randomUUID();
    req.log = logger.child({ correlationId: req.correlationId, requestId: req.requestId });
    res.setHeader('X-Correlation-ID', req.correlationId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      req.log.info({
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      }, 'request');
    });
    next();
  };
}

/** The context of a command issued while serving this request, on behalf of `principal`. */
export function requestCommandContext(req: Request, principal: Principal): CommandContext {
  return {
    correlationId: req.correlationId,
    causationId: req.requestId,
    principal,
    now: req.clock.now(),
    newId: randomUUID,
  };
}
