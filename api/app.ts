// The HTTP application: middleware, then each capability's routes.
import express, { Express } from 'express';
import type { Runtime } from '../infra/app/runtime';
import { correlationMiddleware } from './middleware/correlation';
import { errorHandler, notFoundHandler } from './middleware/errors';
import { healthRoutes } from './operations/health.routes';

export function createApp(runtime: Runtime): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(correlationMiddleware(runtime.logger));
  app.use(express.json({ limit: '10mb' }));
  app.use(healthRoutes(runtime));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
