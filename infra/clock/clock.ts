// The clock port: the one place the service reads the time. Commands, processors and routes get a Clock
// from the composition root (tests pass a fixed one), so domain decisions never read the wall clock.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that always says the same moment (tests, replays). */
export function fixedClock(at: Date): Clock {
  return { now: () => new Date(at.getTime()) };
}
