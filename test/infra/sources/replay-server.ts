// A local HTTP server (127.0.0.1, ephemeral port) that plays a provider: it records every request and
// answers with what the test's handler returns, in the provider's own response format.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunSourceOptions } from '../../../infra/sources/source-runner';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. /esearch.fcgi */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** ms since the server started. */
  at: number;
}

/** 'hang' accepts the request and never answers. */
export type Reply = { status?: number; headers?: Record<string, string>; body?: string } | 'hang';
export type Handler = (request: RecordedRequest, index: number) => Reply | Promise<Reply>;

export class ReplayServer {
  readonly requests: RecordedRequest[] = [];
  private readonly started = Date.now();

  private constructor(private readonly server: http.Server, private handler: Handler) {}

  static async start(handler: Handler): Promise<ReplayServer> {
    let self: ReplayServer | undefined;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void self!.answer(req, Buffer.concat(chunks).toString('utf8'), res);
      });
    });
    self = new ReplayServer(server, handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return self;
  }

  /** The base URL to hand to runSource({ baseUrl }), with an optional path prefix. */
  url(prefix = '/'): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${prefix}`;
  }

  setHandler(handler: Handler): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, at: Date.now() - this.started };
    this.requests.push(recorded);
    let reply: Reply;
    try {
      reply = await this.handler(recorded, this.requests.length - 1);
    } catch (error) {
      reply = { status: 599, body: String(error) };
    }
    if (reply === 'hang') return;
    res.writeHead(reply.status ?? 200, reply.headers ?? {});
    res.end(reply.body ?? '');
  }
}

/** A base URL on which nothing listens (a server was bound there and closed). */
export async function closedPortUrl(prefix = '/'): Promise<string> {
  const server = await ReplayServer.start(() => ({ status: 200 }));
  const url = server.url(prefix);
  await server.close();
  return url;
}

export const json = (value: unknown, status = 200): Reply => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
export const xml = (body: string, status = 200): Reply => ({ status, headers: { 'content-type': 'text/xml; charset=UTF-8' }, body });

/**
 * Inside a describe: a ReplayServer answering with `handler`, started before each test and closed after it,
 * and the options that run an adapter live against it under `base` (no spacing between requests; `defaults`
 * and then each call's `extra` on top).
 */
export function replayEachTest(handler: () => Handler, base: string, defaults: RunSourceOptions = {}): { readonly server: ReplayServer; options(extra?: RunSourceOptions): RunSourceOptions } {
  let server: ReplayServer | undefined;
  beforeEach(async function () {
    server = await ReplayServer.start(handler());
  });
  afterEach(async function () {
    await server?.close();
  });
  return {
    get server() {
      return server!;
    },
    options: (extra = {}) => ({ mode: 'live', baseUrl: server!.url(base), minIntervalMs: 0, ...defaults, ...extra }),
  };
}
