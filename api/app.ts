// The HTTP application: cross-cutting middleware, then every route of the registry (which is also
// what /api/openapi.json describes), then 404 and error handling.
import express from 'express';
import expressWs from 'express-ws';
import type { Runtime } from '../infra/app/runtime';
import { createHttpGuards } from './auth/guards';
import { authRoutes } from './auth/auth.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { ApiRegistry } from './http/registry';
import { createRateLimiter, RateLimiter } from './limits/limits';
import { correlationMiddleware } from './middleware/correlation';
import { errorHandler, notFoundHandler } from './middleware/errors';
import { docsRoutes } from './openapi/docs.routes';
import { coreReadinessChecks, healthRoutes } from './operations/health.routes';
import { securityMiddleware } from './security/headers';
import { jobRoutes } from './jobs/job.routes';
import { jobStreamRoutes, mountJobWebSocket } from './jobs/job-streams';
import { systemModuleRoutes } from './system/modules.routes';
import { diseaseRoutes } from './system/diseases.routes';
import { workspaceRunRoutes } from './workspace/runs.routes';
import { workspaceSubmitRoutes } from './workspace/submit.routes';
import { printCssRoutes } from './export/print-css.routes';
import { reviewRoutes } from './workspace/reviews.routes';
import { alertRoutes } from './alerts/alerts.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { digestRoutes } from './digest/digest.routes';
import { acrossRunsRoutes } from './workspace/across-runs.routes';
import { biomedRoutes } from './biomed/biomed.routes';
import { v1DisclaimerMiddleware } from './biomed/disclaimer.middleware';

export interface HttpApp {
  app: expressWs.Application;
  registry: ApiRegistry;
  rateLimiter: RateLimiter;
  close(): Promise<void>;
}

export function createApp(runtime: Runtime): HttpApp {
  const { settings, logger } = runtime;
  const { app } = expressWs(express());
  app.disable('x-powered-by');
  // Client IPs come from the socket; X-Forwarded-For would let any caller pick its rate-limit bucket.
  app.set('trust proxy', false);

  const guards = createHttpGuards(settings, runtime.db.knex);
  const registry = new ApiRegistry(guards);
  const rateLimiter = createRateLimiter(settings, logger);
  const checks = [
    ...coreReadinessChecks(runtime),
    { name: 'rate_limit_store', check: async () => rateLimiter.readiness() },
  ];

  registry.add(...healthRoutes(checks));
  registry.add(...authRoutes({ settings, knex: runtime.db.knex }));
  // The Workspace's own submission route comes before the generic POST /api/jobs/{module_id}.
  registry.add(...workspaceSubmitRoutes(runtime));
  registry.add(...jobRoutes(runtime), ...jobStreamRoutes(runtime));
  registry.add(...systemModuleRoutes(runtime), ...diseaseRoutes(runtime.diseases));
  registry.add(...workspaceRunRoutes(runtime), ...reviewRoutes(runtime), ...printCssRoutes());
  registry.add(...acrossRunsRoutes(runtime));
  registry.add(...alertRoutes(runtime));
  registry.add(...notificationRoutes(runtime));
  registry.add(...digestRoutes(runtime));
  registry.add(...biomedRoutes(runtime));
  registry.add(...dashboardRoutes(settings));
  registry.add(...docsRoutes(registry, settings));

  app.use(correlationMiddleware(logger));
  app.use('/api/v1', v1DisclaimerMiddleware());
  for (const middleware of securityMiddleware(settings)) app.use(middleware);
  app.use(rateLimiter.middleware);
  app.use(express.json({ limit: settings.maxRequestBodyBytes }));
  mountJobWebSocket(app, registry, runtime);
  app.use(registry.router());
  app.use(notFoundHandler);
  app.use(errorHandler);

  return { app, registry, rateLimiter, close: () => rateLimiter.close() };
}
