// A worker process (projections + processors, with the test modules) that a test can SIGKILL mid-job.
import { openRuntime } from '../../app/runtime';
import { loadSettings } from '../../infra/config/settings';
import { silentLogger } from '../../infra/logging/logger';
import { testModules } from './test-modules';

async function main(): Promise<void> {
  const runtime = await openRuntime(loadSettings(), silentLogger, { modules: testModules });
  await runtime.startWorkers();
  process.send?.('ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
