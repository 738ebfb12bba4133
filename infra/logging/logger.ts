// One pino logger for the process. Child loggers carry the correlation id from the HTTP request
// through commands, events and processors, so one grep follows a request end to end.
import pino, { Logger } from 'pino';

export type { Logger };

export function createLogger(options: { level?: string; name?: string } = {}): Logger {
  return pino({
    name: options.name ?? 'evidence',
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    // Never let credentials reach the log, whatever object someone passes in.
    redact: {
      paths: ['*.password', '*.apiKey', '*.api_key', '*.secret', '*.authorization', '*.cookie', 'req.headers.authorization',
        'req.headers.cookie', 'req.headers["x-api-key"]', '*.webhookUrl', '*.webhook_url'],
      censor: '[redacted]',
    },
  });
}

/** A logger that writes nothing, for tests and library defaults. */
export const silentLogger: Logger = pino({ level: 'silent' });
