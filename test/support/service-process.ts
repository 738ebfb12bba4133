// Runs `evidence serve` as a child process, the way an operator would, and finds its port in the log.
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const CLI = path.resolve(__dirname, '../../cli/main.js');

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  stop(): Promise<number | null>;
}

export function runCli(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: env as NodeJS.ProcessEnv });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

export async function startService(args: string[], env: Record<string, string | undefined>, timeoutMs = 20_000): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', '127.0.0.1', ...args], { env: env as NodeJS.ProcessEnv });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not listen in time:\n${output}`)), timeoutMs);
    const onData = () => {
      const match = /"url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    baseUrl,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
