// The question decides the answer's shape (issue 28 §2), on the offline dossiers a user gets: a question
// excluding a drug class ranks that class apart ("patients who failed TNF inhibitors" lifted adalimumab to #2);
// a repurposing question lists the drugs already indicated apart; a safety question gets a safety ranking with
// its own wording; a question naming a drug gets that drug's profile first. Every dossier validates.
import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import type { Dossier } from '../../../domain/workspace/dossier-types';
import { dossierJsonSchema } from '../../../domain/workspace/dossier-schema';
import { offlineDossier } from './offline-dossier';

describe('The question decides the answer\'s shape (offline dossiers)', function () {
  this.timeout(60_000);
  const dossiers: Record<string, Dossier> = {};
  before(async function () {
    dossiers.failedTnf = await offlineDossier('ra', 'Which drugs work for rheumatoid arthritis patients who failed TNF inhibitors?');
    dossiers.plainRa = await offlineDossier('ra', 'Which drugs work for rheumatoid arthritis?');
    dossiers.repurposing = await offlineDossier('sle', 'Which approved drugs could be repurposed for lupus?');
    dossiers.safety = await offlineDossier('sle', 'What are the safety risks of drugs for lupus?');
    dossiers.belimumab = await offlineDossier('sle', 'What is the evidence for belimumab in SLE?');
  });

  it('ranks TNF inhibitors apart when the question is about patients who failed them (adalimumab was lifted to a top rank)', function () {
    const plain = dossiers.plainRa!.drug_rankings.map((r) => r.label.toLowerCase());
    expect(plain).to.include('adalimumab');
    const d = dossiers.failedTnf!;
    expect(d.question_analysis!.exclusions).to.deep.equal([{ matched: 'who failed TNF inhibitors', phrase: 'TNF inhibitors', concept: 'tnf_inhibition', target_ids: ['target:TNF'], drug_ids: [] }]);
    const ranked = d.drug_rankings.map((r) => r.label.toLowerCase());
    expect(ranked).to.not.include('adalimumab');
    expect(ranked).to.not.include('etanercept');
    const apart = d.answer!.set_apart.filter((s) => s.reason === 'excluded_by_question').map((s) => s.label.toLowerCase());
    expect(apart).to.include.members(['adalimumab', 'etanercept']);
    expect(d.answer!.statement).to.contain('"TNF inhibitors"');
    // The excluded class is not searched for as if it were wanted.
    expect(d.question_analysis!.boost_terms).to.not.include('TNF inhibitor');
    expect(d.drug_rankings.map((r) => r.rank)[0]).to.equal(1);
  });

  it('lists drugs already indicated apart for a repurposing question and ranks new candidates only', function () {
    const d = dossiers.repurposing!;
    expect(d.answer!.shape).to.equal('repurposing');
    const indicated = d.answer!.set_apart.filter((s) => s.reason === 'already_indicated');
    expect(indicated.map((s) => s.label.toLowerCase())).to.include('belimumab');
    // No ranked drug rests on a label that names the disease.
    const byId = new Map(d.evidence.map((e) => [e.evidence_id, e]));
    for (const r of d.drug_rankings) {
      const onLabel = d.claims.some((c) => c.subject.id === r.candidate_id && c.relationship === 'supports' && c.evidence_ids.some((id) => byId.get(id)!.scoring_inputs?.indication_match === true));
      expect(onLabel, r.label).to.equal(false);
    }
  });

  it('answers a safety question with a safety ranking in its own words, harm first, never "safe"', function () {
    const d = dossiers.safety!;
    expect(d.answer!.shape).to.equal('safety_ranking');
    const rows = d.answer!.safety_ranking!;
    expect(rows.length).to.equal(d.drug_rankings.length);
    expect(rows[0]!.concern_band).to.not.equal('none_found');
    expect(rows[0]!.concern).to.be.greaterThan(0);
    expect(rows[0]!.citations.length).to.be.greaterThan(0);
    for (const r of rows) {
      expect(r.statement).to.not.match(/\bis safe\b/i);
      if (r.concern_band === 'none_found') expect(r.statement).to.contain('absence of evidence, not evidence of safety');
    }
  });

  it('puts the named drug\'s profile first: efficacy, safety, mechanism, trials by phase', function () {
    const d = dossiers.belimumab!;
    expect(d.answer!.shape).to.equal('drug_profile');
    const p = d.answer!.profile!;
    expect(p.label.toLowerCase()).to.equal('belimumab');
    expect(p.mechanism.targets).to.include('TNFSF13B');
    expect(Object.values(p.trials_by_phase).reduce((a, b) => a + b, 0)).to.be.greaterThan(0);
    expect(p.efficacy.confidence_band).to.not.equal('high');
    expect(Object.keys(d).indexOf('answer')).to.be.lessThan(Object.keys(d).indexOf('drug_rankings'));
  });

  it('writes dossiers that validate against the schema', function () {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(dossierJsonSchema);
    for (const [name, d] of Object.entries(dossiers)) expect(validate(d), `${name}: ${JSON.stringify(validate.errors ?? null)}`).to.equal(true);
  });
});
