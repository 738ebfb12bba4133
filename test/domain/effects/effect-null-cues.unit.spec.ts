// The seventh round's no-difference cues (issue 27): sentences quoted from Evidence Inference's TRAIN split
// (never the validation split) that the rules read as a significant change although they state none, each
// with its expected reading worked out by hand. Rule-level, so the learned weights cannot hide a regression.
import { expect } from 'chai';
import { BETWEEN_GROUPS_NULL, deniedSignificance } from '../../../domain/effects/direction-cues';
import { markMentions, tokenize } from '../../../domain/effects/mentions';
import { readByRules } from '../../../domain/effects/rule-reader';

const rules = (evidence: string, intervention: string, comparator: string, outcome: string) =>
  readByRules(evidence, markMentions(tokenize(evidence), { intervention, comparator, outcome }));

describe('effect reader: denied significance (seventh round)', () => {
  it('reads "did not result in statistically significant improvements" as not significant (was: significant, read as decreased)', function () {
    const r = rules('Table II shows that compared with usual care the comprehensive programme did not result in statistically significant improvements in the diabetes outcome measures (HbA1c, blood pressure, cholesterol, BMI).',
      'a comprehensive programme', 'usual care', 'diabetes outcome measures (HbA1c, blood pressure, cholesterol, BMI).');
    expect(r.significance).to.equal('not_significant');
    expect(r.label).to.equal('no_difference');
    expect(r.deciding).to.include('not result in statistically');
  });

  it('reads "did not have significantly more", "none statistically differed", "didn\'t show any significant difference"', function () {
    expect(deniedSignificance('Participants receiving full dose vaccine regimens did not have significantly more local or systemic reactogenicity than those in the 1/10 dose arm.')).to.equal('not have significantly');
    expect(deniedSignificance('All other clinical endpoints also favored the BTH1677 arm but none statistically differed between arms')).to.equal('none statistically');
    expect(deniedSignificance('The aceclofenac CR and aceclofenac IR were equally effective in patients with chronic knee OA and the clinical trial results didn\'t show any significant difference in safety.')).to.equal('n\'t show any significant');
  });

  it('is no denial when one significance word stands undenied, or the negation is about the patients', function () {
    // "… no significant differences were observed with A relative to B, but B was significantly superior …"
    expect(deniedSignificance('no significant differences were observed with rilonacept plus indomethacin relative to indomethacin monotherapy, but indomethacin monotherapy was significantly superior to rilonacept monotherapy at all time points (P < 0.05).')).to.equal(null);
    // "not receiving … had significantly": "receiving" is no verb of a denial.
    expect(deniedSignificance('Patients not receiving the drug had significantly higher pain scores.')).to.equal(null);
    expect(deniedSignificance('Pain was lower with the drug.')).to.equal(null);
  });
});

describe('effect reader: between-groups null wording (seventh round)', () => {
  it('reads "comparison with control was not statistically significant" and "no between-group differences" as a null between the arms', function () {
    expect(BETWEEN_GROUPS_NULL.exec('hdl cholesterol levels increased significantly in the mangosteen group, suggesting an antiatherogenic effect (p = 0.024). however, comparison with control was not statistically significant.')).to.not.equal(null);
    expect(BETWEEN_GROUPS_NULL.exec('however, comparison with the control group failed to show any significant group-wise difference (figure 3a).')).to.not.equal(null);
    expect(BETWEEN_GROUPS_NULL.exec('there were no between-group differences for changes in habitual physical activity or constipation over 6-months.')).to.not.equal(null);
    expect(BETWEEN_GROUPS_NULL.exec('there was no significant intergroup difference in the mean anatomical and mechanical femorotibial angles (p>0.05).')).to.not.equal(null);
    // A between-group difference that was significant is no null.
    expect(BETWEEN_GROUPS_NULL.exec('the between-group difference was significant (p = 0.0031).')).to.equal(null);
  });
});

describe('effect reader: p = 0.05 called significant (seventh round)', () => {
  it('reads "significantly higher (39.1 ± 4.5 vs. 27.7 ± 6.2%, P = 0.05)" as significant, up (was: all p ≥ 0.05, no difference)', function () {
    const r = rules('A significantly higher percentage of time was spent between 4.4 and 6.6 mmol/l during closed-loop versus control phases (39.1 ± 4.5 vs. 27.7 ± 6.2%, P = 0.05),',
      'closed-loop', 'control', 'percentage of time between 4.4 and 6.6 mmol/l');
    expect(r.statistics.pValues.map((p) => [p.value, p.significant])).to.deep.equal([[0.05, true]]);
    expect(r.significance).to.equal('significant');
    expect(r.label).to.equal('increased');
  });

  it('keeps p = 0.05 not significant when the sentence does not call it significant', function () {
    const r = rules('Pain was 3.1 with the drug and 3.9 with placebo (P = 0.05).', 'the drug', 'placebo', 'pain');
    expect(r.statistics.pValues[0]!.significant).to.equal(false);
    expect(r.significance).to.equal('not_significant');
  });
});
