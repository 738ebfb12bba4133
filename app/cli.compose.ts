// The runtime as the `evidence` commands see it (cli/cli-services.ts): the composition root's runtime
// plus its HTTP application.
import type { CliServices } from '../cli/cli-services';
import { createApp } from './http-app';
import { openRuntime } from './runtime';

export const cliServices: CliServices = {
  async openRuntime(settings, logger) {
    const runtime = await openRuntime(settings, logger);
    return Object.assign(runtime, {
      httpApp: () => {
        const http = createApp(runtime);
        return { listen: http.app.listen.bind(http.app), close: () => http.close(), compileSchemasInBackground: () => http.registry.compileSchemasInBackground() };
      },
    });
  },
};
