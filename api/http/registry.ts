// Every route the service serves is declared here once: method, path, who may call it, its JSON
// schemas and its handler. The registry mounts the Express routes (auth, validation, handler) and is
// the single source the OpenAPI document is generated from (api/openapi/), so docs cannot drift.
import { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { compile, JsonSchema, RequestValidationError, unstorableTextDetails, validate, ValidationDetail } from '../../domain/shared/schema-validation';
import type { ResearcherPrincipal } from '../auth/principal';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * public: anyone. api-key: X-API-Key required when API_KEY is set (the default for POST, PUT, PATCH and
 * DELETE, and for protected GETs such as job status, job streams, evidence and cache).
 */
export type Access = 'public' | 'api-key';

export interface ResponseSpec {
  description: string;
  schema?: JsonSchema;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export interface RouteContext<Params = Record<string, string>, Query = Record<string, unknown>, Body = unknown> {
  req: Request;
  res: Response;
  params: Params;
  query: Query;
  body: Body;
  /** The researcher, when the route asks for one and the request carries one. */
  principal: ResearcherPrincipal | undefined;
}

export interface RouteDefinition {
  method: HttpMethod;
  /** OpenAPI style: /api/jobs/{job_id}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  access?: Access;
  /** required: 401 without a researcher principal; optional: resolved when present. */
  principal?: 'required' | 'optional';
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  /**
   * Only routes that declare a body (or set acceptsBody, when the handler validates a body whose schema
   * depends on the request) have it parsed; on every other route a body is ignored, never parsed.
   */
  acceptsBody?: boolean;
  /** 'handler': the body schema documents the route, the handler validates (it normalizes first). */
  bodyValidation?: 'registry' | 'handler';
  responses: Record<string, ResponseSpec>;
  /** websocket and sse routes are served by their own transport; the registry documents them. */
  transport?: 'http' | 'websocket' | 'sse';
  handler?: (context: RouteContext<any, any, any>) => Promise<void> | void; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface HttpGuards {
  /** Enforces the API key (401 missing, 403 wrong) when API_KEY is set; `allowQuery` for WebSockets. */
  requireApiKey(req: Request, allowQuery: boolean): { status: 401 | 403; detail: string } | undefined;
  /** The server-derived researcher principal of this request, if any. */
  resolvePrincipal(req: Request): Promise<ResearcherPrincipal | undefined>;
}

export function defaultAccess(route: Pick<RouteDefinition, 'method' | 'access'>): Access {
  return route.access ?? (route.method === 'get' ? 'public' : 'api-key');
}

/** Does this route read a request body? Everything else leaves any body it is sent unparsed. */
export function takesBody(route: Pick<RouteDefinition, 'body' | 'acceptsBody'>): boolean {
  return route.body !== undefined || route.acceptsBody === true;
}

export function expressPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

export class ApiRegistry {
  private readonly definitions: RouteDefinition[] = [];

  /** `bodyParser` parses a JSON body (size and depth limited); it runs only for routes that take a body. */
  constructor(private readonly guards: HttpGuards, private readonly bodyParser?: RequestHandler) {}

  get routes(): readonly RouteDefinition[] {
    return this.definitions;
  }

  add(...routes: RouteDefinition[]): this {
    for (const route of routes) {
      const clash = this.definitions.find((r) => r.method === route.method && r.path === route.path);
      if (clash) throw new Error(`route ${route.method.toUpperCase()} ${route.path} declared twice`);
      if (this.definitions.some((r) => r.operationId === route.operationId)) throw new Error(`operationId ${route.operationId} declared twice`);
      this.definitions.push(route);
    }
    return this;
  }

  /**
   * Compiles every route's request schemas (path, query, body) ahead of their first request, one schema per
   * turn of the event loop, so no request waits for a compilation and no turn holds the loop for more than one
   * schema (issue 23: a first request compiled its body schema on the serving loop, up to 180 ms under
   * bench:fuzz). `serve` runs it once listening; a schema compiled here is the one validate() then uses.
   */
  async compileSchemasInBackground(nextTurn: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve))): Promise<number> {
    let compiled = 0;
    for (const route of this.definitions) {
      const schemas: [JsonSchema | undefined, 'path' | 'query' | 'body'][] = [
        [route.params, 'path'], [route.query, 'query'], [route.bodyValidation === 'handler' ? undefined : route.body, 'body'],
      ];
      for (const [schema, where] of schemas) {
        if (!schema) continue;
        await nextTurn();
        compile(schema, where);
        compiled += 1;
      }
    }
    return compiled;
  }

  /** Express router for the http routes, in declaration order. */
  router(): Router {
    const router = Router();
    for (const route of this.definitions) {
      if ((route.transport ?? 'http') !== 'http' && route.transport !== 'sse') continue;
      if (!route.handler) throw new Error(`route ${route.operationId} has no handler`);
      router[route.method](expressPath(route.path), this.pipeline(route));
    }
    return router;
  }

  /** Auth, principal and validation for one route, then its handler. Also used by WebSocket routes. */
  pipeline(route: RouteDefinition, options: { allowQueryApiKey?: boolean } = {}): RequestHandler {
    const parse = takesBody(route) ? this.bodyParser : undefined;
    return (req: Request, res: Response, next: NextFunction) => {
      if (!parse) {
        req.body = undefined; // a body sent to a route that takes none is never parsed
        this.run(route, req, res, next, options);
        return;
      }
      parse(req, res, (error?: unknown) => (error ? next(error) : this.run(route, req, res, next, options)));
    };
  }

  private run(route: RouteDefinition, req: Request, res: Response, next: NextFunction, options: { allowQueryApiKey?: boolean }): void {
    this.prepare(route, req, options.allowQueryApiKey ?? false)
      .then(async (prepared) => {
        if ('status' in prepared) {
          res.status(prepared.status).json(prepared.body);
          return;
        }
        await route.handler!({ req, res, ...prepared });
      })
      .catch(next);
  }

  /** Runs the checks; returns either the typed inputs or the error response to send. */
  async prepare(route: RouteDefinition, req: Request, allowQueryApiKey: boolean): Promise<
    { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown; principal: ResearcherPrincipal | undefined }
    | { status: number; body: unknown }
  > {
    if (defaultAccess(route) === 'api-key') {
      const denied = this.guards.requireApiKey(req, allowQueryApiKey);
      if (denied) return { status: denied.status, body: { detail: denied.detail } };
    }
    const principal = route.principal ? await this.guards.resolvePrincipal(req) : undefined;
    if (route.principal === 'required' && !principal) {
      return { status: 401, body: { detail: 'sign in required: no researcher principal on this request' } };
    }
    const params = { ...req.params };
    // Express 5 exposes req.query as a getter: validate a copy so defaults and coercions stick.
    const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
    if (allowQueryApiKey) delete query.api_key;
    let body: unknown = req.body;
    // Text no database can store is refused before any schema or handler sees it, whichever validates.
    const unstorable = [
      ...unstorableTextDetails(params, 'path'), ...unstorableTextDetails(query, 'query'), ...unstorableTextDetails(body, 'body'),
    ];
    if (unstorable.length > 0) throw new RequestValidationError(unstorable);
    const details: ValidationDetail[] = [];
    if (route.params) details.push(...validate(route.params, params, 'path'));
    if (route.query) details.push(...validate(route.query, query, 'query'));
    if (route.body && route.bodyValidation !== 'handler') {
      if (body === undefined) body = {};
      details.push(...validate(route.body, body, 'body'));
    }
    if (details.length > 0) throw new RequestValidationError(details);
    return { params, query, body, principal };
  }
}
