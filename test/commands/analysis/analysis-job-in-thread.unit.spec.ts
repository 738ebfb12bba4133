// An analysis module's job computes where the analysis GETs do (issue 23): given the thread pool's runner, the
// job hands its call (module, main route, the job's raw parameters) to it and does not compute in the calling
// thread, whose event loop also answers /api/health under WORKERS_IN_PROCESS=true. Before, every analysis job
// ran its route in the worker's own thread. Outcomes map to the same failures either way.
import { expect } from 'chai';
import { analysisJobModule } from '../../../commands/analysis/analysis-job';
import type { AnalysisDeps, AnalysisModule } from '../../../commands/analysis/analysis-module';
import type { AnalysisRouteCall } from '../../../commands/analysis/run-analysis-route';
import type { ModuleRunContext } from '../../../commands/jobs/module-registry';

let computedHere = 0;
const heavy: AnalysisModule = {
  id: 'heavy', aliases: [], title: 'Heavy', description: 'A heavy analysis',
  routes: [{
    path: '/api/heavy', operationId: 'heavy', summary: 's', description: 'd', resultSchema: { type: 'object' },
    query: { type: 'object', properties: { top_n: { type: 'integer', default: 5 } }, additionalProperties: false },
    run: async (_deps, input) => { computedHere += 1; return { kind: 'ok', result: { here: true, input } }; },
  }],
  renderHtml: () => '',
};
const context = { jobId: 'j', progress: async () => undefined, signal: new AbortController().signal } as unknown as ModuleRunContext;

describe('analysis job in the analysis thread pool', function () {
  beforeEach(() => { computedHere = 0; });

  it('hands the call to the thread runner and computes nothing in this thread', async () => {
    const calls: AnalysisRouteCall[] = [];
    const job = analysisJobModule(heavy, {} as AnalysisDeps, async (call) => { calls.push(call); return { kind: 'ok', result: { thread: true } }; });
    const result = await job.run({ params: { top_n: 3, export_html: false } }, context);
    expect(result).to.deep.equal({ thread: true });
    expect(calls).to.deep.equal([{ moduleId: 'heavy', path: '/api/heavy', input: { top_n: 3 } }]);
    expect(computedHere).to.equal(0);
  });

  it('fails the job with the route\'s reason when the thread answers not available', async () => {
    const job = analysisJobModule(heavy, {} as AnalysisDeps, async () => ({ kind: 'not_available', reason: 'no receptors' }));
    const failure = await job.run({ params: {} }, context).then(() => undefined, (error: Error) => error);
    expect(failure).to.include({ name: 'ModuleNotAvailableError', message: 'no receptors' });
  });

  it('computes in this thread where there is no pool (PGlite, ANALYSIS_THREADS=0)', async () => {
    const job = analysisJobModule(heavy, {} as AnalysisDeps);
    expect(await job.run({ params: { top_n: 2 } }, context)).to.deep.equal({ here: true, input: { top_n: 2 } });
    expect(computedHere).to.equal(1);
  });
});
