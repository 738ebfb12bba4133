// bench:browsing — issue 30, "a dashboard a researcher keeps open all day": a scripted session of ordinary
// browsing in Chromium against `evidence serve` (own process) under the DEFAULT rate limit (60 requests per
// 60 s per IP; RATE_LIMIT_* are not set), at a researcher's pace, in real time: no clock is compressed, so
// the per-minute counts are the ones a person would cause. One action every BENCH_ACTION_SECONDS, cycling
// through: watch the run's job, the runs list, the dossier, a drug's entity page, the module list, a module
// run (gwas-loci, its job watched), the Ask form's disease type-ahead typed key by key, alerts, trends, the
// graph explorer. Every API response the page receives is counted per minute of the session; the figure
// that matters is http_429 (issue 30's target: 0 in an hour) and the busiest minute against the limit.
//   BENCH_MINUTES         session length (60; smoke 0.5)
//   BENCH_ACTION_SECONDS  one action every this many seconds (10, a fast reader; smoke 5)
//   CHROMIUM_PATH         Debian's /usr/bin/chromium by default; without it the bench exits as skipped
// Needs PostgreSQL (BENCH_ADMIN_URL) and Redis at 127.0.0.1:6379 (the limiter's store, as deployed).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { withScratchDatabase } from './scratch-database';
import { startService } from './service-process';
import { printFigures, sized, SKIPPED_EXIT_CODE, SMOKE } from './smoke';

const MINUTES = sized('BENCH_MINUTES', 60, 0.2);
const ACTION_SECONDS = sized('BENCH_ACTION_SECONDS', 10, 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'bench-browsing-password-1';
const API_KEY = randomBytes(24).toString('hex'); // DEBUG=false needs one, as deployed
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--mute-audio'];

interface Seen { at: number; status: number; path: string }

/** The actions of the cycle: each opens a page (or does something on it) the way a researcher would. */
function actions(runId: string): { name: string; run: (page: Page) => Promise<void> }[] {
  const open = (hash: string) => async (page: Page) => { await page.goto(`/#${hash}`); };
  return [
    { name: 'watch the run', run: open(`jobs/${runId}`) },
    { name: 'runs list', run: open('runs') },
    { name: 'dossier', run: open(`runs/${runId}`) },
    { name: 'drug page', run: open(`entity/drug%3Abelimumab?run=${encodeURIComponent(runId)}`) },
    { name: 'module list', run: open('analysis') },
    {
      name: 'run a module', run: async (page) => {
        await page.goto('/#analysis/gwas-loci');
        await page.getByTestId('analysis-run').click({ timeout: 15_000 });
        await page.getByTestId('analysis-result').or(page.getByTestId('analysis-failure')).first().waitFor({ timeout: 60_000 });
      },
    },
    {
      name: 'type a disease', run: async (page) => {
        await page.goto('/#ask');
        const field = page.getByTestId('disease-input');
        await field.waitFor({ timeout: 15_000 });
        await field.pressSequentially('systemic lupus', { delay: 120 }); // a typist's pace; the type-ahead is debounced
      },
    },
    { name: 'alerts', run: open('alerts') },
    { name: 'trends', run: open('trends') },
    { name: 'graph explorer', run: open('graph/sle') },
  ];
}

/** The dossier the session reads: one SLE run submitted with the signed-in session (the only request not made by the page). */
async function submitRun(page: Page): Promise<string> {
  const response = await page.request.post('/api/jobs/workspace', {
    headers: { 'X-API-Key': API_KEY }, data: { disease_id: 'sle', question: 'Which drugs are most promising for SLE?', enable_llm: false },
  });
  if (response.status() !== 202) throw new Error(`submitting the run answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { job_id: string }).job_id;
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`browsing: skipped: no Chromium at ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH)`);
    process.exit(SKIPPED_EXIT_CODE);
  }
  await withScratchDatabase('bench_browsing', async (databaseUrl) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-browsing-'));
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('RATE_LIMIT_')) env[k] = v;
    Object.assign(env, {
      DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEBUG: 'false', API_KEY, LOG_LEVEL: 'warn', EVIDENCE_SOURCE_MODE: 'offline',
      LOCAL_AUTH_USERS: `alice=${PASSWORD}`, AUTH_SESSION_SECRET: 'bench-browsing-session-secret-0123456789abcdef',
      // Smoke skips the seed import (minutes on a busy machine): pages then say what is missing, with the same traffic shape.
      BIOMED_SEED: SMOKE ? 'false' : (process.env.BIOMED_SEED ?? 'true'),
      RATE_LIMIT_KEY_PREFIX: `bench-browsing-${process.pid}-${Date.now()}`, // never meets anyone else's buckets
    });
    const service = await startService(env, path.join(dataDir, 'service.log'), [], 120_000);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const context = await browser.newContext({ baseURL: service.url, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const seen: Seen[] = [];
      const start = Date.now();
      page.on('response', (r) => {
        const p = new URL(r.url()).pathname;
        if (p.startsWith('/api/')) seen.push({ at: Date.now() - start, status: r.status(), path: p });
      });
      await page.goto('/');
      const dialog = page.getByTestId('signin-dialog');
      await dialog.getByLabel('Username').fill('alice');
      await dialog.getByLabel('Password').fill(PASSWORD);
      await dialog.getByLabel(/API key/).fill(API_KEY);
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const runId = await submitRun(page);

      const cycle = actions(runId);
      const failed: string[] = [];
      let done = 0;
      for (let i = 0; Date.now() - start < MINUTES * 60_000; i++) {
        const action = cycle[i % cycle.length]!;
        const slotEnds = start + (i + 1) * ACTION_SECONDS * 1000;
        try {
          await action.run(page);
          done++;
        } catch (error) {
          failed.push(`${action.name}: ${(error as Error).message.split('\n')[0]}`);
        }
        await page.waitForTimeout(Math.max(0, slotEnds - Date.now())); // the reader reads until the next slot
      }
      const elapsed = (Date.now() - start) / 60_000;
      const perMinute = new Map<number, number>();
      for (const s of seen) perMinute.set(Math.floor(s.at / 60_000), (perMinute.get(Math.floor(s.at / 60_000)) ?? 0) + 1);
      const refused = seen.filter((s) => s.status === 429);
      const counts = [...perMinute.values()];
      console.log(`session: ${elapsed.toFixed(1)} min, one action every ${ACTION_SECONDS} s, ${done} actions done, ${failed.length} failed${failed.length ? ` (${[...new Set(failed)].slice(0, 3).join('; ')})` : ''}`);
      console.log(`API responses: ${seen.length}; per minute: ${counts.join(' ')}; 429s: ${refused.length}${refused.length ? ` (${[...new Set(refused.map((r) => r.path))].slice(0, 5).join(', ')})` : ''}`);
      printFigures('browsing', {
        minutes: Number(elapsed.toFixed(2)), actions: done, failed_actions: failed.length, requests: seen.length,
        max_per_minute: Math.max(0, ...counts), limit_per_minute: 60, http_429: refused.length, smoke: SMOKE,
      });
      await context.close();
    } finally {
      await browser.close();
      await service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
