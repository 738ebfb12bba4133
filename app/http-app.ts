// The HTTP application: cross-cutting middleware, then every route of the registry (which is also
// what /api/openapi.json describes), then 404 and error handling.
import express from 'express';
import expressWs from 'express-ws';
import type { Runtime } from './runtime';
import { createHttpGuards } from '../api/auth/guards';
import { KnexSessionRepository } from '../infra/auth/session-repository';
import { llmConfigured } from '../infra/llm/llm-enrichment';
import { authRoutes } from '../api/auth/auth.routes';
import { dashboardRoutes } from '../api/dashboard/dashboard.routes';
import { ApiRegistry } from '../api/http/registry';
import { createRateLimiter, RateLimiter } from '../api/limits/limits';
import { openClientWindows } from '../infra/rate-limit/client-windows';
import { jsonBodyParser } from '../api/limits/json-body';
import { correlationMiddleware } from '../api/middleware/correlation';
import { errorHandler, notFoundHandler, type StoreErrorKind } from '../api/middleware/errors';
import { StreamDeletedError, WrongExpectedRevisionError } from '../infra/event-store/event-store';
import { docsRoutes } from '../api/openapi/docs.routes';
import { docsOffHint } from '../api/openapi/docs-off-hint';
import { coreReadinessChecks, healthRoutes } from '../api/operations/health.routes';
import { securityMiddleware } from '../api/security/headers';
import { jobRoutes } from '../api/jobs/job.routes';
import { jobStreamRoutes, mountJobWebSocket } from '../api/jobs/job-streams';
import { jobSocketHandshake } from '../api/jobs/job-socket-handshake';
import { canonicalJobPath } from '../api/jobs/canonical-job-path';
import { StreamSlots } from '../api/jobs/stream-slots';
import { jobStatusReaderOf } from './jobs.compose';
import { pendingJobCap } from '../commands/jobs/pending-job-cap';
import { SEED_PRELOAD, stillImportingDetail } from '../commands/biomed/seed-progress';
import { systemModuleRoutes } from '../api/system/modules.routes';
import { diseaseRoutes } from '../api/system/diseases.routes';
import { workspaceRunRoutes } from '../api/workspace/runs.routes';
import { workspaceSubmitRoutes } from '../api/workspace/submit.routes';
import { printCssRoutes } from '../api/export/print-css.routes';
import { operationsRoutes } from './operations.compose';
import { reviewRoutes } from '../api/workspace/reviews.routes';
import { alertRoutes } from '../api/alerts/alerts.routes';
import { notificationRoutes } from '../api/notifications/notifications.routes';
import { digestRoutes } from '../api/digest/digest.routes';
import { alertRouteDeps, digestRouteDeps, notificationRouteDeps } from './notify.compose';
import { acrossRunsRoutes } from '../api/workspace/across-runs.routes';
import { workspaceDeps } from './workspace.compose';
import { biomedRoutes } from '../api/biomed/biomed.routes';
import { biomedRouteDeps } from './biomed.compose';
import { kgBrowseRoutes } from '../api/kg/kg-browse.routes';
import { analysisRoutes } from '../api/analysis/analysis-routes';
import { ANALYSIS_MODULES } from '../commands/analysis';
import { kgAnalysisRoutes } from '../api/kg/kg-analysis.routes';
import { v1DisclaimerMiddleware } from '../api/biomed/disclaimer.middleware';

export interface HttpApp {
  app: expressWs.Application;
  registry: ApiRegistry;
  rateLimiter: RateLimiter;
  streamSlots: StreamSlots;
  close(): Promise<void>;
}

export function createApp(runtime: Runtime): HttpApp {
  const { settings, logger } = runtime;
  const base = express();
  // Job streams, WebSocket and SSE together, per client; the handshake refuses foreign origins and full clients.
  const streamSlots = new StreamSlots(settings.jobStreamMaxPerClient);
  const { app } = expressWs(base, undefined, { wsOptions: { verifyClient: jobSocketHandshake(base, settings, streamSlots) } });
  app.disable('x-powered-by');
  // Off by default: client IPs come from the socket, so X-Forwarded-For cannot pick a rate-limit bucket.
  // TRUST_PROXY names the TLS front (hops or addresses): then req.ip, req.secure (cookies, HSTS) follow it.
  app.set('trust proxy', settings.trustProxy);

  const sessionRepository = new KnexSessionRepository(runtime.db.knex);
  const guards = createHttpGuards(settings, sessionRepository, runtime.clock);
  // Bodies are parsed per route, only where a route takes one (size- and depth-limited).
  const registry = new ApiRegistry(guards, jsonBodyParser({ maxBytes: settings.maxRequestBodyBytes, maxDepth: settings.maxRequestJsonDepth }));
  const rateLimiter = createRateLimiter(settings, openClientWindows(settings, logger));
  const checks = [
    ...coreReadinessChecks(runtime),
    { name: 'rate_limit_store', check: async () => rateLimiter.readiness() },
  ];

  registry.add(...healthRoutes(checks));
  registry.add(...authRoutes({ settings, llmAvailable: llmConfigured(settings.llm), sessionRepository, clock: runtime.clock, failureLog: rateLimiter.failureLog }));
  // The Workspace's own submission route comes before the generic POST /api/jobs/{module_id}.
  // One cap on unfinished jobs per researcher (or client address), shared by every submission route.
  const pendingCap = pendingJobCap(runtime.db.knex, settings.jobMaxPendingPerClient);
  registry.add(...workspaceSubmitRoutes({ store: runtime.store, diseases: runtime.diseases, pendingCap }));
  const readJob = jobStatusReaderOf(runtime);
  const jobStreams = { settings, readJob, slots: streamSlots };
  registry.add(...jobRoutes({ store: runtime.store, modules: runtime.modules, readJob, pendingCap }), ...jobStreamRoutes(jobStreams));
  registry.add(...systemModuleRoutes(runtime.modules), ...diseaseRoutes(runtime.diseases));
  registry.add(...workspaceRunRoutes(workspaceDeps(runtime)), ...reviewRoutes(workspaceDeps(runtime)), ...printCssRoutes());
  registry.add(...acrossRunsRoutes(workspaceDeps(runtime)));
  registry.add(...alertRoutes(alertRouteDeps(runtime)));
  registry.add(...notificationRoutes(notificationRouteDeps(runtime)));
  registry.add(...digestRoutes(digestRouteDeps(runtime)));
  registry.add(...biomedRoutes(biomedRouteDeps(runtime)));
  const kgDeps = { db: runtime.db.knex, diseases: runtime.diseases, heavyReads: runtime.kgHeavyReads };
  registry.add(...kgBrowseRoutes(kgDeps), ...kgAnalysisRoutes(kgDeps));
  const seeding = () => {
    const pending = runtime.preloads.pending(SEED_PRELOAD);
    return pending ? stillImportingDetail(pending.progress) : undefined;
  };
  registry.add(...analysisRoutes(ANALYSIS_MODULES, runtime.analysisRuns, seeding));
  registry.add(...operationsRoutes(runtime, pendingCap));
  registry.add(...dashboardRoutes(settings));
  registry.add(...docsRoutes(registry, settings));

  app.use(correlationMiddleware(logger, runtime.clock));
  app.use('/api/v1', v1DisclaimerMiddleware());
  for (const middleware of securityMiddleware(settings)) app.use(middleware);
  app.use(rateLimiter.middleware);
  mountJobWebSocket(app, registry, jobStreams);
  app.use(canonicalJobPath()); // POST /api/jobs/%77orkspace routes as /api/jobs/workspace
  app.use(registry.router());
  app.use(docsOffHint(settings)); // a 404 that says how to turn the docs on
  app.use(notFoundHandler);
  app.use(errorHandler(eventStoreErrorKind));

  return { app, registry, rateLimiter, streamSlots, close: () => rateLimiter.close() };
}

/** The event store's errors as the error handler answers them. */
function eventStoreErrorKind(error: unknown): StoreErrorKind {
  if (error instanceof WrongExpectedRevisionError) return 'conflict';
  if (error instanceof StreamDeletedError) return 'deleted';
  return undefined;
}
