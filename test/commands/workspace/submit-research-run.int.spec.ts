import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { CommandContext, newCommandContext } from '../../../commands/shared/command-context';
import { submitResearchRun } from '../../../commands/workspace/submit-research-run';
import { jobStreamId } from '../../../domain/jobs/job';
import { runStreamId } from '../../../domain/workspace/run';
import { fixedClock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/db/database';
import { DiseaseRegistry, IncompleteDiseaseConfigurationError } from '../../../infra/diseases/disease-registry';
import { EventStore } from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { openTestPostgres } from '../../support/databases';

describe('Submitting a Workspace research run', function () {
  let db: Database;
  let store: EventStore;
  const diseases = DiseaseRegistry.load();
  const at = new Date('2026-05-04T09:30:00.000Z');
  const question = 'Which drugs are most promising for lupus nephritis?';

  function contextWithId(runId: string): CommandContext {
    // newId also names the events: only its first answer is fixed.
    const ids = [runId];
    return { ...newCommandContext(fixedClock(at), { kind: 'researcher', id: 'alice' }), newId: () => ids.shift() ?? randomUUID() };
  }

  async function nothingAppended(runId: string) {
    expect(await store.readStream(runStreamId(runId))).to.deep.equal([]);
    expect(await store.readStream(jobStreamId(runId))).to.deep.equal([]);
  }

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex);
  });
  after(async function () {
    await db.close();
  });

  it('requests the run, then queues the workspace job under the same id with the normalized request', async function () {
    const runId = randomUUID();
    const result = await submitResearchRun({ store, diseases }, contextWithId(runId), { body: { question: `  ${question} `, sources: 'PubMed, gwas' }, researcherId: 'alice' });
    expect(result.kind).to.equal('submitted');
    if (result.kind !== 'submitted') return;
    expect(result).to.include({ runId, module: 'workspace' });
    expect(result.request).to.include({ disease_id: 'sle', question });
    expect(result.request.sources).to.deep.equal(['pubmed', 'gwas']);
    const [requested] = await store.readStream(runStreamId(runId));
    expect(requested!.type).to.equal('RunRequested');
    expect(requested!.data).to.deep.equal({ runId, researcherId: 'alice', request: result.request, at: at.toISOString() });
    const [submitted] = await store.readStream(jobStreamId(runId));
    expect(submitted!.data).to.deep.equal({ jobId: runId, module: 'workspace', params: {}, body: result.request, researcherId: 'alice', at: at.toISOString() });
  });

  it('answers invalid with every problem of the body, and appends nothing', async function () {
    const runId = randomUUID();
    const result = await submitResearchRun({ store, diseases }, contextWithId(runId), { body: { question: 'x', max_evidence: 0 }, researcherId: 'alice' });
    expect(result.kind).to.equal('invalid');
    expect(result.kind === 'invalid' && result.details.map((d) => d.loc.join('.'))).to.include.members(['body.question', 'body.max_evidence']);
    await nothingAppended(runId);
  });

  it('answers invalid for a disease that is not a discovered module, and appends nothing', async function () {
    const runId = randomUUID();
    const result = await submitResearchRun({ store, diseases }, contextWithId(runId), { body: { question, disease_id: 'no_such_disease' }, researcherId: 'alice' });
    expect(result.kind === 'invalid' && result.details).to.deep.equal([{
      loc: ['body', 'disease_id'], msg: 'unknown disease: no_such_disease is not a discovered disease module', type: 'unknown_disease',
    }]);
    await nothingAppended(runId);
  });

  it('answers invalid naming "incomplete disease configuration" for a module without its required configuration', async function () {
    const runId = randomUUID();
    const incomplete = { require: (id: string): never => { throw new IncompleteDiseaseConfigurationError(id, ['efo_id is missing']); } };
    const result = await submitResearchRun({ store, diseases: incomplete }, contextWithId(runId), { body: { question }, researcherId: 'alice' });
    expect(result.kind === 'invalid' && result.details).to.deep.equal([{
      loc: ['body', 'disease_id'], msg: 'incomplete disease configuration: sle: efo_id is missing', type: 'incomplete_disease_configuration',
    }]);
    await nothingAppended(runId);
  });
});
