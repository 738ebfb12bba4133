// Worker processes for job specs: job-worker-child.ts forked on a database, ready once it says so.
import { ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

const CHILD = path.resolve(__dirname, 'job-worker-child.js');

export interface JobWorker { child: ChildProcess; ready: Promise<void> }

/** One worker process (WORKER_CONCURRENCY=1 unless `env` says otherwise); SIGKILL it when done. */
export function startJobWorker(databaseUrl: string, env: Record<string, string> = {}): JobWorker {
  const child = fork(CHILD, [], {
    stdio: 'ignore',
    // KAFKA_BROKERS emptied: CI exports it for the Kafka suites, and a worker that inherited it consumed from Kafka,
    // where nothing publishes this spec's jobs (the test server appends them to PostgreSQL), so no job ever started.
    env: { ...process.env, DATABASE_URL: databaseUrl, DEBUG: 'true', WORKER_CONCURRENCY: '1', LOG_LEVEL: 'silent', KAFKA_BROKERS: '', ...env },
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`worker exited early with ${code}`)));
  });
  return { child, ready };
}
