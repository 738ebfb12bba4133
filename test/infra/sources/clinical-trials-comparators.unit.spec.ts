// Regression: a placebo arm typed DRUG made "Placebo" a ranked drug candidate.
import { expect } from 'chai';
import { clinicalTrialsAdapter, isComparator } from '../../../infra/sources/adapters/clinical_trials';

describe('ClinicalTrials.gov interventions', function () {
  it('never turns a control arm into a drug', function () {
    const body = JSON.stringify({
      studies: [{
        protocolSection: {
          identificationModule: { nctId: 'NCT90000001', briefTitle: 'Drug X versus placebo' },
          statusModule: { overallStatus: 'COMPLETED', startDateStruct: { date: '2020-01' } },
          armsInterventionsModule: { interventions: [
            { type: 'DRUG', name: 'Drug X' }, { type: 'DRUG', name: 'Matching Placebo' }, { type: 'BIOLOGICAL', name: 'Standard of care' },
          ] },
        },
      }],
    });
    const [record] = clinicalTrialsAdapter.parseCorpus(body, { disease: {} as never, question: '', terms: [], dateFrom: null, dateTo: null, limit: 10 });
    expect(record!.structured.drugs).to.deep.equal(['Drug X']);
    expect(['placebo', 'Vehicle cream', 'usual care'].every(isComparator)).to.equal(true);
    expect(isComparator('placebotide')).to.equal(false);
  });
});
