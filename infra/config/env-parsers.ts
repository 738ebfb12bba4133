// Parsers for environment variables. Each failure names the variable, so a bad deployment stops at
// start-up with a message that says what to fix.
export class SettingsError extends Error {
  override name = 'SettingsError';
  constructor(readonly variable: string, message: string) {
    super(`${variable}: ${message}`);
  }
}

type Env = Record<string, string | undefined>;

/** The variable's value, or undefined when unset or blank. */
export function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  throw new SettingsError(name, `expected true or false, got ${JSON.stringify(value)}`);
}

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new SettingsError(name, `expected an integer, got ${JSON.stringify(value)}`);
  const parsed = Number(value);
  if (parsed < min || parsed > max) throw new SettingsError(name, `must be between ${min} and ${max}, got ${parsed}`);
  return parsed;
}

export function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new SettingsError(name, `expected one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return value as T;
}

export function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new SettingsError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new SettingsError(name, `must use ${protocols.join(' or ')}, got ${parsed.protocol}`);
  }
  return value;
}

export function list(env: Env, name: string): string[] | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  return value.split(',').map((item) => item.trim()).filter(Boolean);
}
