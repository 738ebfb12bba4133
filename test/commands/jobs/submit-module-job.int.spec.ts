import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ANALYSIS_MODULES } from '../../../commands/analysis';
import { analysisJobModule } from '../../../commands/analysis/analysis-job';
import type { AnalysisDeps } from '../../../commands/analysis/analysis-module';
import { ModuleRegistry } from '../../../commands/jobs/module-registry';
import { submitModuleJob } from '../../../commands/jobs/submit-module-job';
import { researchPipelineModule } from '../../../commands/workspace/research-pipeline-module';
import { CommandContext, newCommandContext } from '../../../commands/shared/command-context';
import { jobStreamId } from '../../../domain/jobs/job';
import { fixedClock } from '../../../infra/clock/clock';
import { loadSettings } from '../../../infra/config/settings';
import { DiseaseRegistry } from '../../../infra/diseases/disease-registry';
import { Database } from '../../../infra/db/database';
import { EventStore } from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { openTestPostgres } from '../../support/databases';
import { testModules } from '../../support/test-modules';

describe('Submitting a module job', function () {
  let db: Database;
  let store: EventStore;
  const at = new Date('2026-05-04T09:30:00.000Z');
  const bodyModule = {
    ...testModules[0]!,
    id: 'with_body',
    aliases: [],
    bodySchema: { type: 'object', properties: { question: { type: 'string', minLength: 2 } }, required: ['question'] },
  };
  const modules = new ModuleRegistry([...testModules, bodyModule]);

  /** A context whose next id is known, so a test can look for the job it would have created. */
  function contextWithId(jobId: string): CommandContext {
    // newId also names the events: only its first answer is fixed.
    const ids = [jobId];
    return { ...newCommandContext(fixedClock(at), { kind: 'researcher', id: 'alice' }), newId: () => ids.shift() ?? randomUUID() };
  }

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex);
  });
  after(async function () {
    await db.close();
  });

  it('queues a job under the module id (an alias finds it), with the module defaults and the submission time', async function () {
    const jobId = randomUUID();
    const result = await submitModuleJob({ store, modules }, contextWithId(jobId), { moduleId: 'legacy_echo', query: { steps: '2' }, researcherId: 'alice' });
    expect(result).to.deep.equal({ kind: 'submitted', jobId, module: 'echo' });
    const [submitted] = await store.readStream(jobStreamId(jobId));
    expect(submitted!.type).to.equal('JobSubmitted');
    expect(submitted!.data).to.deep.equal({
      jobId, module: 'echo', params: { steps: 2, step_ms: 30, disease_id: 'sle', export_html: false }, researcherId: 'alice', at: at.toISOString(),
    });
  });

  it('answers not_found for a name that is neither a module id nor an alias, and queues nothing', async function () {
    const jobId = randomUUID();
    const result = await submitModuleJob({ store, modules }, contextWithId(jobId), { moduleId: 'no_such_module', query: {} });
    expect(result).to.deep.equal({ kind: 'not_found', moduleId: 'no_such_module' });
    expect(await store.readStream(jobStreamId(jobId))).to.deep.equal([]);
  });

  it('answers not_available with the module\'s reason for a blocked module, and queues nothing', async function () {
    const jobId = randomUUID();
    const result = await submitModuleJob({ store, modules }, contextWithId(jobId), { moduleId: 'blocked', query: {} });
    expect(result).to.deep.equal({ kind: 'not_available', moduleId: 'blocked', reason: 'structure files are not installed' });
    expect(await store.readStream(jobStreamId(jobId))).to.deep.equal([]);
  });

  it('answers invalid with every query and body problem, and queues nothing', async function () {
    const jobId = randomUUID();
    const query = await submitModuleJob({ store, modules }, contextWithId(jobId), { moduleId: 'echo', query: { steps: 'eleven', colour: 'blue' } });
    expect(query.kind).to.equal('invalid');
    expect(query.kind === 'invalid' && query.details.map((d) => d.loc.join('.'))).to.include.members(['query.steps', 'query.colour']);
    const body = await submitModuleJob({ store, modules }, contextWithId(jobId), { moduleId: 'with_body', query: {}, body: { question: 'x' } });
    expect(body.kind === 'invalid' && body.details.map((d) => d.loc.join('.'))).to.deep.equal(['body.question']);
    expect(await store.readStream(jobStreamId(jobId))).to.deep.equal([]);
  });

  it('validates a missing body of a module that takes one as an empty object', async function () {
    const result = await submitModuleJob({ store, modules }, contextWithId(randomUUID()), { moduleId: 'with_body', query: {} });
    expect(result.kind === 'invalid' && result.details.map((d) => d.loc.join('.'))).to.deep.equal(['body.question']);
  });

  it('answers own_submission for the Workspace module, with or without a researcher, and queues nothing: only its own use case requests its run', async function () {
    const workspace = researchPipelineModule({
      settings: loadSettings({ DEBUG: 'true' }), clock: fixedClock(at), db, store, diseases: DiseaseRegistry.load(),
    });
    const registry = new ModuleRegistry([...testModules, workspace]);
    const body = { question: 'Which drugs are most promising for lupus nephritis?' };
    for (const researcherId of [undefined, 'alice']) {
      const jobId = randomUUID();
      const result = await submitModuleJob({ store, modules: registry }, contextWithId(jobId), { moduleId: 'workspace', query: {}, body, ...(researcherId ? { researcherId } : {}) });
      expect(result).to.deep.equal({ kind: 'own_submission', moduleId: 'workspace' });
      expect(await store.readStream(jobStreamId(jobId))).to.deep.equal([]);
    }
  });

  it('refuses with 422 details, and queues nothing, a disease id the registry does not know (POST /api/jobs/gwas?disease_id=constructor was queued, 202, to fail in the job)', async function () {
    const diseases = DiseaseRegistry.load();
    const analysisModule = (id: string) => analysisJobModule(ANALYSIS_MODULES.find((m) => m.id === id)!, { diseases } as unknown as AnalysisDeps);
    const registry = new ModuleRegistry([analysisModule('gwas-loci'), analysisModule('drug-safety'), analysisModule('cross-disease')]);
    for (const [moduleId, parameter] of [['gwas', 'disease_id'], ['safety', 'disease']] as const) {
      const jobId = randomUUID();
      const result = await submitModuleJob({ store, modules: registry }, contextWithId(jobId), { moduleId, query: { [parameter]: 'constructor' } });
      expect(result).to.deep.equal({ kind: 'invalid', details: [{ loc: ['query', parameter], msg: "unknown disease module 'constructor'", type: 'unknown_disease' }] });
      expect(await store.readStream(jobStreamId(jobId))).to.deep.equal([]);
    }
    // A known module id and a CURIE (resolved against the graph, in the job) are queued; so is the common
    // disease_id of a module whose route takes none (cross-disease compares the whole registry).
    for (const [moduleId, query] of [['gwas', { disease_id: 'sle' }], ['gwas', { disease_id: 'MONDO:0000000' }], ['cross-disease', { disease_id: 'constructor' }]] as const) {
      const result = await submitModuleJob({ store, modules: registry }, contextWithId(randomUUID()), { moduleId, query: { ...query } });
      expect(result.kind, `${moduleId} ${JSON.stringify(query)}`).to.equal('submitted');
    }
  });
});
