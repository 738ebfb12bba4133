// The conventions every `npm run bench:<name>` script follows (README, Benchmarks), in one place:
//  - BENCH_SMOKE=1 runs the smallest workload that still goes through the whole path (one round, a few
//    requests, a tiny corpus), so the suite can run every bench and notice one that hangs, crashes or stops
//    printing its figures (test/zz-bench/bench-smoke.spec.ts). Smoke figures are not measurements.
//  - The last line a bench prints is its figure line, `<name>: key=value key=value ...` (printFigures).
//  - A bench that needs ../shared/data and finds it absent exits with SKIPPED_EXIT_CODE after saying why
//    (requireSharedData), which the smoke spec reports as a skip rather than a failure.
//  - A loop that waits for something is bounded in time (pollUntil) and fails with what it waited for.
import fs from 'node:fs';
import path from 'node:path';

export const SMOKE = process.env.BENCH_SMOKE === '1';

/** EX_CONFIG of sysexits.h: "a required input is absent", distinct from a crash (1). */
export const SKIPPED_EXIT_CODE = 78;

/** The shared/data folder: SHARED_DATA_DIR, else ../shared/data next to the project (dist/bench → ../../..). */
export const SHARED_DATA_DIR = process.env.SHARED_DATA_DIR ?? path.resolve(__dirname, '..', '..', '..', 'shared', 'data');

/** `full` normally, `smoke` under BENCH_SMOKE=1: an environment variable given explicitly wins over both. */
export function sized(envName: string, full: number, smoke: number): number {
  const given = process.env[envName];
  if (given !== undefined && given !== '') {
    const value = Number(given);
    if (!Number.isFinite(value)) throw new Error(`${envName}=${given} is not a number`);
    return value;
  }
  return SMOKE ? smoke : full;
}

/** Prints the bench's final figure line, `<name>: key=value ...`; values never contain spaces. */
export function printFigures(name: string, figures: Record<string, string | number | boolean>): void {
  const pairs = Object.entries(figures).map(([key, value]) => {
    if (!/^[a-z0-9_]+$/.test(key)) throw new Error(`figure key ${key} is not snake_case`);
    const text = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(2)) : String(value);
    return `${key}=${text.replace(/\s+/g, '_')}`;
  });
  console.log(`${name}: ${pairs.join(' ')}`);
}

/** Exits with SKIPPED_EXIT_CODE, saying which file is missing, when any of `files` is absent. */
export function requireSharedData(name: string, files: readonly string[]): void {
  const missing = [...new Set(files)].filter((f) => !fs.existsSync(f));
  if (missing.length === 0) return;
  console.error(`${name}: skipped: needs ../shared/data (set SHARED_DATA_DIR); missing ${missing.join(', ')}`);
  process.exit(SKIPPED_EXIT_CODE);
}

/**
 * Calls `probe` every `intervalMs` until it returns a value (not undefined), failing after `timeoutMs`
 * with `what` and the last thing the probe saw. `probe` may throw to end the wait at once.
 */
export async function pollUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 5): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
