// Liveness and readiness. /api/health answers as soon as the process listens; /api/ready says whether
// the database, the event store and the read models are fit to serve (503 otherwise).
import { Router } from 'express';
import type { Runtime } from '../../infra/app/runtime';

/** Read models further behind than this many events make the service not ready. */
const MAX_READY_LAG = 1000;

export function healthRoutes(runtime: Runtime): Router {
  const router = Router();

  router.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/api/ready', async (_req, res) => {
    const checks: Record<string, { ok: boolean; detail?: string; [extra: string]: unknown }> = {};
    checks.database = await check(async () => {
      await runtime.db.knex.raw('select 1');
      return { kind: runtime.db.kind };
    });
    checks.event_store = await check(async () => ({ head: await runtime.store.headPosition() }));
    checks.projections = await check(async () => {
      const statuses = await runtime.projections.status();
      const behind = statuses.filter((s) => s.lag === null || s.lag > MAX_READY_LAG);
      if (behind.length > 0) throw new Error(`behind: ${behind.map((s) => `${s.name} (${s.lag ?? 'no checkpoint'})`).join(', ')}`);
      return { lag: Object.fromEntries(statuses.map((s) => [s.name, s.lag])) };
    });
    const ready = Object.values(checks).every((c) => c.ok);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });

  return router;
}

async function check(probe: () => Promise<Record<string, unknown>>): Promise<{ ok: boolean; detail?: string }> {
  try {
    return { ok: true, ...(await probe()) };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message.slice(0, 300) : 'failed' };
  }
}
