// Runs `evidence serve` (the compiled CLI) in its own process for a bench, as an operator would: its log
// goes to a file (not through the bench's event loop), it listens on a port picked here (so any
// LOG_LEVEL works) and is ready once /api/health answers, and its CPU time is read from /proc so a
// bench can report server CPU per request.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const CLI = path.resolve(__dirname, '..', 'cli', 'main.js');

export interface BenchService {
  url: string;
  pid: number;
  logFile: string;
  /** User + system CPU of the server process so far, in ms (undefined without /proc). */
  cpuMs(): number | undefined;
  /** Peak resident memory of the server process so far (VmHWM), in MiB (undefined without /proc). */
  peakRssMb(): number | undefined;
  stop(): Promise<void>;
}

/** User + system CPU of process `pid` so far, in ms (undefined without /proc or once it has exited). */
export function procCpuMs(pid: number): number | undefined {
  try {
    // Fields after the ")" of the command name: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks: 100 per second on Linux
  } catch {
    return undefined;
  }
}

function procPeakRssMb(pid: number): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Per thread of process `pid`: its name, CPU time and time spent runnable but waiting for a core (run queue), in ms
 * (/proc/<pid>/task/<tid>/schedstat; empty without it). The serving thread is the one whose tid is the pid. */
export function procThreadSchedstats(pid: number): { tid: number; name: string; cpuMs: number; waitMs: number }[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
      const [cpu, wait] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
      const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      return { tid: Number(tid), name, cpuMs: (cpu ?? 0) / 1e6, waitMs: (wait ?? 0) / 1e6 };
    });
  } catch {
    return [];
  }
}

/** A port free right now (the kernel's pick), for the child to bind. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** `nodeArgs` go before the script, e.g. ['--cpu-prof'] to profile the server. */
export async function startService(env: Record<string, string>, logFile: string, nodeArgs: string[] = [], timeoutMs = 60_000): Promise<BenchService> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, CLI, 'serve', '--host', '127.0.0.1', '--port', String(port)], { env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`evidence serve exited with ${child.exitCode}:\n${fs.readFileSync(logFile, 'utf8')}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGTERM');
      throw new Error(`evidence serve did not listen within ${timeoutMs} ms:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url, logFile, pid: child.pid!,
    cpuMs: () => procCpuMs(child.pid!),
    peakRssMb: () => procPeakRssMb(child.pid!),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
