// ClinicalTrials.gov API v2 against a local server answering /api/v2/studies in the v2 JSON shape.
import { expect } from 'chai';
import { classifyTrialOutcome } from '../../../domain/workspace/trial-outcome';
import { clinicalTrialsAdapter } from '../../../infra/sources/adapters/clinical_trials';
import { runSource } from '../../../infra/sources/source-runner';
import { request, sourceAdapterContract, testDisease } from './source-adapter.contract';
import { json, type RecordedRequest, type Reply, replayEachTest } from './replay-server';

const BASE = '/api/v2/';
const QUESTION = 'Does anifrolumab improve outcomes in lupus?';

/** Studies as API v2 returns them (protocolSection modules; optional fields omitted in some). */
const STUDIES = {
  studies: [
    {
      protocolSection: {
        identificationModule: { nctId: 'NCT02446912', orgStudyIdInfo: { id: 'D3461C00004' }, briefTitle: 'Efficacy and Safety of Two Doses of Anifrolumab Compared to Placebo in Adult Subjects With Active Systemic Lupus Erythematosus', officialTitle: 'A Multicenter, Randomized, Double-blind, Placebo-controlled, Phase 3 Study' },
        statusModule: { statusVerifiedDate: '2021-02', overallStatus: 'COMPLETED', startDateStruct: { date: '2015-07-07', type: 'ACTUAL' }, completionDateStruct: { date: '2018-09-27', type: 'ACTUAL' } },
        descriptionModule: { briefSummary: 'The purpose of this study is to evaluate the efficacy and safety of anifrolumab in adults with active SLE.' },
        conditionsModule: { conditions: ['Systemic Lupus Erythematosus'] },
        designModule: { studyType: 'INTERVENTIONAL', phases: ['PHASE3'], enrollmentInfo: { count: 460, type: 'ACTUAL' } },
        armsInterventionsModule: {
          armGroups: [
            { label: 'Anifrolumab 300 mg', type: 'EXPERIMENTAL', interventionNames: ['Biological: Anifrolumab'] },
            { label: 'Placebo', type: 'PLACEBO_COMPARATOR', interventionNames: ['Other: Placebo'] },
          ],
          interventions: [
            { type: 'BIOLOGICAL', name: 'Anifrolumab', armGroupLabels: ['Anifrolumab 300 mg'] },
            { type: 'OTHER', name: 'Placebo' },
          ],
        },
      },
      // resultsSection as API v2 returns it (outcomeMeasuresModule; since schema 1.6 a secondary outcome's analyses are read too).
      resultsSection: {
        outcomeMeasuresModule: {
          outcomeMeasures: [
            {
              type: 'PRIMARY', title: 'Percentage of Participants With BICLA Response at Week 52', paramType: 'COUNT_OF_PARTICIPANTS',
              groups: [{ id: 'OG000', title: 'Placebo' }, { id: 'OG001', title: 'Anifrolumab 300 mg' }],
              analyses: [{ groupIds: ['OG000', 'OG001'], nonInferiorityType: 'SUPERIORITY', pValue: '0.001', statisticalMethod: 'Cochran-Mantel-Haenszel', paramType: 'Difference in response rates', paramValue: '16.3', ciPctValue: '95', ciNumSides: 'TWO_SIDED', ciLowerLimit: '6.3', ciUpperLimit: '26.3' }],
            },
            { type: 'SECONDARY', title: 'Flare rate', analyses: [{ pValue: '0.08' }] },
          ],
        },
      },
      hasResults: true,
    },
    {
      protocolSection: {
        identificationModule: { nctId: 'NCT01438489', briefTitle: 'A Study of an Oral JAK Inhibitor in Lupus Nephritis' },
        statusModule: { overallStatus: 'TERMINATED', whyStopped: 'Futility at interim analysis', startDateStruct: { date: '2011-09' } },
        designModule: { phases: ['PHASE1', 'PHASE2'] },
        armsInterventionsModule: { interventions: [{ type: 'DRUG', name: 'Baricitinib' }, { type: 'DRUG', name: 'Baricitinib' }] },
      },
      hasResults: false,
    },
    {
      protocolSection: {
        identificationModule: { nctId: 'NCT00000001', briefTitle: 'An Observational Registry of SLE' },
        statusModule: { overallStatus: 'WITHDRAWN', whyStopped: 'Sponsor decision, not related to safety or efficacy' },
      },
    },
    {
      protocolSection: {
        identificationModule: { nctId: 'NCT00000002', briefTitle: 'Drug X Versus Azathioprine, Both With Background Mycophenolate' },
        statusModule: { overallStatus: 'RECRUITING' },
        armsInterventionsModule: {
          armGroups: [
            { label: 'X + MMF', type: 'EXPERIMENTAL', interventionNames: ['Drug: Drug X', 'Drug: Mycophenolate Mofetil'] },
            { label: 'Azathioprine + MMF', type: 'ACTIVE_COMPARATOR', interventionNames: ['Drug: Azathioprine', 'Drug: Mycophenolate Mofetil'] },
          ],
          interventions: [
            { type: 'DRUG', name: 'Drug X', armGroupLabels: ['X + MMF'] },
            { type: 'DRUG', name: 'Azathioprine', armGroupLabels: ['Azathioprine + MMF'] },
            { type: 'DRUG', name: 'Mycophenolate Mofetil', armGroupLabels: ['X + MMF', 'Azathioprine + MMF'] },
          ],
        },
      },
    },
    { protocolSection: { identificationModule: {} } }, // no nctId: not a citable record
  ],
  nextPageToken: 'NF0g5JGBlPM',
};

const respond = (r: RecordedRequest): Reply => (r.path === `${BASE}studies` ? json(STUDIES) : json({ message: 'not found' }, 404));

sourceAdapterContract('clinical_trials', () => ({
  adapter: clinicalTrialsAdapter,
  disease: testDisease(),
  question: QUESTION,
  basePath: BASE,
  respond,
  requestsPerRun: 1,
  expectedIds: ['NCT02446912', 'NCT01438489', 'NCT00000001', 'NCT00000002'],
  corpus: JSON.stringify({ studies: STUDIES.studies.slice(0, 2) }),
  corpusIds: ['NCT02446912', 'NCT01438489'],
  malformed: json({ totalCount: 3, items: [] }),
}));

describe('clinical_trials adapter: API v2 requests and study parsing', function () {
  const replay = replayEachTest(() => respond, BASE);
  const opts = replay.options;

  it('asks /studies with query.cond (condition and configured terms), query.intr (the question\'s drug), @relevance and pageSize', async function () {
    await runSource(clinicalTrialsAdapter, request(testDisease(), QUESTION, { limit: 25 }), opts());
    const [r] = replay.server.requests;
    expect(r!.method).to.equal('GET');
    expect(r!.path).to.equal('/api/v2/studies');
    expect(r!.query.get('query.cond')).to.equal('"Systemic Lupus Erythematosus" OR "lupus nephritis"');
    // "improve outcomes" is intent, never a filter; anifrolumab (an INN -mab name) is the intervention.
    expect(r!.query.get('query.intr')).to.equal('anifrolumab');
    expect(r!.query.has('query.term')).to.equal(false);
    expect(r!.query.get('sort')).to.equal('@relevance');
    expect(r!.query.get('pageSize')).to.equal('25');
    expect(r!.query.get('format')).to.equal('json');
    expect(r!.query.has('filter.advanced')).to.equal(false);
  });

  it('sends the condition alone when the question names no entity (question words never become filters)', async function () {
    await runSource(clinicalTrialsAdapter, request(testDisease(), 'Which promising treatments improve outcomes in lupus?'), opts());
    const [r] = replay.server.requests;
    expect(r!.query.get('query.cond')).to.equal('"Systemic Lupus Erythematosus" OR "lupus nephritis"');
    expect(r!.query.has('query.term')).to.equal(false);
    expect(r!.query.has('query.intr')).to.equal(false);
  });

  it('parses status, phase, enrollment, interventions, start date and a stop for futility', async function () {
    const { records } = await runSource(clinicalTrialsAdapter, request(testDisease(), QUESTION), opts());
    const [completed, terminated, withdrawn] = records;
    expect(completed).to.deep.equal({
      source: 'clinical_trials',
      nativeId: 'NCT02446912',
      recordType: 'clinical_trial',
      title: 'Efficacy and Safety of Two Doses of Anifrolumab Compared to Placebo in Adult Subjects With Active Systemic Lupus Erythematosus',
      url: 'https://clinicaltrials.gov/study/NCT02446912',
      text: 'The purpose of this study is to evaluate the efficacy and safety of anifrolumab in adults with active SLE.',
      published: '2015-07-07',
      structured: { drugs: ['Anifrolumab'], targets: [], pathways: [] },
      attributes: {
        phase: 'PHASE3', status: 'COMPLETED', enrollment: 460, hasResults: true,
        primaryAnalyses: [{
          outcome: 'Percentage of Participants With BICLA Response at Week 52', pValue: '0.001', paramType: 'Difference in response rates', paramValue: 16.3,
          ciLower: 6.3, ciUpper: 26.3, ciPct: 95, statisticalMethod: 'Cochran-Mantel-Haenszel', nonInferiorityType: 'SUPERIORITY',
          groups: ['Placebo', 'Anifrolumab 300 mg'], // the outcome's groups OG000, OG001 by title
        }],
        secondaryAnalyses: [{ outcome: 'Flare rate', pValue: '0.08' }],
      },
    });
    expect(terminated).to.deep.include({ published: '2011-09-01', structured: { drugs: ['Baricitinib'], targets: [], pathways: [] } });
    // The adapter passes the stop reason on as the sponsor wrote it; the outcome reader decides what it means.
    expect(terminated!.attributes).to.deep.equal({ phase: 'PHASE2', status: 'TERMINATED', hasResults: false, whyStopped: 'Futility at interim analysis' });
    expect(classifyTrialOutcome(terminated!).class).to.equal('negative');
    expect(terminated!.text).to.equal('Why stopped: Futility at interim analysis');
    expect(withdrawn!.attributes).to.deep.equal({ status: 'WITHDRAWN', whyStopped: 'Sponsor decision, not related to safety or efficacy' }); // "not related to ... efficacy"
    expect(withdrawn!.published).to.equal(null);
  });

  it('names only the drugs a trial tests: comparator-only and background drugs (in every arm) are kept apart by arm type', async function () {
    const { records } = await runSource(clinicalTrialsAdapter, request(testDisease(), QUESTION), opts());
    const mixed = records.find((r) => r.nativeId === 'NCT00000002')!;
    expect(mixed.structured.drugs).to.deep.equal(['Drug X']);
    expect(mixed.attributes).to.deep.include({ comparatorDrugs: ['Azathioprine'], backgroundDrugs: ['Mycophenolate Mofetil'] });
  });

  it('a date filter goes to the API as an advanced StartDate range and is applied to the records', async function () {
    const { records } = await runSource(clinicalTrialsAdapter, request(testDisease(), QUESTION, { dateFrom: '2012-01-01', dateTo: '2020-12-31' }), opts());
    expect(replay.server.requests[0]!.query.get('filter.advanced')).to.equal('AREA[StartDate]RANGE[2012-01-01,2020-12-31]');
    // Undated records are kept; the 2011 trial is outside the range.
    expect(records.map((r) => r.nativeId)).to.deep.equal(['NCT02446912', 'NCT00000001', 'NCT00000002']);
  });

  it('an empty studies list is "no records matched"', async function () {
    replay.server.setHandler(() => json({ studies: [] }));
    const { status } = await runSource(clinicalTrialsAdapter, request(testDisease(), QUESTION), opts());
    expect(status).to.include({ status: 'warning', warning: 'no records matched', record_count: 0 });
  });

  it('a terminated trial is negative only when its stop reason names lack of efficacy', async function () {
    const { records } = await runSource(clinicalTrialsAdapter, request(testDisease(), QUESTION), opts());
    const terminated = records.find((r) => r.attributes.status === 'TERMINATED')!;
    const read = (whyStopped: string) => classifyTrialOutcome({ ...terminated, text: '', attributes: { ...terminated.attributes, whyStopped } }).class;
    expect(read('Lack of efficacy')).to.equal('negative');
    expect(read('The study did not meet its primary endpoint')).to.equal('negative');
    expect(read('Futility')).to.equal('negative');
    expect(read('Business decision unrelated to efficacy')).to.equal('unknown');
    expect(read('slow recruitment')).to.equal('unknown');
  });
});
