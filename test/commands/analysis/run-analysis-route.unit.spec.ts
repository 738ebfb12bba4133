// The answers that need no computing come from the serving thread (issue 23): under bench:fuzz,
// GET /api/expression/correlate?disease_id=keylen waited 14 s for an analysis thread's first knowledge-graph
// build before the thread said 404, because the unknown disease was found only inside the run.
import { expect } from 'chai';
import { ANALYSIS_MODULES } from '../../../commands/analysis';
import type { AnalysisDeps } from '../../../commands/analysis/analysis-module';
import { answeredBeforeComputing, type AnalysisRouteCall } from '../../../commands/analysis/run-analysis-route';
import { DiseaseRegistry } from '../../../infra/diseases/disease-registry';

describe('analysis route calls answered before computing', function () {
  const diseases = DiseaseRegistry.load();
  // No graph, no store: a call that reached the run would fail on them.
  const deps = { diseases, settings: { dataDir: '/nonexistent' }, graph: () => Promise.reject(new Error('no graph here')) } as unknown as AnalysisDeps;
  let computed: AnalysisRouteCall[];
  const runner = answeredBeforeComputing(ANALYSIS_MODULES, deps, async (call) => { computed.push(call); return { kind: 'ok', result: 'computed' }; });
  beforeEach(() => { computed = []; });

  it('answers an unknown disease 404 without asking the thread pool (GET /api/expression/correlate?disease_id=keylen waited 14 s for a graph build)', async function () {
    const answer = await runner({ moduleId: 'expression-profile', path: '/api/expression/correlate', input: { disease_id: 'keylen' } });
    expect(answer).to.deep.equal({ kind: 'not_found', detail: "unknown disease module 'keylen'" });
    expect(computed).to.deep.equal([]);
  });

  it('gives every module\'s disease parameter the same refusal (disease on /api/safety/profiles and /api/cart/suitability)', async function () {
    for (const [moduleId, path, parameter] of [['drug-safety', '/api/safety/profiles', 'disease'], ['cart-suitability', '/api/cart/suitability', 'disease'], ['evidence-gathering', '/api/evidence/gather', 'disease_id']] as const) {
      const answer = await runner({ moduleId, path, input: { [parameter]: 'constructor', q: 'tnf' } });
      expect(answer, moduleId).to.deep.equal({ kind: 'not_found', detail: "unknown disease module 'constructor'" });
    }
    expect(computed).to.deep.equal([]);
  });

  it('answers invalid parameters 422 here too', async function () {
    const answer = await runner({ moduleId: 'expression-profile', path: '/api/expression/correlate', input: { disease_id: 'sle', top_n: 'many' } });
    expect(answer.kind).to.equal('invalid');
    expect(computed).to.deep.equal([]);
  });

  it('hands a known disease, a CURIE and the MONDO-class and cross-reference ids only the graph or MONDO registry resolve to the pool', async function () {
    for (const diseaseId of ['sle', 'MONDO:0007915', 'EFO:0002690', 'mondo_0005301', 'efo_0002690']) {
      await runner({ moduleId: 'expression-profile', path: '/api/expression/correlate', input: { disease_id: diseaseId } });
    }
    expect(computed.map((call) => call.input.disease_id)).to.deep.equal(['sle', 'MONDO:0007915', 'EFO:0002690', 'mondo_0005301', 'efo_0002690']);
  });

  it('hands a route without a disease parameter to the pool whatever it is sent (cross-disease compares the registry)', async function () {
    await runner({ moduleId: 'cross-disease', path: '/api/cross-disease/overlap', input: { max_diseases: '3' } });
    expect(computed).to.have.length(1);
  });
});
