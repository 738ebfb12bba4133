// Digest windows and schedules with injected clocks: the previous completed UTC week, slots across DST
// changes (Europe/Berlin, America/New_York) and on both sides of UTC (Pacific/Auckland, America/Los_Angeles).
import { expect } from 'chai';
import { DigestSchedule, dueDigest, isValidTimezone, previousUtcWeek, slotOfWeek, windowOfPeriod } from '../../../domain/digest/digest-window';

const at = (iso: string) => new Date(iso);
const schedule = (timezone: string, weekday: DigestSchedule['weekday'], hour: number, minute = 0): DigestSchedule => ({ timezone, weekday, hour, minute });

describe('Digest windows', function () {
  it('is the previous completed UTC week, Monday 00:00 to Monday 00:00', function () {
    const w = previousUtcWeek(at('2026-03-25T15:00:00Z'));
    expect(w).to.deep.equal({ period: '2026-W12', start: at('2026-03-16T00:00:00Z'), end: at('2026-03-23T00:00:00Z') });
  });
  it('moves on exactly at Monday 00:00 UTC', function () {
    expect(previousUtcWeek(at('2026-03-22T23:59:59.999Z')).period).to.equal('2026-W11');
    expect(previousUtcWeek(at('2026-03-23T00:00:00Z')).period).to.equal('2026-W12');
  });
  it('spans the year boundary with ISO week numbers, and round-trips the period label', function () {
    const w = previousUtcWeek(at('2026-01-06T00:00:00Z'));
    expect(w.period).to.equal('2026-W01');
    expect(w.start).to.deep.equal(at('2025-12-29T00:00:00Z'));
    expect(windowOfPeriod('2026-W01')).to.deep.equal(w);
    expect(windowOfPeriod('2026-W54')).to.equal(undefined);
    expect(windowOfPeriod('2026-13')).to.equal(undefined);
  });
  it('validates IANA timezone names', function () {
    expect(isValidTimezone('Europe/Berlin')).to.equal(true);
    expect(isValidTimezone('Mars/Olympus')).to.equal(false);
  });
});

describe('Digest schedule in the researcher\'s timezone', function () {
  describe('across the Europe/Berlin spring-forward (Sunday 2026-03-29, 02:00 CET -> 03:00 CEST)', function () {
    const monday9 = schedule('Europe/Berlin', 'monday', 9);
    it('Monday 09:00 is 08:00 UTC before the change and 07:00 UTC after it', function () {
      expect(slotOfWeek(at('2026-03-25T12:00:00Z'), monday9)).to.deep.equal(at('2026-03-23T08:00:00Z'));
      expect(slotOfWeek(at('2026-04-01T12:00:00Z'), monday9)).to.deep.equal(at('2026-03-30T07:00:00Z'));
    });
    it('is due from the slot on, not a minute before', function () {
      expect(dueDigest(at('2026-03-30T06:59:00Z'), monday9)).to.equal(undefined);
      expect(dueDigest(at('2026-03-30T07:00:00Z'), monday9)?.window.period).to.equal('2026-W13');
    });
    it('a slot inside the skipped hour (Sunday 02:30) moves forward to 03:30 CEST', function () {
      expect(slotOfWeek(at('2026-03-29T12:00:00Z'), schedule('Europe/Berlin', 'sunday', 2, 30))).to.deep.equal(at('2026-03-29T01:30:00Z'));
    });
  });

  describe('across the Europe/Berlin fall-back (Sunday 2026-10-25, 03:00 CEST -> 02:00 CET)', function () {
    it('an ambiguous slot (Sunday 02:30) takes the earlier offset', function () {
      expect(slotOfWeek(at('2026-10-25T12:00:00Z'), schedule('Europe/Berlin', 'sunday', 2, 30))).to.deep.equal(at('2026-10-25T00:30:00Z'));
    });
    it('Monday 09:00 is 07:00 UTC before and 08:00 UTC after', function () {
      const monday9 = schedule('Europe/Berlin', 'monday', 9);
      expect(slotOfWeek(at('2026-10-20T00:00:00Z'), monday9)).to.deep.equal(at('2026-10-19T07:00:00Z'));
      expect(slotOfWeek(at('2026-10-27T00:00:00Z'), monday9)).to.deep.equal(at('2026-10-26T08:00:00Z'));
    });
  });

  it('America/New_York across its spring-forward (2026-03-08): Monday 08:00 is 13:00 then 12:00 UTC', function () {
    const monday8 = schedule('America/New_York', 'monday', 8);
    expect(slotOfWeek(at('2026-03-03T00:00:00Z'), monday8)).to.deep.equal(at('2026-03-02T13:00:00Z'));
    expect(slotOfWeek(at('2026-03-10T00:00:00Z'), monday8)).to.deep.equal(at('2026-03-09T12:00:00Z'));
    expect(dueDigest(at('2026-03-09T11:59:00Z'), monday8)).to.equal(undefined);
    expect(dueDigest(at('2026-03-09T12:00:00Z'), monday8)?.window.period).to.equal('2026-W10');
  });

  describe('ahead of UTC: Pacific/Auckland (UTC+13 in January)', function () {
    const monday9 = schedule('Pacific/Auckland', 'monday', 9);
    it('Monday 09:00 local is Sunday 20:00 UTC, and covers the UTC week before the one it falls in', function () {
      const due = dueDigest(at('2026-01-11T20:00:00Z'), monday9)!;
      expect(due.slot).to.deep.equal(at('2026-01-11T20:00:00Z'));
      expect(due.window).to.deep.equal({ period: '2026-W01', start: at('2025-12-29T00:00:00Z'), end: at('2026-01-05T00:00:00Z') });
      expect(dueDigest(at('2026-01-11T19:59:00Z'), monday9)).to.equal(undefined);
    });
    it('still names the same period hours later, after the UTC week has turned (no second digest)', function () {
      expect(dueDigest(at('2026-01-12T03:00:00Z'), monday9)!.window.period).to.equal('2026-W01');
    });
  });

  describe('behind UTC: America/Los_Angeles (UTC-8 in January)', function () {
    it('Sunday 20:00 local is Monday 04:00 UTC and covers the UTC week that just ended', function () {
      const sunday20 = schedule('America/Los_Angeles', 'sunday', 20);
      expect(dueDigest(at('2026-01-12T03:59:00Z'), sunday20)).to.equal(undefined);
      const due = dueDigest(at('2026-01-12T04:00:00Z'), sunday20)!;
      expect(due.window.period).to.equal('2026-W02');
      expect(due.window.start).to.deep.equal(at('2026-01-05T00:00:00Z'));
    });
    it('Monday 00:30 local is due on Monday 08:30 UTC', function () {
      expect(dueDigest(at('2026-01-12T08:30:00Z'), schedule('America/Los_Angeles', 'monday', 0, 30))?.window.period).to.equal('2026-W02');
      expect(dueDigest(at('2026-01-12T08:29:00Z'), schedule('America/Los_Angeles', 'monday', 0, 30))).to.equal(undefined);
    });
  });
});
