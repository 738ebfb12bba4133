// The outcome classifier: the labelled set meets the bar (accuracy ≥ 0.9, recall ≥ 0.9 on null and
// negative); on the held-out set, written after the rules and never used to change them, it may abstain
// ("none") but never calls the opposite direction; and the rules a reader would check, one by one.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { classifyOutcomeSentence, sentences } from '../../../domain/workspace/outcome-classifier';
import { readLabelledStatements, scoreClassifier } from '../../../domain/workspace/outcome-evaluation';

const DIR = path.resolve(__dirname, '../../../../test/fixtures/outcomes');
const load = (file: string) => readLabelledStatements(fs.readFileSync(path.join(DIR, file), 'utf8'));

describe('outcome classifier', () => {
  it('meets the bar on the labelled set of 150+ statements', () => {
    const labelled = load('labelled-statements.tsv');
    expect(labelled.length).to.be.at.least(150);
    const score = scoreClassifier(labelled);
    expect(score.accuracy).to.be.at.least(0.9);
    expect(score.perClass.null!.recall).to.be.at.least(0.9);
    expect(score.perClass.negative!.recall).to.be.at.least(0.9);
  });

  it('on held-out statements it may abstain, but never reads a result in the opposite direction', () => {
    const score = scoreClassifier(load('held-out-statements.tsv'));
    const opposite = score.misses.filter((m) => m.got !== 'none' && m.expected !== 'none');
    expect(opposite, JSON.stringify(opposite)).to.deep.equal([]);
    // Nothing that is not a positive result is ever called positive.
    expect(score.perClass.positive!.precision).to.equal(1);
  });

  const cases: [string, string, string][] = [
    // [expected class, rule, sentence]
    ['null', 'statistic', 'Atorvastatin did not differ from placebo in the change of calcium score (p = 0.12).'],
    ['null', 'statistic', 'Simvastatin reduced the rate of brain atrophy (HR 1.05, 95% CI 0.85-1.30).'], // the CI crosses 1 whatever the verb says
    ['positive', 'statistic', 'Relapse risk was lower with the drug (HR 0.60; 95% CI 0.45-0.80).'],
    ['negative', 'statistic', 'Relapse risk was higher with the drug (HR 1.60; 95% CI 1.20-2.10).'],
    ['null', 'null_cue', 'The study failed to meet its primary endpoint.'],
    ['null', 'negated_positive', 'Neither dose significantly reduced relapses compared with placebo.'],
    ['positive', 'positive_cue', 'The drug not only reduced relapses but also improved disability scores compared with placebo.'],
    ['none', 'safety_no_difference', 'Adverse events were similar between groups.'],
    ['none', 'none', 'No deaths occurred.'],
    ['harm', 'harm', 'Two patients died of liver failure.'],
    ['none', 'open_question', 'Further trials are needed to determine whether the drug is effective.'],
  ];
  for (const [expected, rule, sentence] of cases) {
    it(`${expected} by ${rule}: "${sentence}"`, () => {
      const call = classifyOutcomeSentence(sentence);
      expect([call.class, call.rule]).to.deep.equal([expected, rule]);
    });
  }

  it('flags hedged statements and keeps their class', () => {
    const call = classifyOutcomeSentence('These data suggest that the drug may significantly reduce flares compared with placebo.');
    expect(call).to.include({ class: 'positive', hedged: true });
    expect(classifyOutcomeSentence('The drug significantly reduced flares compared with placebo.').hedged).to.equal(false);
  });

  it('splits sentences without breaking at "vs." or decimals', () => {
    expect(sentences('Rates were 58% vs. 44% (p=0.001). The drug was effective. Dr. Smith agreed.')).to.deep.equal([
      'Rates were 58% vs. 44% (p=0.001).', 'The drug was effective.', 'Dr. Smith agreed.',
    ]);
  });
});
