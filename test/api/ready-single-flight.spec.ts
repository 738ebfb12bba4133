// /api/ready under concurrent probes (issue 23): probes that arrive while the readiness checks run share that
// run instead of each running every check again. Before, eight probes at once ran eight sets of lag queries,
// held the database pool, and /api/ready took 3-4 s under bench:fuzz.
import { expect } from 'chai';
import { healthRoutes, ReadinessCheck } from '../../api/operations/health.routes';

interface Answer { status: number; body: { status: string; checks: Record<string, { ok: boolean; runs?: number }> } }

function call(handler: NonNullable<ReturnType<typeof healthRoutes>[number]['handler']>): Promise<Answer> {
  return new Promise((resolve) => {
    const res = {
      statusCode: 200,
      status(code: number) { this.statusCode = code; return this; },
      json(body: Answer['body']) { resolve({ status: this.statusCode, body }); return this; },
    };
    void handler({ req: {} as never, res: res as never, params: {}, query: {}, body: undefined, principal: undefined });
  });
}

describe('/api/ready single flight', function () {
  it('probes that arrive while the checks run share that run; a later probe runs them again', async function () {
    let runs = 0;
    let release!: () => void;
    const check: ReadinessCheck = {
      name: 'database',
      check: async () => {
        runs += 1;
        const run = runs;
        if (run === 1) await new Promise<void>((resolve) => { release = resolve; });
        return { runs: run };
      },
    };
    const ready = healthRoutes([check]).find((r) => r.path === '/api/ready')!.handler!;
    const probes = [call(ready), call(ready), call(ready)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs, 'three probes, one run of the checks').to.equal(1);
    release();
    const answers = await Promise.all(probes);
    expect(answers.map((a) => [a.status, a.body.status, a.body.checks.database!.runs])).to.deep.equal([[200, 'ready', 1], [200, 'ready', 1], [200, 'ready', 1]]);
    const later = await call(ready);
    expect(later.body.checks.database!.runs, 'a probe after the run ends sees a fresh run').to.equal(2);
  });
});
