// The back-off rule against delays worked out by hand: threshold 10, cap 900 s. 10 failures, the newest
// at t=0: wait 2^0 = 1 s; 12 failures: 2^2 = 4 s; 25 failures: 2^15 s capped at 900 s.
import { expect } from 'chai';
import { backoffRemainingMs } from '../../domain/auth/login-backoff';

describe('Failed-login back-off (exponential, capped)', function () {
  const rule = { threshold: 10, maxDelayMs: 900_000 };

  it('allows attempts below the threshold whatever their timing', function () {
    expect(backoffRemainingMs({ count: 9, newestMs: 1000, nowMs: 1000 }, rule)).to.equal(0);
  });

  it('doubles the wait after the newest failure from the threshold on, up to the cap', function () {
    expect(backoffRemainingMs({ count: 10, newestMs: 0, nowMs: 0 }, rule)).to.equal(1000);
    expect(backoffRemainingMs({ count: 12, newestMs: 0, nowMs: 0 }, rule)).to.equal(4000);
    expect(backoffRemainingMs({ count: 12, newestMs: 0, nowMs: 3000 }, rule)).to.equal(1000);
    expect(backoffRemainingMs({ count: 12, newestMs: 0, nowMs: 5000 }, rule)).to.equal(0);
    expect(backoffRemainingMs({ count: 25, newestMs: 0, nowMs: 0 }, rule)).to.equal(900_000);
    expect(backoffRemainingMs({ count: 1_000_000, newestMs: 0, nowMs: 0 }, rule)).to.equal(900_000);
  });
});
