// Digest time arithmetic (pure; the clock comes in as an argument).
//
// Window: the previous completed UTC calendar week, Monday 00:00 UTC to the next Monday 00:00 UTC,
// named by its ISO week ("2026-W12" = Monday 2026-03-16 .. Monday 2026-03-23).
//
// Schedule: a researcher's weekday/hour/minute in their IANA timezone. A researcher is due once the
// slot of the current local week (local Monday-based week) has passed; the period that slot delivers
// is the previous completed UTC week *as of the slot instant* (so a slot that falls on a UTC Sunday,
// e.g. Monday 09:00 in Auckland, covers the week before the UTC week it falls in). Tying the period to
// the slot, not to "now", means later ticks of the same local week find that period delivered.
// Local times that do not exist (spring-forward gap) move forward by the gap, as luxon does (02:30 on
// the Berlin switch day becomes 03:30 CEST); ambiguous times (fall-back) take the earlier offset.
import { DateTime, IANAZone } from 'luxon';
import { WEEKDAYS, Weekday } from '../notifications/settings';

export interface DigestWindow {
  period: string;
  start: Date;
  end: Date;
}

export interface DigestSchedule {
  weekday: Weekday;
  hour: number;
  minute: number;
  timezone: string;
}

export function isValidTimezone(name: string): boolean {
  return IANAZone.isValidZone(name);
}

/** The completed UTC week before the one containing `at`. */
export function previousUtcWeek(at: Date): DigestWindow {
  const start = DateTime.fromJSDate(at, { zone: 'utc' }).startOf('week').minus({ weeks: 1 });
  return windowFrom(start);
}

/** The window a period label names ("2026-W12"), or undefined for a malformed label. */
export function windowOfPeriod(period: string): DigestWindow | undefined {
  if (!/^\d{4}-W\d{2}$/.test(period)) return undefined;
  const start = DateTime.fromISO(period, { zone: 'utc' });
  return start.isValid && start.toFormat("kkkk-'W'WW") === period ? windowFrom(start) : undefined;
}

function windowFrom(start: DateTime): DigestWindow {
  return { period: start.toFormat("kkkk-'W'WW"), start: start.toJSDate(), end: start.plus({ weeks: 1 }).toJSDate() };
}

/** The slot of the local week containing `now`, as an instant. */
export function slotOfWeek(now: Date, schedule: DigestSchedule): Date {
  const local = DateTime.fromJSDate(now).setZone(schedule.timezone);
  if (!local.isValid) throw new Error(`invalid timezone ${schedule.timezone}`);
  const day = local.startOf('week').plus({ days: WEEKDAYS.indexOf(schedule.weekday) });
  return day.set({ hour: schedule.hour, minute: schedule.minute, second: 0, millisecond: 0 }).toJSDate();
}

/** When the researcher is due at `now`: the slot that passed and the period it delivers; else undefined. */
export function dueDigest(now: Date, schedule: DigestSchedule): { slot: Date; window: DigestWindow } | undefined {
  const slot = slotOfWeek(now, schedule);
  if (now.getTime() < slot.getTime()) return undefined;
  return { slot, window: previousUtcWeek(slot) };
}
