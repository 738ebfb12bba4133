// run-all over a registry of stand-in modules: the documented selection (slow, ML, Workspace), the
// concurrency bound (modules in flight counted while they run), per-module errors, and FAILURE when
// no module completed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ModuleDefinition, ModuleRegistry, ModuleRunContext } from '../../../commands/jobs/module-registry';
import { runAllModule, withConcurrency } from '../../../commands/jobs/run-all';
import { newCommandContext } from '../../../commands/shared/command-context';
import { systemClock } from '../../../infra/clock/clock';
import { silentLogger } from '../../../infra/logging/logger';

function stand(id: string, behaviour: { fail?: string; aliases?: string[]; own?: boolean; ms?: number } = {}, gauge?: { now: number; max: number }): ModuleDefinition {
  return {
    id, aliases: behaviour.aliases ?? [], title: id, description: id,
    querySchema: { type: 'object', properties: { disease_id: { type: 'string' } } },
    contract: { description: '', resultSchema: {} },
    availability: () => ({ available: true }),
    ...(behaviour.own ? { ownSubmission: true as const } : {}),
    async run({ params }) {
      if (gauge) { gauge.now++; gauge.max = Math.max(gauge.max, gauge.now); }
      await new Promise((resolve) => setTimeout(resolve, behaviour.ms ?? 5));
      if (gauge) gauge.now--;
      if (behaviour.fail) throw new Error(behaviour.fail);
      return { module: id, disease: params.disease_id };
    },
  };
}

function context(recorded: string[] = []): ModuleRunContext {
  return {
    jobId: 'job-1', progress: async () => undefined, signal: new AbortController().signal, logger: silentLogger,
    command: newCommandContext(systemClock, { kind: 'system', id: 'test' }),
    recordResult: async (module) => { recorded.push(module); },
  };
}

describe('run-all (commands/jobs/run-all.ts)', function () {
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'run-all-'));
  after(() => fs.rmSync(reports, { recursive: true, force: true }));

  it('runs the default set: not the Workspace, the on-demand tools or the slow ones; full adds the slow ones, skip_ml drops the ML one', async () => {
    const asking = { ...stand('search'), querySchema: { type: 'object', properties: { query: { type: 'string' }, top_k: { type: 'integer', default: 5 } }, required: ['query'] } };
    const defaulted = { ...stand('b'), querySchema: { type: 'object', properties: { n: { type: 'integer', default: 5 } }, required: ['n'] } };
    const registry = new ModuleRegistry([stand('a'), defaulted, asking, stand('llm-extraction'), stand('workspace', { own: true }), stand('link-prediction', { aliases: ['ml'] }), stand('virtual-screening'), stand('z', { aliases: ['screening'] })]);
    const recorded: string[] = [];
    const plain = await runAllModule(registry, reports).run({ params: { disease_id: 'sle' } }, context(recorded)) as { modules_completed: string[] };
    expect(plain.modules_completed).to.deep.equal(['a', 'b']);
    expect(recorded).to.deep.equal(['a', 'b']);
    const full = await runAllModule(registry, reports).run({ params: { full: true } }, context()) as { modules_completed: string[] };
    expect(full.modules_completed).to.deep.equal(['a', 'b', 'link-prediction', 'virtual-screening', 'z']);
    const noMl = await runAllModule(registry, reports).run({ params: { full: true, skip_ml: true } }, context()) as { modules_completed: string[] };
    expect(noMl.modules_completed).to.deep.equal(['a', 'b', 'virtual-screening', 'z']);
  });

  it('keeps one failure in errors, writes a report per completed module, and runs at most max_parallel at once', async () => {
    const gauge = { now: 0, max: 0 };
    const registry = new ModuleRegistry(['a', 'b', 'c', 'd', 'e'].map((id) => stand(id, { ms: 20, ...(id === 'c' ? { fail: 'source down' } : {}) }, gauge)));
    const result = await runAllModule(registry, reports).run({ params: { parallel: true, max_parallel: 2, export_html: true } }, context()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(gauge.max).to.equal(2);
    expect(result.modules_completed).to.deep.equal(['a', 'b', 'd', 'e']);
    expect(result.errors).to.deep.equal({ c: 'Error: source down' });
    expect(Object.keys(result.report_paths).sort()).to.deep.equal(['a', 'b', 'd', 'e']);
    expect(fs.readFileSync(result.report_paths.a, 'utf8')).to.contain('Research use only');
    gauge.max = 0;
    await runAllModule(registry, reports).run({ params: {} }, context());
    expect(gauge.max, 'sequential without parallel').to.equal(1);
  });

  it('fails, naming each module\'s error, when no module completed', async () => {
    const registry = new ModuleRegistry([stand('a', { fail: 'no data' }), stand('b', { fail: 'no graph' })]);
    let caught: Error | undefined;
    await runAllModule(registry, reports).run({ params: {} }, context()).catch((e: Error) => { caught = e; });
    expect(caught?.name).to.equal('RunAllFailed');
    expect(caught?.message).to.equal('no module completed: a: Error: no data; b: Error: no graph');
  });

  it('bounds concurrency for any width, including more slots than items', async () => {
    const seen: number[] = [];
    await withConcurrency([1, 2, 3], 10, async (n) => { seen.push(n); });
    expect(seen.sort()).to.deep.equal([1, 2, 3]);
  });
});
