// Liveness and readiness. /api/health answers as soon as the process listens; /api/ready says whether
// every dependency is fit to serve, naming what failed (503 otherwise).
import type { Preloads } from '../../infra/app/preloads';
import type { MessageBus } from '../../infra/bus/message-bus';
import type { Database } from '../../infra/db/database';
import type { EventStore } from '../../infra/event-store/event-store';
import type { ProjectionRunner } from '../../projections/runner/projection-runner';
import type { RouteDefinition } from '../http/registry';

/** Read models further behind than this many events make the service not ready. */
const MAX_READY_LAG = 1000;

export interface ReadinessCheck {
  name: string;
  /** Resolves with details when healthy; throws (or returns ok:false) when not. */
  check(): Promise<Record<string, unknown> & { ok?: boolean; detail?: string }>;
}

const checkSchema = {
  type: 'object',
  properties: { ok: { type: 'boolean' }, detail: { type: 'string' } },
  required: ['ok'],
  additionalProperties: true,
};

/** What the core checks look at (the runtime's adapters). */
export interface ReadinessDeps {
  db: Pick<Database, 'knex' | 'kind'>;
  store: Pick<EventStore, 'headPosition'>;
  projections: Pick<ProjectionRunner, 'status'>;
  bus: Pick<MessageBus, 'kind' | 'status'>;
  preloads: Pick<Preloads, 'snapshot'>;
}

export function coreReadinessChecks(deps: ReadinessDeps): ReadinessCheck[] {
  return [
    { name: 'database', check: async () => { await deps.db.knex.raw('select 1'); return { kind: deps.db.kind }; } },
    { name: 'event_store', check: async () => ({ head: await deps.store.headPosition() }) },
    {
      name: 'projections',
      check: async () => {
        const statuses = await deps.projections.status();
        const behind = statuses.filter((s) => s.lag === null || s.lag > MAX_READY_LAG);
        if (behind.length > 0) throw new Error(`behind: ${behind.map((s) => `${s.name} (${s.lag ?? 'no checkpoint'})`).join(', ')}`);
        return { lag: Object.fromEntries(statuses.map((s) => [s.name, s.lag])) };
      },
    },
    { name: 'bus', check: async () => ({ kind: deps.bus.kind, groups: (await deps.bus.status()).length }) },
    {
      name: 'preloads',
      check: async () => {
        const preloads = deps.preloads.snapshot();
        const notOk = Object.entries(preloads).filter(([, s]) => s.state !== 'ok');
        if (notOk.length > 0) throw new Error(notOk.map(([name, s]) => `${name} ${s.state}${s.state === 'pending' && s.progress ? ` (${s.progress})` : ''}`).join(', '));
        return { preloads };
      },
    },
  ];
}

export function healthRoutes(checks: readonly ReadinessCheck[]): RouteDefinition[] {
  // Requests that arrive while the checks run share that run (single flight): each run reads every projection's
  // and consumer group's lag, dozens of queries, and eight probes at once held the database pool so long that
  // /api/ready took 3-4 s under bench:fuzz (issue 23). A request never gets an answer older than its own arrival
  // minus one run.
  let inFlight: Promise<(readonly [string, { ok: boolean; detail?: string }])[]> | undefined;
  const readiness = () => {
    inFlight ??= Promise.all(checks.map(async ({ name, check }) => [name, await run(check)] as const))
      .finally(() => { inFlight = undefined; });
    return inFlight;
  };
  return [
    {
      method: 'get',
      path: '/api/health',
      operationId: 'health',
      summary: 'Liveness',
      description: 'Answers 200 as soon as the process listens.',
      tags: ['operations'],
      responses: {
        200: { description: 'The process is alive', schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] } },
      },
      handler: ({ res }) => {
        res.json({ status: 'ok' });
      },
    },
    {
      method: 'get',
      path: '/api/ready',
      operationId: 'ready',
      summary: 'Readiness across the event store, read models, bus, rate-limit store and preloads',
      description: `200 when every check passes; 503 naming each failed check. Read models more than ${MAX_READY_LAG} events behind are not ready.`,
      tags: ['operations'],
      responses: {
        200: { description: 'Ready', schema: readinessSchema('ready') },
        503: { description: 'A dependency is unreachable or behind', schema: readinessSchema('not_ready') },
      },
      handler: async ({ res }) => {
        const results = await readiness();
        const ready = results.every(([, result]) => result.ok);
        res.status(ready ? 200 : 503).json({
          status: ready ? 'ready' : 'not_ready',
          failed: results.filter(([, r]) => !r.ok).map(([name]) => name),
          checks: Object.fromEntries(results),
        });
      },
    },
  ];
}

function readinessSchema(status: string) {
  return {
    type: 'object',
    properties: {
      status: { const: status },
      failed: { type: 'array', items: { type: 'string' } },
      checks: { type: 'object', additionalProperties: checkSchema },
    },
    required: ['status', 'failed', 'checks'],
  };
}

async function run(check: ReadinessCheck['check']): Promise<{ ok: boolean; detail?: string }> {
  try {
    const result = await check();
    return { ...result, ok: result.ok ?? true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message.slice(0, 300) : 'failed' };
  }
}
