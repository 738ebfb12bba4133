// A pino logger whose lines land in an array, to assert what operators would read.
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '../../infra/logging/logger';

export function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}
