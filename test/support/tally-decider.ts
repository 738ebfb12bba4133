// A tiny aggregate for testing the command plumbing: a tally that may not exceed its limit.
import { Decider, DomainError, DomainEvent } from '../../domain/shared/decider';

export type TallyEvent = DomainEvent<'TallyIncremented', { by: number }>;
export interface TallyState { total: number }
export interface Increment { by: number; limit: number }

export const tallyDecider: Decider<Increment, TallyEvent, TallyState> = {
  initialState: { total: 0 },
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  decide(command, state) {
    if (state.total + command.by > command.limit) throw new DomainError('limit_exceeded', 'the tally would pass its limit');
    return [{ type: 'TallyIncremented', data: { by: command.by } }];
  },
};
