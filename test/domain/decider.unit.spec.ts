import { given } from '../support/decider-spec';
import { tallyDecider } from '../support/tally-decider';

describe('A decider under given/when/then', function () {
  it('decides the event a command causes from the folded history', function () {
    given(tallyDecider, [{ type: 'TallyIncremented', data: { by: 2 } }])
      .when({ by: 3, limit: 10 })
      .then([{ type: 'TallyIncremented', data: { by: 3 } }]);
  });

  it('refuses a command that breaks a rule, with its code', function () {
    given(tallyDecider, [{ type: 'TallyIncremented', data: { by: 9 } }])
      .when({ by: 2, limit: 10 })
      .thenFailsWith('limit_exceeded');
  });
});
