// A safety question's dossier asks FAERS about the drugs of its safety ranking and reads their
// disproportionality (issue 28 §2); other questions never ask; offline, FAERS is absent and says so.
import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { FaersInput } from '../../../domain/pharmacovigilance/faers-signals';
import type { Dossier, ResearchRequest } from '../../../domain/workspace/dossier-types';
import { dossierJsonSchema } from '../../../domain/workspace/dossier-schema';
import { SOURCE_NAMES } from '../../../domain/workspace/sources';
import { fixedClock } from '../../../infra/clock/clock';
import { loadDefaultGraph } from '../../support/curated-graph/load-graph';
import { ALL_ADAPTERS } from '../../../infra/sources/adapters';
import { mirrorAt } from '../../../infra/literature/mirror';
import type { RunSourceOptions } from '../../../infra/sources/source-runner';
import { FAERS_MAX_DRUGS, runResearchPipeline } from '../../../commands/workspace/research-pipeline';
import { faersForPipeline } from '../../../commands/workspace/research-pipeline-deps';
import { diseaseModule } from './offline-dossier';

async function dossier(question: string, faers: (d: DiseaseModule, names: readonly string[]) => Promise<FaersInput>, diseaseId = 'sle', sourceOptions: () => RunSourceOptions = () => ({ mode: 'offline' })): Promise<Dossier> {
  const request: ResearchRequest = { disease_id: diseaseId, question, sources: [...SOURCE_NAMES], date_from: null, date_to: null, candidate_type: 'drugs', max_evidence: 200, enable_llm: false };
  const at = new Date('2026-11-27T12:00:00Z');
  const out = await runResearchPipeline(
    { runId: 'run_faers', request, disease: diseaseModule(diseaseId), graph: loadDefaultGraph(), startedAt: at },
    { adapters: ALL_ADAPTERS, sourceOptions, llm: { baseUrl: undefined, apiKey: undefined, model: 'none', timeoutMs: 1000 }, clock: fixedClock(at), faers },
  );
  return out.dossier;
}

describe('FAERS in a safety question\'s dossier', function () {
  this.timeout(60_000);

  it('asks FAERS about the safety ranking\'s drugs only for a safety question, and shows the signal as a term', async function () {
    const asked: string[][] = [];
    const fake = async (_d: DiseaseModule, names: readonly string[]): Promise<FaersInput> => {
      asked.push([...names]);
      // The last drug asked gets one event meeting Evans' criteria: 30 of its 10,000 reports, 600 in all of 1,000,000.
      const last = names[names.length - 1]!;
      return { kind: 'ok', retrieval_mode: 'live', counts: { total: 1_000_000, eventTotals: new Map([['HEPATITIS', 600]]), drugs: new Map([[last, { reports: 10_000, events: [{ term: 'HEPATITIS', count: 30 }] }]]) } };
    };
    const efficacy = await dossier('Which drugs work best for lupus?', fake);
    expect(asked).to.deep.equal([]);
    expect(efficacy.answer!.shape).to.not.equal('safety_ranking');

    const d = await dossier('What are the safety risks of drugs for lupus?', fake);
    expect(asked.length).to.equal(1);
    const rows = d.answer!.safety_ranking!;
    expect(asked[0]!.length).to.equal(Math.min(FAERS_MAX_DRUGS, rows.length));
    const flagged = rows.find((r) => r.label === asked[0]![asked[0]!.length - 1])!;
    const term = flagged.terms!.find((t) => t.term === 'faers_signal')!;
    expect(term.what).to.contain('HEPATITIS').and.to.contain('PRR 5.21').and.to.contain('not incidence');
    expect(flagged.faers!.status).to.equal('signals');
    expect(flagged.concern).to.be.greaterThan(0);
    // The others were asked but FAERS had no reports under their names: absence, worded so.
    for (const r of rows.filter((x) => x !== flagged && asked[0]!.includes(x.label))) expect(r.faers!.statement).to.contain('never a signal and never reassurance');
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(dossierJsonSchema);
    expect(validate(d), JSON.stringify(validate.errors ?? null)).to.equal(true);
  });

  it('offline, the pipeline\'s FAERS answer is "not available" without asking openFDA: never made up', async function () {
    const faers = faersForPipeline(() => ({ mode: 'offline' }));
    const absent = await faers(diseaseModule('sle'), ['HYDROXYCHLOROQUINE']);
    expect(absent.kind).to.equal('not_available');
    expect((absent as { reason: string }).reason).to.contain('offline mode').and.to.contain('no faers snapshot is active');
    const d = await dossier('What are the safety risks of drugs for lupus?', faers);
    for (const r of d.answer!.safety_ranking!.slice(0, FAERS_MAX_DRUGS)) {
      expect(r.faers!.status).to.equal('not_available');
      expect(r.terms!.some((t) => t.term === 'faers_signal')).to.equal(false);
    }
  });

  it('on the bundled real mirror, the axial spondyloarthritis safety dossier lists NCT02552212\'s SAEs by arm (8/159 vs 4/158), not counted', async function () {
    const mirror = mirrorAt()!;
    const offline = () => ({ mode: 'offline' as const, mirror });
    const d = await dossier('What are the safety risks of drugs for ankylosing spondylitis?', faersForPipeline(offline), 'as', offline);
    const trial = d.evidence.find((e) => e.native_id === 'NCT02552212')!;
    expect(trial.provenance).to.deep.include({ mode: 'mirror', synthetic: false });
    expect(trial.serious_adverse_events).to.deep.include({ drug: { affected: 8, at_risk: 159 }, comparator: { affected: 4, at_risk: 158 }, verdict: 'no_excess_shown' });
    const row = d.answer!.safety_ranking!.find((r) => r.terms!.some((t) => t.record === trial.evidence_id))!;
    expect(row.terms!.find((t) => t.record === trial.evidence_id)).to.include({ term: 'sae_by_arm', counted: false });
    expect(row.concern_band).to.equal('none_found');
    expect(row.statement).to.contain('absence of evidence, not evidence of safety');
  });
});
