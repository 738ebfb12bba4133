// Every `npm run bench:<name>` script of package.json, run to its end in smoke mode (BENCH_SMOKE=1: the
// smallest workload through the whole path; bench/smoke.ts), so a benchmark that hangs, crashes or stops
// printing its figure line fails the suite instead of rotting unnoticed (issue 31: bench:dossier polled a
// private job without its researcher, got 404 for ever and spun with no output). Benches added later are
// picked up from package.json. Each runs its compiled file directly (not `npm run`, which would rebuild).
// Asserted: exit 0 and a last line `<name>: key=value ...`. Never a timing: smoke figures are not measurements.
// In the zz- folder so it runs last (the slowest spec, and it needs nothing the others set up).
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findProjectRoot } from '../../infra/sources/offline-reader';

const ROOT = findProjectRoot();
const SHARED_DATA = process.env.SHARED_DATA_DIR ?? path.resolve(ROOT, '..', 'shared', 'data');
/** A bench that exits with this said it needs ../shared/data (bench/smoke.ts SKIPPED_EXIT_CODE). */
const SKIPPED_EXIT_CODE = 78;
/** Generous: a smoke run takes seconds to a minute on a quiet machine; this only catches a hang. */
const PER_BENCH_TIMEOUT_MS = Number(process.env.BENCH_SMOKE_TIMEOUT_MS ?? 150_000);

interface BenchScript { name: string; file: string; command: string }

/** The bench:* scripts and the compiled file each runs (`... node dist/bench/<file>.js`). */
function benchScripts(): BenchScript[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return Object.entries(scripts).filter(([key]) => key.startsWith('bench:')).map(([key, command]) => ({
    name: key.slice('bench:'.length),
    file: /node (dist\/bench\/[\w./-]+\.js)\s*$/.exec(command)?.[1] ?? '',
    command,
  }));
}

interface Outcome { code: number | null; stdout: string; stderr: string; ms: number; timedOut: boolean }

/** Runs one compiled bench in its own process group, killed (with its children) if it outlives the timeout. */
function runBench(file: string, timeoutMs: number): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(ROOT, file)], {
    cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BENCH_SMOKE: '1', BENCH_ADMIN_URL: process.env.BENCH_ADMIN_URL ?? process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started, timedOut });
    });
  });
}

const tail = (text: string, lines = 15) => text.trim().split('\n').slice(-lines).join('\n');

describe('benchmarks: every bench:* script in smoke mode (BENCH_SMOKE=1)', function () {
  this.timeout(PER_BENCH_TIMEOUT_MS + 30_000);
  const benches = benchScripts();
  const times: string[] = [];
  after(() => { if (times.length > 0) console.log(`      smoke times: ${times.join(', ')}`); });

  it('finds the bench scripts, each running a compiled file of dist/bench', function () {
    expect(benches.map((b) => b.name)).to.include.members(['dossier', 'event-store', 'outcomes']);
    for (const bench of benches) expect(bench.file, `bench:${bench.name} is "${bench.command}"; expected "npm run build && node dist/bench/<file>.js"`).to.not.equal('');
  });

  for (const bench of benches) {
    it(`bench:${bench.name} runs to its end and prints "${bench.name}: key=value ..." as its last line`, async function () {
      if (!bench.file) this.skip(); // reported by the test above
      expect(fs.existsSync(path.join(ROOT, bench.file)), `${bench.file} (build first)`).to.equal(true);
      const outcome = await runBench(bench.file, PER_BENCH_TIMEOUT_MS);
      times.push(`${bench.name} ${(outcome.ms / 1000).toFixed(1)} s`);
      if (outcome.code === SKIPPED_EXIT_CODE && !fs.existsSync(SHARED_DATA)) {
        console.log(`      bench:${bench.name} skipped: ${outcome.stderr.trim() || `${SHARED_DATA} is absent`}`);
        this.skip();
      }
      const said = `stdout:\n${tail(outcome.stdout)}\nstderr:\n${tail(outcome.stderr)}`;
      expect(outcome.timedOut, `bench:${bench.name} still running after ${PER_BENCH_TIMEOUT_MS} ms\n${said}`).to.equal(false);
      expect(outcome.code, `bench:${bench.name} exit code\n${said}`).to.equal(0);
      const last = outcome.stdout.trim().split('\n').pop() ?? '';
      const escaped = bench.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(last, `bench:${bench.name} last line`).to.match(new RegExp(`^${escaped}: [\\w.-]+=\\S+( [\\w.-]+=\\S+)*$`));
    });
  }
});
