// Settings, parsed and validated once at start. Variables of the interface spec (§1, §5, §8) plus the
// core's own: DATABASE_URL (else embedded PGlite under DATA_DIR), EVENTSTORE_URL, KAFKA_BROKERS.
import path from 'node:path';
import { bool, int, list, oneOf, raw, SettingsError, url } from './env-parsers';

export { SettingsError };

export interface Settings {
  host: string;
  port: number;
  debug: boolean;
  apiKey: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** PostgreSQL server; absent means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** EventStoreDB instead of the PostgreSQL event store. */
  eventStoreUrl: string | undefined;
  /** Kafka instead of the embedded bus. */
  kafkaBrokers: string[] | undefined;
  kafkaTopicPrefix: string;
  /** Run projections and processors inside `serve` (single-process mode). */
  workersInProcess: boolean;
}

export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const kafkaBrokers = list(env, 'KAFKA_BROKERS');
  for (const broker of kafkaBrokers ?? []) {
    if (!/^[^\s:/]+:\d+$/.test(broker)) throw new SettingsError('KAFKA_BROKERS', `expected host:port entries, got ${JSON.stringify(broker)}`);
  }
  return {
    host: raw(env, 'HOST') ?? '0.0.0.0',
    port: int(env, 'PORT', 8000, 0, 65535),
    debug: bool(env, 'DEBUG', false),
    apiKey: raw(env, 'API_KEY'),
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir: path.resolve(raw(env, 'DATA_DIR') ?? 'data'),
    eventStoreUrl: url(env, 'EVENTSTORE_URL', ['esdb:', 'esdb+discover:']),
    kafkaBrokers,
    kafkaTopicPrefix: raw(env, 'KAFKA_TOPIC_PREFIX') ?? 'evidence',
    workersInProcess: bool(env, 'WORKERS_IN_PROCESS', true),
  };
}

/** The spec's rule for the web process: no production service without an API key. */
export function assertServable(settings: Settings): void {
  if (!settings.debug && !settings.apiKey) {
    throw new SettingsError('API_KEY', 'is required when DEBUG=false; set API_KEY, or DEBUG=true for local development');
  }
}
