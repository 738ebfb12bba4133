// The safety ranking's terms (docs/scoring.md §5a): harm results, serious adverse events by arm, boxed warnings,
// store facts and FAERS signals, each shown with what it is, the concern recomputed by hand (H = π²/6), and
// absent data worded as absence, never as safety.
import { expect } from 'chai';
import { safetyRanking } from '../../../domain/workspace/safety-ranking';
import { compareSeriousAdverseEvents } from '../../../domain/trials/serious-adverse-events';
import type { FaersInput } from '../../../domain/pharmacovigilance/faers-signals';
import type { CandidateRanking, Claim, EvidenceItem } from '../../../domain/workspace/dossier-types';

const H = Math.PI ** 2 / 6;
const round2 = (x: number) => Math.round(x * 100) / 100;

function item(id: string, source: EvidenceItem['source'], nativeId: string, drug: string, recordScore: number, extra: Partial<EvidenceItem> = {}): EvidenceItem {
  return {
    evidence_id: id, source, native_id: nativeId, also_found_in: [], url: '', title: nativeId, snippet: '', published: null,
    evidence_type: source === 'fda_labels' ? 'drug_label' : 'clinical_trial', quality_tier: 'high', quality_score: recordScore, quality_rationale: 'test',
    query_context: [], retrieval_mode: 'live', retrieved_at: '2026-11-27T00:00:00Z', entities: { drugs: [drug], targets: [] },
    provenance: { mode: 'live', synthetic: false, retrieved_at: '2026-11-27T00:00:00Z' }, scoring_inputs: { record_score: recordScore }, ...extra,
  };
}
const row = (id: string, label: string): CandidateRanking => ({
  candidate_id: id, label, kind: 'drug', rank: 1, score: 10, confidence_band: 'low', component_scores: {}, explanation: '',
  supporting_claim_ids: [], contradicting_claim_ids: [], citation_ids: [], graph_explanation_ids: [],
});
const harmClaim = (drugId: string, evidenceId: string, citation: string): Claim => ({
  claim_id: `cl_${evidenceId}`, subject: { id: drugId, label: drugId, kind: 'drug' }, relationship: 'contradicts', object: { id: 'disease:x', label: 'X', kind: 'disease' },
  statement: 'harm', evidence_ids: [evidenceId], citations: [citation], origin: 'deterministic', qualifier: 'harm',
});

// Drug A: a phase 3 trial (record score 0.7) stopped for harm whose posted SAEs are in excess (20/200 vs 5/200),
// and a label with a boxed warning (0.9). Drug B: a trial whose SAEs show no excess (3/60 vs 2/60), nothing else.
const excess = compareSeriousAdverseEvents([{ arm: 'Drug A', seriousAffected: 20, seriousAtRisk: 200 }, { arm: 'Placebo', seriousAffected: 5, seriousAtRisk: 200 }])!;
const noExcess = compareSeriousAdverseEvents([{ arm: 'Drug B', seriousAffected: 3, seriousAtRisk: 60 }, { arm: 'Placebo', seriousAffected: 2, seriousAtRisk: 60 }])!;
const evidence = [
  item('ev_a_trial', 'clinical_trials', 'NCT00000001', 'drug:a', 0.7, { serious_adverse_events: excess }),
  item('ev_a_label', 'fda_labels', 'set-a', 'drug:a', 0.9, { outcome: { class: 'context', statement: null, boxed_warning: 'WARNING: SERIOUS INFECTIONS' } }),
  item('ev_b_trial', 'clinical_trials', 'NCT00000002', 'drug:b', 0.7, { serious_adverse_events: noExcess }),
];
const claims = [harmClaim('drug:a', 'ev_a_trial', 'NCT00000001')];
const drugs = [row('drug:b', 'DRUGB'), row('drug:a', 'DRUGA')];
// FAERS: 1,000,000 reports; DRUGA in 10,000 with two events meeting Evans' criteria (PRR 5.21 and 2.02, see
// faers-signals.unit.spec.ts); DRUGB not found.
const faers: FaersInput = {
  kind: 'ok', retrieval_mode: 'live',
  counts: {
    total: 1_000_000, eventTotals: new Map([['HEPATITIS', 600], ['STEVENS-JOHNSON SYNDROME', 2_000]]),
    drugs: new Map([['DRUGA', { reports: 10_000, events: [{ term: 'HEPATITIS', count: 30 }, { term: 'STEVENS-JOHNSON SYNDROME', count: 40 }] }], ['DRUGB', { reports: 0, events: [] }]]),
  },
};

describe('safety ranking: terms, concern and wording', function () {
  it('adds the SAE excess, boxed warning and FAERS signals, the trial once: concern 42.04 by hand', function () {
    const rows = safetyRanking(drugs, claims, evidence, faers);
    const a = rows[0]!;
    expect(a.label).to.equal('DRUGA');
    // clinical: the trial once (harm result and SAE excess, 0.7) and the label (0.9): (0.9 + 0.7/4)/H = 0.653520;
    // spontaneous_reports: two signals, (1 + 1/4)/H = 0.759909, × 0.2 = 0.151982;
    // concern = 100 × (0.653520 + 0.151982/4)/H = 42.04.
    expect(a.concern).to.equal(round2(100 * ((0.9 + 0.7 / 4) / H + ((1 + 1 / 4) / H) * 0.2 / 4) / H));
    expect(a.concern).to.equal(42.04);
    expect(a.concern_band).to.equal('signal');
    expect(a.terms!.map((t) => t.term)).to.have.members(['harm_result', 'sae_excess', 'boxed_warning', 'faers_signal', 'faers_signal']);
    const sae = a.terms!.find((t) => t.term === 'sae_excess')!;
    expect(sae).to.include({ counted: true, data_type: 'clinical', score: 0.7, record: 'ev_a_trial' });
    expect(sae.what).to.contain('20/200 (10.0%) on Drug A vs 5/200 (2.5%) on Placebo');
    const signal = a.terms!.find((t) => t.term === 'faers_signal' && t.what.includes('HEPATITIS'))!;
    expect(signal.what).to.contain('PRR 5.21 (95% CI 3.61–7.52)');
    expect(signal.what).to.contain('spontaneous');
    expect(signal.what).to.contain('not incidence');
    expect(a.faers!.status).to.equal('signals');
    expect(a.citations).to.include.members(['NCT00000001', 'set-a']);
  });

  it('without FAERS the same drug scores its clinical terms alone (39.73): the signals raised it, never lowered it', function () {
    const a = safetyRanking(drugs, claims, evidence).find((r) => r.label === 'DRUGA')!;
    // 100 × 0.653520 / H = 39.73
    expect(a.concern).to.equal(39.73);
    expect(a.faers).to.deep.equal({ status: 'not_requested', statement: 'FAERS was not consulted for this dossier: absence, not reassurance.' });
  });

  it('a trial showing no SAE excess is listed, not counted, and the drug is "none found", never "safe"', function () {
    for (const f of [faers, { kind: 'not_available', reason: 'offline mode: openFDA FAERS counts are live-only' } as FaersInput, undefined]) {
      const b = safetyRanking(drugs, claims, evidence, f).find((r) => r.label === 'DRUGB')!;
      expect(b.concern).to.equal(0);
      expect(b.concern_band).to.equal('none_found');
      expect(b.rank).to.equal(2);
      expect(b.terms).to.deep.equal([{ term: 'sae_by_arm', what: `NCT00000002: ${noExcess.statement}`, counted: false, data_type: null, score: null, record: 'ev_b_trial', citation: 'NCT00000002', synthetic: false }]);
      expect(b.statement).to.contain('absence of evidence, not evidence of safety');
      expect(b.statement).to.not.match(/\bsafe\b|\bwell tolerated\b|\bno safety concern/i);
      if (f !== undefined) expect(b.faers!.status).to.equal('not_available');
      if (f !== undefined) expect(b.statement).to.contain('never a signal and never reassurance');
    }
  });

  it('FAERS that cannot answer changes no concern: absence is never a signal', function () {
    const offline = safetyRanking(drugs, claims, evidence, { kind: 'not_available', reason: 'provider unreachable' });
    const without = safetyRanking(drugs, claims, evidence);
    expect(offline.map((r) => [r.label, r.concern, r.concern_band])).to.deep.equal(without.map((r) => [r.label, r.concern, r.concern_band]));
  });
});
