// Runs `evidence serve` (the compiled CLI) in its own process for a bench, as an operator would: its log
// goes to a file (not through the bench's event loop), its URL is read from the "listening" line, and
// its CPU time is read from /proc so a bench can report server CPU per request.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const CLI = path.resolve(__dirname, '..', 'cli', 'main.js');

export interface BenchService {
  url: string;
  logFile: string;
  /** User + system CPU of the server process so far, in ms (undefined without /proc). */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

function procCpuMs(pid: number): number | undefined {
  try {
    // Fields after the ")" of the command name: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks: 100 per second on Linux
  } catch {
    return undefined;
  }
}

/** `nodeArgs` go before the script, e.g. ['--cpu-prof'] to profile the server. */
export async function startService(env: Record<string, string>, logFile: string, nodeArgs: string[] = [], timeoutMs = 60_000): Promise<BenchService> {
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, CLI, 'serve', '--host', '127.0.0.1', '--port', '0'], { env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  let url: string | undefined;
  while (!url) {
    if (child.exitCode !== null) throw new Error(`evidence serve exited with ${child.exitCode}:\n${fs.readFileSync(logFile, 'utf8')}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGTERM');
      throw new Error(`evidence serve did not listen within ${timeoutMs} ms:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(fs.readFileSync(logFile, 'utf8'))?.[1];
    if (!url) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url, logFile,
    cpuMs: () => procCpuMs(child.pid!),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
