// The benchmark's workload, shared by both libraries: sizes, the event every append writes, and the
// driver that times the four scenarios. Each library plugs in through BenchAdapter, so the driver
// (and therefore the work done, the timing and the checks) is literally the same code for both.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

export const EVENT_TYPE = 'BenchEventRecorded';

export interface BenchConfig {
  /** Concurrent writers in the single-append scenario. */
  writers: number;
  /** Sequential single-event appends per writer (each writer appends to its own stream). */
  appendsPerWriter: number;
  /** Events per append in the batch scenario. */
  batchSize: number;
  /** Total events of the batch scenario; also the log that read-all and the projection consume. */
  batchEvents: number;
  /** Streams the batch scenario spreads its batches over (round robin). */
  batchStreams: number;
  /** Events per read-all page. */
  readPageSize: number;
  /** Events per projection batch (ours: runner batchSize; emmett: consumer pulling.batchSize). */
  projectionBatchSize: number;
  /** Connection pool size for each library. */
  poolMax: number;
  /** Timeout for one projection catch-up. */
  projectionTimeoutMs: number;
}

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

/** Sizes, from the environment: BENCH_SCALE scales the event counts (1 = full run; 0.01 under BENCH_SMOKE=1). */
export function configFromEnv(): BenchConfig {
  const scale = envNumber('BENCH_SCALE', process.env.BENCH_SMOKE === '1' ? 0.01 : 1);
  const batchSize = Math.round(envNumber('BENCH_BATCH_SIZE', 100));
  const batchEvents = Math.max(batchSize, Math.round((100_000 * scale) / batchSize) * batchSize);
  return {
    writers: Math.round(envNumber('BENCH_WRITERS', 8)),
    appendsPerWriter: Math.max(1, Math.round(envNumber('BENCH_APPENDS_PER_WRITER', 1000) * scale)),
    batchSize,
    batchEvents,
    batchStreams: Math.max(1, Math.min(batchEvents / batchSize, Math.round(envNumber('BENCH_BATCH_STREAMS', 100)))),
    readPageSize: Math.round(envNumber('BENCH_READ_PAGE', 1000)),
    projectionBatchSize: Math.round(envNumber('BENCH_PROJECTION_BATCH', 1000)),
    poolMax: Math.round(envNumber('BENCH_POOL_MAX', 10)),
    projectionTimeoutMs: Math.round(envNumber('BENCH_PROJECTION_TIMEOUT_MS', 600_000)),
  };
}

/** Library-neutral event; each adapter maps it to its own shape before the clock starts. */
export interface BenchEvent {
  id: string;
  type: typeof EVENT_TYPE;
  data: BenchData;
  metadata: BenchMetadata;
}

export type BenchData = { seq: number; amount: number; sku: string; note: string };
export type BenchMetadata = {
  correlationId: string;
  causationId: string;
  principal: { kind: 'system'; id: string };
};

const NOTE = 'benchmark payload padding text';

/** ~100 bytes of JSON data, plus the metadata every event of the service carries. */
export function makeEvent(seq: number, correlationId: string): BenchEvent {
  return {
    id: randomUUID(),
    type: EVENT_TYPE,
    data: { seq, amount: (seq % 97) + 1, sku: `SKU-${String(seq % 100_000).padStart(6, '0')}`, note: NOTE },
    metadata: { correlationId, causationId: correlationId, principal: { kind: 'system', id: 'bench' } },
  };
}

export function expectedAmountSum(events: number): number {
  let sum = 0;
  for (let seq = 0; seq < events; seq++) sum += (seq % 97) + 1;
  return sum;
}

export interface ReadAllResult {
  events: number;
  /** Sum of data.amount over every event read, so every payload is decoded and touched. */
  amountSum: number;
  /** Global positions came back strictly increasing. */
  ordered: boolean;
}

export interface ReadModelState {
  rows: number;
  events: number;
}

/** What a library must provide; prepare() runs outside the timed sections. */
export interface BenchAdapter<E> {
  readonly name: string;
  /** Schema setup (migrations); run once per process. */
  setup(): Promise<void>;
  /** Empties the library's event log, checkpoints and read model. */
  reset(): Promise<void>;
  prepare(event: BenchEvent): E;
  append(streamId: string, events: E[]): Promise<void>;
  readAll(pageSize: number): Promise<ReadAllResult>;
  /** Projects the whole log, from position 0 to the head, into the read model; resolves when caught up. */
  projectCatchUp(batchSize: number, timeoutMs: number): Promise<void>;
  readModel(): Promise<ReadModelState>;
  countEvents(): Promise<number>;
  /**
   * Events not yet visible to readers: both libraries only read below the oldest running transaction
   * id (pg_snapshot_xmin), and that horizon is server-wide, so an open transaction in ANY database of
   * the server (e.g. another test suite) hides the tail of the log until it ends.
   */
  invisibleEvents(): Promise<number>;
  close(): Promise<void>;
}

export interface ScenarioTimes {
  /** Events per second of each scenario. */
  append: number;
  batch: number;
  readall: number;
  projection: number;
  /** Wall-clock seconds of each scenario, for the notes. */
  seconds: { append: number; batch: number; readall: number; projection: number };
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`bench check failed: ${message}`);
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

async function concurrentAppends<E>(adapter: BenchAdapter<E>, writers: number, perWriter: number, tag: string): Promise<number> {
  const work = Array.from({ length: writers }, (_, w) => {
    const correlationId = randomUUID();
    return Array.from({ length: perWriter }, (_, i) => adapter.prepare(makeEvent(w * perWriter + i, correlationId)));
  });
  const seconds = await timed(async () => {
    await Promise.all(work.map(async (events, w) => {
      const streamId = `benchsingle-${tag}-w${w}`;
      for (const event of events) await adapter.append(streamId, [event]);
    }));
  });
  const stored = await adapter.countEvents();
  check(stored === writers * perWriter, `${adapter.name}: ${stored} events stored after single appends, expected ${writers * perWriter}`);
  return seconds;
}

async function batchAppends<E>(adapter: BenchAdapter<E>, total: number, batchSize: number, streams: number, tag: string): Promise<number> {
  const correlationId = randomUUID();
  const batches: E[][] = [];
  for (let start = 0; start < total; start += batchSize) {
    const batch: E[] = [];
    for (let seq = start; seq < Math.min(total, start + batchSize); seq++) batch.push(adapter.prepare(makeEvent(seq, correlationId)));
    batches.push(batch);
  }
  const seconds = await timed(async () => {
    for (let b = 0; b < batches.length; b++) await adapter.append(`benchbatch-${tag}-s${b % streams}`, batches[b]!);
  });
  const stored = await adapter.countEvents();
  check(stored === total, `${adapter.name}: ${stored} events stored after batch appends, expected ${total}`);
  return seconds;
}

/** Untimed: waits until every stored event is below the server's xmin horizon, so reads see them all. */
async function waitUntilVisible<E>(adapter: BenchAdapter<E>, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const deadline = Date.now() + 300_000;
  let hidden = await adapter.invisibleEvents();
  while (hidden > 0) {
    if (Date.now() > deadline) throw new Error(`${adapter.name}: ${hidden} events still invisible after 300 s (long transaction on the server?)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    hidden = await adapter.invisibleEvents();
  }
  const waited = performance.now() - started;
  if (waited > 50) log(`${adapter.name}: waited ${(waited / 1000).toFixed(2)} s (untimed) for other transactions on the server to end`);
}

async function readAll<E>(adapter: BenchAdapter<E>, total: number, pageSize: number): Promise<number> {
  let result: ReadAllResult | undefined;
  const seconds = await timed(async () => {
    result = await adapter.readAll(pageSize);
  });
  check(result!.events === total, `${adapter.name}: read-all returned ${result!.events} events, expected ${total}`);
  check(result!.amountSum === expectedAmountSum(total), `${adapter.name}: read-all payload checksum mismatch`);
  check(result!.ordered, `${adapter.name}: read-all positions not strictly increasing`);
  return seconds;
}

async function projection<E>(adapter: BenchAdapter<E>, total: number, streams: number, config: BenchConfig): Promise<number> {
  const seconds = await timed(() => adapter.projectCatchUp(config.projectionBatchSize, config.projectionTimeoutMs));
  const model = await adapter.readModel();
  check(model.events === total && model.rows === streams,
    `${adapter.name}: read model has ${model.rows} rows / ${model.events} events, expected ${streams} / ${total}`);
  return seconds;
}

/**
 * Runs every scenario once, after a small untimed warm-up of the same code paths (JIT, pool
 * connections, prepared plans). Order: single appends on an empty log; then, on an emptied log,
 * batch appends, whose events read-all and the projection then consume (exactly batchEvents).
 */
export async function runScenarios<E>(adapter: BenchAdapter<E>, config: BenchConfig, log: (line: string) => void): Promise<ScenarioTimes> {
  await adapter.setup();

  await adapter.reset();
  const warmBatches = Math.min(10, config.batchEvents / config.batchSize);
  await concurrentAppends(adapter, config.writers, Math.min(25, config.appendsPerWriter), 'warm');
  await adapter.reset();
  await batchAppends(adapter, warmBatches * config.batchSize, config.batchSize, Math.min(5, warmBatches), 'warm');
  await waitUntilVisible(adapter, log);
  await readAll(adapter, warmBatches * config.batchSize, config.readPageSize);
  await projection(adapter, warmBatches * config.batchSize, Math.min(5, warmBatches), config);

  await adapter.reset();
  const singles = config.writers * config.appendsPerWriter;
  const appendSeconds = await concurrentAppends(adapter, config.writers, config.appendsPerWriter, 'run');
  log(`${adapter.name}: ${singles} single appends (${config.writers} writers) in ${appendSeconds.toFixed(2)} s`);

  await adapter.reset();
  const batchSeconds = await batchAppends(adapter, config.batchEvents, config.batchSize, config.batchStreams, 'run');
  log(`${adapter.name}: ${config.batchEvents} events in batches of ${config.batchSize} in ${batchSeconds.toFixed(2)} s`);

  await waitUntilVisible(adapter, log);
  const readSeconds = await readAll(adapter, config.batchEvents, config.readPageSize);
  log(`${adapter.name}: read-all of ${config.batchEvents} events in ${readSeconds.toFixed(2)} s`);

  const projectionSeconds = await projection(adapter, config.batchEvents, config.batchStreams, config);
  log(`${adapter.name}: projection catch-up of ${config.batchEvents} events in ${projectionSeconds.toFixed(2)} s`);

  await adapter.reset();
  return {
    append: singles / appendSeconds,
    batch: config.batchEvents / batchSeconds,
    readall: config.batchEvents / readSeconds,
    projection: config.batchEvents / projectionSeconds,
    seconds: { append: appendSeconds, batch: batchSeconds, readall: readSeconds, projection: projectionSeconds },
  };
}

export const RESULT_PREFIX = 'BENCH_RESULT ';

/** Entry point of a runner process: reads its config from the environment, prints one result line. */
export function runnerMain<E>(makeAdapter: (url: string, config: BenchConfig) => BenchAdapter<E>): void {
  const url = process.env.BENCH_RUNNER_URL;
  if (!url) {
    console.error('runner: BENCH_RUNNER_URL is not set (run `npm run bench:event-store`)');
    process.exit(2);
  }
  const config = configFromEnv();
  const adapter = makeAdapter(url, config);
  const log = (line: string) => process.stderr.write(`  ${line}\n`);
  runScenarios(adapter, config, log)
    .then(async (times) => {
      await adapter.close();
      process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(times)}\n`);
      process.exit(0);
    })
    .catch(async (error: unknown) => {
      console.error(error);
      await adapter.close().catch(() => undefined);
      process.exit(1);
    });
}
