// Issue 32 item 3: the service on Kafka end to end, as an operator runs it: `serve` (no workers in process),
// two `worker` processes and the `scheduler` (which runs the relay), each a child process of the compiled CLI,
// on one scratch PostgreSQL and the Kafka cluster of KAFKA_BROKERS. Workspace runs and module jobs complete,
// each job starts once, and both workers take jobs (jobs are a competing group fed from Kafka).
// Pending, with the reason, where KAFKA_BROKERS is unset (like the other Kafka specs).
import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { jobStreamId } from '../../domain/jobs/job';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { eventually } from '../support/databases';
import { openScratchPostgres, ScratchDatabase } from '../support/scratch-postgres';
import { CLI, ServiceProcess, startService } from '../support/service-process';
import { SYNTHETIC_CORPUS_DIR } from '../support/test-server';
import { deleteTopicsAndGroups, kafkaBrokers, kafkaPendingReason, kafkaReady } from '../infra/bus/kafka-harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Role { child: ChildProcess; output: () => string; exited: Promise<number | null> }

function startRole(role: 'worker' | 'scheduler', env: Record<string, string | undefined>): Role {
  const child = spawn(process.execPath, [CLI, role], { env: env as NodeJS.ProcessEnv });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

if (kafkaBrokers.length === 0) {
  describe('The service on Kafka: serve + two workers + scheduler', function () {
    it('needs a Kafka cluster (.ci/run starts one with .ci/kafka/cluster.sh)', function () {
      console.log(`      pending: ${kafkaPendingReason()}`);
      this.skip();
    });
  });
} else {
  describe('The service on Kafka: serve + two workers + scheduler', function () {
    this.timeout(600_000);
    const prefix = `e2e-${randomUUID().slice(0, 8)}`;
    let scratch: ScratchDatabase;
    let service: ServiceProcess | undefined;
    const roles: Role[] = [];

    before(async function () {
      await kafkaReady();
      scratch = await openScratchPostgres('kafka_topology');
      const env = {
        PATH: process.env.PATH, HOME: process.env.HOME,
        DATABASE_URL: scratch.url, KAFKA_BROKERS: kafkaBrokers.join(','), KAFKA_TOPIC_PREFIX: prefix,
        DEBUG: 'true', LOG_LEVEL: 'info', BIOMED_SEED: 'false', EVIDENCE_SOURCE_MODE: 'offline',
        EVIDENCE_CORPUS_DIR: SYNTHETIC_CORPUS_DIR, WORKER_CONCURRENCY: '1', BUS_LEASE_MS: '5000', RATE_LIMIT_REQUESTS: '0',
      };
      // `serve` imports the bundled seed (the graph the modules read); jobs are queued once it is ready.
      service = await startService([], { ...env, WORKERS_IN_PROCESS: 'false', BIOMED_SEED: 'true' }, 60_000);
      roles.push(startRole('scheduler', env), startRole('worker', env), startRole('worker', env));
      await eventually(async () => (await fetch(`${service!.baseUrl}/api/ready`)).status === 200, 'serve ready (seed imported)', 240_000);
    });
    after(async function () {
      for (const role of roles) role.child.kill('SIGTERM');
      await Promise.all(roles.map((r) => r.exited));
      await service?.stop();
      await deleteTopicsAndGroups(prefix);
      await scratch?.drop();
    });

    it('completes Workspace runs and module jobs, each started once, on both workers', async function () {
      const alice = { 'X-Researcher-ID': 'alice', 'content-type': 'application/json' };
      const ids: string[] = [];
      for (const question of ['Which drugs should we look at?', 'Which targets are most promising?', 'What treats lupus?']) {
        const response = await fetch(`${service!.baseUrl}/api/jobs/workspace`, {
          method: 'POST', headers: alice, body: JSON.stringify({ disease_id: 'sle', question, enable_llm: false }),
        });
        expect(response.status, await response.clone().text()).to.equal(202);
        ids.push(((await response.json()) as Json).job_id);
      }
      const modules = ((await (await fetch(`${service!.baseUrl}/api/system/modules`)).json()) as Json);
      const list = (Array.isArray(modules) ? modules : modules.modules ?? []) as Json[];
      const available = list.find((m) => m.available === true || m.availability?.available === true);
      for (let i = 0; available && i < 3; i++) {
        const response = await fetch(`${service!.baseUrl}/api/jobs/${available.id}`, { method: 'POST', headers: alice });
        if (response.status === 202) ids.push(((await response.json()) as Json).job_id);
      }
      const status = async (id: string) => ((await (await fetch(`${service!.baseUrl}/api/jobs/${id}`, { headers: alice })).json()) as Json);
      await eventually(async () => (await Promise.all(ids.map(status))).every((s) => ['SUCCESS', 'FAILURE'].includes(s.status)),
        `all ${ids.length} jobs finished\n${roles.map((r) => r.output().slice(-2000)).join('\n---\n')}`, 240_000);
      const finished = await Promise.all(ids.map(status));
      expect(finished.filter((s) => s.status !== 'SUCCESS').map((s) => s.error)).to.deep.equal([]);

      const store = new PostgresEventStore(scratch.db.knex);
      const startsByJob = await Promise.all(ids.map(async (id) => (await store.readStream(jobStreamId(id)))
        .filter((e) => e.type === 'JobStarted').map((e) => (e.data as { worker: string }).worker)));
      expect(startsByJob.filter((starts) => starts.length !== 1), 'jobs started more than once').to.deep.equal([]);
      const workerPids = new Set(roles.slice(1).map((r) => String(r.child.pid)));
      const ranOn = new Set(startsByJob.flat().map((worker) => worker.split(':').at(-1)!));
      expect([...ranOn].every((pid) => workerPids.has(pid)), 'only the worker processes run jobs').to.equal(true);
      expect(ranOn.size, 'both workers took jobs').to.equal(2);
    });
  });
}

