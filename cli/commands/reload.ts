// `evidence serve --reload`: a development supervisor that restarts the service when the compiled
// code changes (run `npx tsc -w` beside it). Guarded: only with DEBUG=true, never in production.
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function superviseWithReload(args: string[]): void {
  const distRoot = path.resolve(__dirname, '..', '..');
  let child: ChildProcess | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopping = false;
  const start = () => {
    child = spawn(process.execPath, [path.join(distRoot, 'cli', 'main.js'), 'serve', ...args], { stdio: 'inherit', env: process.env });
    child.once('exit', (code) => {
      child = undefined;
      if (stopping) process.exit(code ?? 0);
    });
  };
  const restart = () => {
    if (!child) return start();
    child.once('exit', () => start());
    child.kill('SIGTERM');
  };
  fs.watch(distRoot, { recursive: true }, (_event, file) => {
    if (!file || !file.endsWith('.js')) return;
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => {
      console.error(`[reload] ${file} changed: restarting`);
      restart();
    }, 300);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      if (child) child.kill(signal);
      else process.exit(0);
    });
  }
  start();
}
