// The PUT body's JSON-schema rules, checked in the browser before sending (lengths, ranges, integers,
// enums). What only the server can judge (email and webhook-URL rules, known timezone names) comes
// back as a 422 and is shown next to the same field.
import { WEEKDAYS, type SettingsBody } from './settings-types';

type Errors = Record<string, string>;

function range(errors: Errors, name: keyof SettingsBody, value: number | undefined, min: number, max: number, integer: boolean): void {
  if (value === undefined) return;
  if (!Number.isFinite(value)) errors[name] = 'must be a number';
  else if (integer && !Number.isInteger(value)) errors[name] = 'must be a whole number';
  else if (value < min || value > max) errors[name] = `must be between ${min} and ${max}`;
}

export function settingsProblems(body: SettingsBody): Errors {
  const errors: Errors = {};
  if (typeof body.email === 'string' && body.email.length > 254) errors.email = 'must be at most 254 characters';
  if (typeof body.chat_webhook_url === 'string' && body.chat_webhook_url.length > 2048) errors.chat_webhook_url = 'must be at most 2048 characters';
  range(errors, 'score_drop_threshold', body.score_drop_threshold, 0, 100, false);
  range(errors, 'rank_change_threshold', body.rank_change_threshold, 0, 100, true);
  range(errors, 'evidence_quality_change_threshold', body.evidence_quality_change_threshold, 0, 1, false);
  range(errors, 'hour', body.hour, 0, 23, true);
  range(errors, 'minute', body.minute, 0, 59, true);
  if (body.weekday !== undefined && !WEEKDAYS.includes(body.weekday)) errors.weekday = 'must be a day of the week';
  if (body.timezone !== undefined && (body.timezone.length < 1 || body.timezone.length > 64)) errors.timezone = 'must be 1 to 64 characters';
  return errors;
}

/** A number input's value, or NaN when it is empty or not a number (so the range check reports it). */
export function numberValue(input: HTMLInputElement): number {
  return input.value.trim() === '' ? Number.NaN : Number(input.value);
}
