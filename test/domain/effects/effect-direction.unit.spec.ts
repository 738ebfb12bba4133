// Which way round a significant change is read (issue 27's weak part: on validation 57 of 186 significant items
// were read the wrong way round). Each expectation is worked out by hand from the sentence: the arm a comparison
// word introduces is the reference, per-arm numbers are compared intervention against comparator, and an
// abbreviation in long parentheses still names its arm.
import { expect } from 'chai';
import { readEffect } from '../../../domain/effects/default-reader';
import { markMentions, tokenize } from '../../../domain/effects/mentions';
import { improvementSignOf } from '../../../domain/effects/outcome-polarity';
import { readByRules, referenceArm } from '../../../domain/effects/rule-reader';

const rules = (evidence: string, q: { intervention?: string; comparator?: string; outcome?: string }) =>
  readByRules(evidence, markMentions(tokenize(evidence), q), improvementSignOf(q.outcome));

describe('effect reader: direction of a significant change', () => {
  it('reads the direction word nearest the outcome when the sentence has words both ways ("success lower and complications higher")', function () {
    // The outcome is mechanical complications: "higher … in the landmark group as compared with the ultrasound group"
    // is more complications with the comparator (landmark), so fewer with ultrasound: decreased. Before, the first
    // word after "significantly" ("lower", about the success rate) decided: increased.
    const evidence = 'The success rate was significantly lower and the rate of mechanical complications was significantly higher in the landmark group of patients as compared with the ultrasound group (p < 0.001).';
    const q = { intervention: 'ultrasound-guided cannulation of the internal jugular vein', comparator: 'the landmark technique', outcome: 'the rate of mechanical complications' };
    const r = rules(evidence, q);
    expect(r.deciding).to.include('higher');
    expect(r.label).to.equal('decreased');
  });

  it('tags an arm named by a capital letter before "group" ("the C group", "R group"), so which arm was longer is read', function () {
    // Cisatracurium (C group) longer than rocuronium (R group): rocuronium shorter, decreased. Before, "C group" and
    // "R group" were no arm: the sentence read increased.
    const q = { intervention: 'Rocuronium 0.9 mg/kg (R group)', comparator: 'cisatracurium 0.15 mg/kg (C group)', outcome: 'time to laryngoscopy' };
    const evidence = 'The time to laryngoscopy was significantly longer in the C group than in the R group (p < 0.05).';
    expect(tokenize(evidence)).to.include.members(['group_c', 'group_r']);
    expect(tokenize('A group of patients')).to.not.include('group_a');
    expect(rules(evidence, q).label).to.equal('decreased');
  });

  it('does not let the model overrule words saying no difference when no statistic says otherwise ("clinically insignificant")', function () {
    const r = readEffect({ evidence: 'Curcumin was associated with lowered hematocrit and increased glucose levels that were clinically insignificant.', intervention: 'curcumin', comparator: 'placebo', outcome: 'hematocrit and glucose levels' });
    expect(r.label).to.equal('no_difference');
  });

  it('reads "higher in the placebo group as compared with the drug A group" as decreased with drug A (the reference arm follows "compared with")', function () {
    // Placebo is named first, but "as compared with the drug A group" makes drug A the reference: placebo higher = drug A lower.
    const evidence = 'Mortality was significantly higher in the placebo group as compared with the drug A group (p < 0.001).';
    const q = { intervention: 'drug A', comparator: 'placebo', outcome: 'mortality' };
    expect(referenceArm(markMentions(tokenize(evidence), q), 'higher')).to.equal('intervention');
    expect(readEffect({ evidence, ...q }).label).to.equal('decreased');
  });

  it('reads "superior to placebo" as increased: "to" right after the word introduces the reference arm', function () {
    const r = readEffect({ evidence: 'Belimumab was superior to placebo.' });
    expect(r.label).to.equal('increased');
    expect(r.explanation.arms.subject).to.equal('intervention');
  });

  it('tags an arm named by an abbreviation inside long parentheses ("…; PRVC)"), so "lower using PRVC than with VC" is decreased', function () {
    // Before: the 39-character parenthesis was skipped, PRVC was untagged, VC (the comparator) was the subject: read increased.
    const q = { intervention: 'new mode of ventilation (pressure-regulated volume control; PRVC)', comparator: 'conventional volume control (VC) ventilation', outcome: 'peak inspiratory pressure (PIP)' };
    const evidence = 'In the crossover trial, peak inspiratory pressure was significantly lower using PRVC than with VC (20 cmH2O vs 24 cmH2O, P < 0.0001).';
    expect(readEffect({ evidence, ...q }).label).to.equal('decreased');
  });

  it('compares the number before each arm when no direction word is given: "24 weeks for CMF, 7 weeks for epirubicin" is increased', function () {
    const q = { intervention: 'Cyclophosphamide Methotrexate Flourouracil (CMF)', comparator: 'low dose Epirubicin', outcome: 'Median time to treatment failure' };
    const r = rules('Median time to treatment failure was 24 weeks for CMF, 7 weeks for epirubicin (P < 0.05).', q);
    expect(r.directionFrom).to.equal('arm_numbers');
    expect(r.label).to.equal('increased'); // 24 (CMF) > 7 (epirubicin), p < 0.05
    // The same numbers the other way round read the other way.
    expect(rules('Median time to treatment failure was 7 weeks for CMF, 24 weeks for epirubicin (P < 0.05).', q).label).to.equal('decreased');
  });

  it('takes the first number of a "mean ± SD" run before each arm: 89.0 ± 9.9 (trial) against 84.2 ± 8.8 (control) is increased', function () {
    const q = { intervention: 'rmhTNF given to the trial group', comparator: 'control group', outcome: 'the KPS score' };
    const r = rules('After the treatment the KPS is 89.00 ± 9.92 in the trial group, and 84.17 ± 8.84 in the control group, with a significant difference between the two groups (P = 0.028).', q);
    expect(r.directionFrom).to.equal('arm_numbers');
    expect(r.direction).to.equal(1);
  });

  it('reads a statement with no statistic but a stated change ("reduced … compared with placebo") as that change, not as no difference', function () {
    expect(readEffect({ evidence: 'Treatment reduced disease activity compared with placebo at week 52.' }).label).to.equal('decreased');
  });

  it('does not take a negated or "as … as" statement without statistics for a stated change ("did not have significantly more … than")', function () {
    // Real train-split sentences whose gold label is no_difference; a direction word alone must not make them a change.
    expect(readEffect({ evidence: 'Participants receiving full dose vaccine regimens did not have significantly more local or systemic reactogenicity than those in the 1/10 dose arm.' }).label).to.equal('no_difference');
    expect(readEffect({ evidence: 'F + A did not lead to additional reductions versus F.' }).label).to.equal('no_difference');
    expect(readEffect({ evidence: 'Randomized studies have shown that LMWHs are as effective as unfractionated heparin in the prevention of recurrent venous thromboembolism' }).label).to.equal('no_difference');
  });
  it('reads "greater reductions" as a decrease, not an increase: a comparative composes with the change it governs', function () {
    // Before: "greater" alone decided, up: increased. Greater (up) × reductions (down) = down with ertugliflozin.
    const q = { intervention: 'ertugliflozin', comparator: 'glimepiride', outcome: 'systolic blood pressure' };
    expect(rules('Greater reductions in systolic blood pressure were observed with ertugliflozin compared with glimepiride (P < 0.001).', q).label).to.equal('decreased');
    // And "smaller decrease" is up: down × down.
    expect(rules('A smaller decrease in systolic blood pressure was observed with ertugliflozin compared with glimepiride (P < 0.001).', q).label).to.equal('increased');
  });

  it('reads "greater improvement" in a lower-is-better outcome (symptom severity) as a decrease', function () {
    // Severity: lower is better (outcome-polarity.ts), so improvement is down; greater improvement with duloxetine = decreased.
    // Before: "greater" (up) decided: increased.
    const q = { intervention: 'duloxetine', comparator: 'placebo', outcome: 'depressive symptom severity' };
    expect(rules('Duloxetine demonstrated significantly greater improvement in depressive symptom severity compared with placebo (p <= .001).', q).label).to.equal('decreased');
  });

  it('reads a word of the outcome\'s own name ("reduction in aggression") as the outcome, not as a decrease', function () {
    // The outcome is the reduction itself: a significant reduction in aggression with yoga is more of it, increased.
    // Before: "reduction" read as the direction: decreased.
    const q = { intervention: 'Yoga group', comparator: 'control group', outcome: 'reduction in aggression' };
    expect(rules('Yoga group showed statistically significant (P < 0.001) reduction in aggression.', q).label).to.equal('increased');
  });

  it('reads "no significant difference between the two groups" as no difference though each group changed significantly', function () {
    // The p-value is within each group; between the arms there was no difference.
    const evidence = 'FMD was significantly improved in both groups (p = 0.001), and there was no significant difference between the two groups.';
    const r = readEffect({ evidence, intervention: 'statin', comparator: 'control', outcome: 'FMD' });
    expect(r.label).to.equal('no_difference');
    expect(r.explanation.deciding[0]).to.match(/no significant difference between the two groups/);
  });
});
