// FAERS disproportionality signals of one drug from openFDA report counts (the drug-safety adapter's output
// shape), by hand; and what absent FAERS data gives: absence, never a signal, never reassurance.
import fs from 'node:fs';
import { expect } from 'chai';
import { faersSignalsFor, type FaersInput } from '../../../domain/pharmacovigilance/faers-signals';
import { countResults } from '../../../commands/analysis/drug-safety/openfda-faers';
import { requireSharedData, shared } from '../../biomed/support/biomed-env';

// 1,000,000 reports in all, 10,000 naming DRUGX.
const counts = (events: { term: string; count: number }[], eventTotals: [string, number][]): FaersInput => ({
  kind: 'ok', retrieval_mode: 'live',
  counts: { total: 1_000_000, eventTotals: new Map(eventTotals), drugs: new Map([['DRUGX', { reports: 10_000, events }]]) },
});

describe('FAERS signals (PRR with Evans 2001 criteria)', function () {
  it('keeps the events meeting PRR ≥ 2, χ² ≥ 4 and ≥ 3 reports, strongest PRR first, with the hand-computed PRR and CI', function () {
    const faers = counts(
      [{ term: 'STEVENS-JOHNSON SYNDROME', count: 40 }, { term: 'NAUSEA', count: 300 }, { term: 'RARE EVENT', count: 2 }, { term: 'HEPATITIS', count: 30 }, { term: 'UNCOUNTED', count: 9 }],
      [['STEVENS-JOHNSON SYNDROME', 2_000], ['NAUSEA', 50_000], ['RARE EVENT', 10], ['HEPATITIS', 600]],
    );
    const s = faersSignalsFor(faers, 'DRUGX');
    expect(s.status).to.equal('signals');
    // SJS: a 40, b 9,960, c 1,960, d 988,040. PRR = (40/10,000)/(1,960/990,000) = 2.020408; SE = √(1/40 − 1/10,000 +
    // 1/1,960 − 1/990,000) = 0.159402 → 95% CI 1.4783 to 2.7614; Yates χ² = 10⁶·(|40·988,040 − 9,960·1,960| − 500,000)² /
    // (10,000·990,000·2,000·998,000) = 19.24.
    // HEPATITIS: a 30, c 570 → PRR (30/10,000)/(570/990,000) = 5.210526 (3.6113 to 7.5179), χ² 93.03.
    // NAUSEA: PRR 0.5976 < 2 (χ² 84.64): no signal. RARE EVENT: PRR 24.75, χ² 19.80, but 2 reports < 3: no signal.
    // UNCOUNTED: its total is not known (outside openFDA's 1,000 most reported events): not tested, not a signal.
    expect(s.signals.map((x) => x.term)).to.deep.equal(['HEPATITIS', 'STEVENS-JOHNSON SYNDROME']);
    const sjs = s.signals[1]!;
    expect(sjs.prr.value).to.be.closeTo(2.020408, 1e-6);
    expect(sjs.prr.ci_lower).to.be.closeTo(1.4783, 1e-4);
    expect(sjs.prr.ci_upper).to.be.closeTo(2.7614, 1e-4);
    expect(sjs.chi_square_yates).to.be.closeTo(19.243, 1e-3);
    expect(s.signals[0]!.prr.value).to.be.closeTo(5.210526, 1e-6);
    expect(s.status === 'signals' && s.events_tested).to.equal(4);
  });

  it('no event meeting the criteria is "no_signal_met", not a clean bill', function () {
    const s = faersSignalsFor(counts([{ term: 'NAUSEA', count: 300 }], [['NAUSEA', 50_000]]), 'DRUGX');
    expect(s.status).to.equal('no_signal_met');
    expect(s.signals).to.deep.equal([]);
  });

  it('absent FAERS data (offline, provider failure, drug not asked or not found) is not_available: no signal', function () {
    expect(faersSignalsFor({ kind: 'not_available', reason: 'offline mode' }, 'DRUGX')).to.deep.include({ status: 'not_available', reason: 'offline mode' });
    expect(faersSignalsFor(counts([], []), 'OTHERDRUG')).to.deep.include({ status: 'not_available', reason: 'FAERS counts were not retrieved for OTHERDRUG' });
    const none: FaersInput = { kind: 'ok', retrieval_mode: 'live', counts: { total: 1_000_000, eventTotals: new Map(), drugs: new Map([['DRUGX', { reports: 0, events: [] }]]) } };
    expect(faersSignalsFor(none, 'DRUGX')).to.deep.include({ status: 'not_available', reason: 'no FAERS reports found under the generic name DRUGX' });
  });

  it('on openFDA\'s real count answer for pembrolizumab, an event whose database total is unknown is not tested and not a signal', function () {
    requireSharedData(this, 'responses/openfda/faers_count_pembrolizumab_reaction_20260811.json');
    // The recording holds one count: MALIGNANT NEOPLASM PROGRESSION, 12,016 reports naming pembrolizumab; the total
    // reports for that event in all of FAERS was not recorded, so no 2×2 table can be formed.
    const events = countResults(JSON.parse(fs.readFileSync(shared('responses/openfda/faers_count_pembrolizumab_reaction_20260811.json'), 'utf8')));
    const faers: FaersInput = { kind: 'ok', retrieval_mode: 'cache', counts: { total: 20_000_000, eventTotals: new Map(), drugs: new Map([['PEMBROLIZUMAB', { reports: 40_000, events }]]) } };
    const s = faersSignalsFor(faers, 'PEMBROLIZUMAB');
    expect(events).to.deep.equal([{ term: 'MALIGNANT NEOPLASM PROGRESSION', count: 12016 }]);
    expect(s).to.deep.include({ status: 'no_signal_met', events_tested: 0, signals: [] });
  });
});
