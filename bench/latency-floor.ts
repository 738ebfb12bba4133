// The machine's own latency floor for an HTTP latency round: the same load generator, rate, connections and
// duration against a bare node:http server (one fixed 15-byte answer, no framework, no database) in a process
// of its own. On this kind of virtual machine the floor's p99 alone was 19–38 ms at 200 req/s while a request's
// server CPU was under 1 ms, so a route's p99 is read beside it: what the route adds is the difference.
import { spawn } from 'node:child_process';

import { autocannon } from './autocannon';

const BARE_SERVER = `const s = require('node:http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end('{"status":"ok"}'); });
s.listen(0, '127.0.0.1', () => process.stdout.write(String(s.address().port) + '\\n'));`;

export interface LatencyFloor { p50: number; p99: number; max: number }

export async function latencyFloor(options: { rate: number; connections: number; durationSeconds: number }): Promise<LatencyFloor> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      child.once('exit', (code) => reject(new Error(`bare HTTP server exited (${code})`)));
    });
    const r = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: options.connections, duration: options.durationSeconds, overallRate: options.rate });
    return { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max };
  } finally {
    child.kill();
  }
}
