// One worker process for bench:workers: the service's runtime (projections and processors, as `evidence worker`
// runs them) with a single module, `cpu-work`, whose jobs each do the same fixed amount of CPU work (a SHA-256
// chain), so the bench measures how many jobs several worker processes finish, not how long a job sleeps.
import { createHash } from 'node:crypto';
import { openRuntime } from '../app/runtime';
import type { ModuleDefinition } from '../commands/jobs/module-registry';
import { loadSettings } from '../infra/config/settings';
import { silentLogger } from '../infra/logging/logger';

export const CPU_WORK_MODULE = 'cpu-work';

const cpuWork: ModuleDefinition = {
  id: CPU_WORK_MODULE,
  title: 'CPU work (bench)',
  description: 'Hashes a 32-byte value `iterations` times',
  querySchema: { type: 'object', properties: { iterations: { type: 'integer', minimum: 1, default: 100_000 } } },
  contract: { description: 'the final digest', resultSchema: { type: 'object' } },
  availability: () => ({ available: true }),
  async run({ params }, context) {
    const iterations = params.iterations as number;
    let digest = Buffer.alloc(32);
    for (let i = 1; i <= iterations; i++) {
      digest = createHash('sha256').update(digest).digest();
      if (i % Math.ceil(iterations / 4) === 0) await context.progress((100 * i) / iterations, `${i} of ${iterations}`);
    }
    return { digest: digest.toString('hex') };
  },
};

async function main(): Promise<void> {
  const runtime = await openRuntime(loadSettings(), silentLogger, { modules: [cpuWork] });
  await runtime.startWorkers();
  process.send?.('ready');
  process.once('SIGTERM', () => {
    void runtime.close().finally(() => process.exit(0));
  });
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
