// Shared by long-running commands: settings, logger, runtime, and a clean shutdown on SIGINT/SIGTERM.
import { createLogger, Logger } from '../../infra/logging/logger';
import { loadSettings, Settings } from '../../infra/config/settings';
import { cliServices, CliRuntime } from '../cli-services';

export async function withRuntime<T>(
  use: (runtime: CliRuntime) => Promise<T>,
  adjust: (settings: Settings) => Settings = (s) => s,
): Promise<T> {
  const settings = adjust(loadSettings());
  const logger = createLogger({ level: settings.logLevel });
  const runtime = await cliServices().openRuntime(settings, logger);
  try {
    return await use(runtime);
  } finally {
    await runtime.close();
  }
}

/** Resolves on the first SIGINT or SIGTERM. */
export function untilSignal(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
