// given(events).when(command).then(events) for pure deciders.
import { expect } from 'chai';
import { Decider, DomainError, DomainEvent, fold } from '../../domain/shared/decider';

export function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, history: E[] = []) {
  return {
    when(command: C) {
      const run = () => decider.decide(command, fold(decider, history));
      return {
        then(expected: E[]) {
          expect(run()).to.deep.equal(expected);
        },
        thenFailsWith(code: string) {
          expect(run).to.throw(DomainError).with.property('code', code);
        },
      };
    },
  };
}
