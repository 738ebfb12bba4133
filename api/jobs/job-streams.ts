// Job state streams (spec §6): a WebSocket that polls about every 500 ms and sends each change (stops
// on SUCCESS or FAILURE; ERROR for an unknown job or a broken stream; TIMEOUT after 1,200 polls), and
// an SSE stream of `job_status` events that ends on SUCCESS, FAILURE or REVOKED, or with TIMEOUT after
// the same poll budget. Both read the job as the caller (another researcher's job is unknown), and a
// client holds at most JOB_STREAM_MAX_PER_CLIENT of them at once.
import type { Request, Response } from 'express';
import type expressWs from 'express-ws';
import type WebSocket from 'ws';
import type { JobStatusReader } from '../../commands/jobs/read-job-status';
import { jobStatusView, JobSnapshot, streamStatus } from '../../domain/jobs/job-status';
import type { Settings } from '../../infra/config/settings';
import type { ApiRegistry, RouteDefinition } from '../http/registry';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { detailSchema, jobIdParams } from './job.schemas';
import { StreamSlots, streamClient } from './stream-slots';

const WS_TERMINAL = new Set(['SUCCESS', 'FAILURE']);
const SSE_TERMINAL = new Set(['SUCCESS', 'FAILURE', 'REVOKED']);
const TOO_MANY_STREAMS = 'too many open job streams from this client (JOB_STREAM_MAX_PER_CLIENT)';

const streamMessage = {
  type: 'object',
  description: 'A JobStatus (job_id, status, and progress/result/error as the state populates them)',
  properties: {
    job_id: { type: 'string' },
    status: { enum: ['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE', 'ERROR', 'TIMEOUT', 'REVOKED'] },
  },
  required: ['status'],
};

export interface JobStreamDeps {
  settings: Pick<Settings, 'jobStreamPollMs' | 'jobStreamMaxPolls' | 'jobStreamMaxPerClient'>;
  readJob: JobStatusReader;
  slots: StreamSlots;
}

interface SseOptions {
  readJob: JobStatusReader;
  jobId: string;
  viewer: string | undefined;
  pollMs: number;
  maxPolls: number;
}

export function jobStreamRoutes(deps: JobStreamDeps): RouteDefinition[] {
  const { jobStreamPollMs: pollMs, jobStreamMaxPolls: maxPolls, jobStreamMaxPerClient: perClient } = deps.settings;
  // Declaring 429 replaces the registry's standard rate-limit answer, so it names both causes.
  const tooMany = {
    description: `Rate limited (too many requests in the window), or this client already holds ${perClient} open job streams (WebSocket and SSE together; JOB_STREAM_MAX_PER_CLIENT)`,
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying (rate limit only)', schema: { type: 'integer', minimum: 0 } } },
  };
  return [
    {
      method: 'get',
      path: '/api/jobs/{job_id}/ws',
      operationId: 'jobStatusWebSocket',
      summary: 'WebSocket stream of a job\'s state',
      description: `Upgrade to WebSocket. Every ~${pollMs} ms the server checks the job and sends a JSON JobStatus message when the state changed. `
        + `It closes after SUCCESS or FAILURE; sends {status: "ERROR"} for an unknown job (or another researcher's) or a broken stream and {status: "TIMEOUT"} after ${maxPolls} polls. `
        + 'When API_KEY is set, pass X-API-Key or ?api_key=; a missing key closes with code 4401, a wrong one with 4403. '
        + 'Before the handshake, a browser page whose Origin is neither in CORS_ORIGINS nor the service\'s own gets 403, and a client over its stream limit 429.',
      tags: ['jobs'],
      access: 'api-key',
      principal: 'optional',
      transport: 'websocket',
      params: jobIdParams,
      query: { type: 'object', properties: { api_key: { type: 'string', description: 'API key (WebSocket clients only)' } } },
      responses: {
        101: { description: 'Switching to the WebSocket protocol; messages as described', schema: streamMessage },
        403: { description: 'API key wrong (closes with 4403 after the handshake), or, before it, the page\'s Origin is not allowed' },
        429: tooMany,
      },
    },
    {
      method: 'get',
      path: '/api/stream/jobs/{job_id}',
      operationId: 'jobStatusEvents',
      summary: 'Server-sent events stream of a job\'s state',
      description: `Polls the job every ${pollMs} ms and sends \`event: job_status\` with a JSON JobStatus body on each change; ends on SUCCESS, FAILURE or REVOKED, `
        + `or with a TIMEOUT status after ${maxPolls} polls.`,
      tags: ['jobs'],
      access: 'api-key',
      principal: 'optional',
      transport: 'sse',
      params: jobIdParams,
      responses: {
        200: { description: 'text/event-stream of job_status events', contentType: 'text/event-stream', schema: streamMessage },
        404: { description: 'No such job (or another researcher\'s)', schema: detailSchema },
        429: { ...tooMany, schema: detailSchema },
      },
      handler: async ({ params, req, res, principal }) => {
        const release = deps.slots.acquire(streamClient(req));
        if (!release) {
          res.status(429).json({ detail: TOO_MANY_STREAMS });
          return;
        }
        try {
          const options = { readJob: deps.readJob, jobId: String(params.job_id), viewer: principal?.id, pollMs, maxPolls };
          const first = await deps.readJob(options.jobId, options.viewer);
          if (!first) {
            res.status(404).json({ detail: 'no such job' });
            return;
          }
          await streamServerSentEvents(options, first, req, res);
        } finally {
          release();
        }
      },
    },
  ];
}

async function streamServerSentEvents({ readJob, jobId, viewer, pollMs, maxPolls }: SseOptions, first: JobSnapshot, req: Request, res: Response) {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  const write = (message: string) => res.write(`event: job_status\ndata: ${message}\n\n`);
  let closed = false;
  req.on('close', () => (closed = true));
  res.on('close', () => (closed = true)); // the client went away: stop polling, give its slot back
  let job: JobSnapshot | undefined = first;
  let polls = 1;
  let last = '';
  let lastWrite = Date.now();
  while (!closed) {
    if (job) {
      const message = JSON.stringify({ ...jobStatusView(job), status: streamStatus(job) });
      if (message !== last) {
        write(message);
        last = message;
        lastWrite = Date.now();
      }
      if (SSE_TERMINAL.has(streamStatus(job))) break;
    }
    // Same budget as the WebSocket: a job that never ends must not hold a connection and a poller forever.
    if (polls >= maxPolls) {
      write(JSON.stringify({ job_id: jobId, status: 'TIMEOUT', error: `no final state after ${maxPolls} polls` }));
      break;
    }
    if (Date.now() - lastWrite > 15_000) {
      res.write(': keep-alive\n\n'); // proxies drop silent connections
      lastWrite = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    job = await readJob(jobId, viewer).catch(() => undefined);
    polls++;
  }
  res.end();
}

/** Mounts the WebSocket route of the registry (express-ws), with the registry's auth and validation. */
export function mountJobWebSocket(app: expressWs.Application, registry: ApiRegistry, deps: JobStreamDeps): void {
  const route = registry.routes.find((r) => r.operationId === 'jobStatusWebSocket');
  if (!route) throw new Error('jobStatusWebSocket route is not registered');
  const { jobStreamPollMs: pollMs, jobStreamMaxPolls: maxPolls } = deps.settings;
  app.ws('/api/jobs/:job_id/ws', (ws: WebSocket, req: Request) => {
    const send = (message: object) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    // The handshake checked for room (job-socket-handshake.ts); two sockets racing through it meet here.
    const release = deps.slots.acquire(streamClient(req));
    if (!release) {
      send({ status: 'ERROR', error: TOO_MANY_STREAMS });
      ws.close(4429, 'too many job streams');
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    ws.on('close', () => {
      clearTimeout(timer);
      release();
    });
    const run = async () => {
      let prepared;
      try {
        prepared = await registry.prepare(route, req, true);
      } catch (error) {
        const detail = error instanceof RequestValidationError ? error.message : 'invalid request';
        send({ status: 'ERROR', error: detail });
        ws.close(4422, 'invalid request');
        return;
      }
      if ('status' in prepared) {
        send({ status: 'ERROR', error: (prepared.body as { detail: string }).detail });
        ws.close(4000 + prepared.status, 'unauthorized');
        return;
      }
      const jobId = String(prepared.params.job_id);
      const viewer = prepared.principal?.id;
      let polls = 0;
      let last = '';
      const tick = async () => {
        if (ws.readyState !== ws.OPEN) return;
        polls++;
        try {
          const job = await deps.readJob(jobId, viewer);
          if (!job) {
            send({ job_id: jobId, status: 'ERROR', error: 'unknown or orphaned job' });
            ws.close(1000);
            return;
          }
          const view = jobStatusView(job);
          const message = JSON.stringify(view);
          if (message !== last) {
            ws.send(message);
            last = message;
          }
          if (WS_TERMINAL.has(view.status)) {
            ws.close(1000);
            return;
          }
        } catch (error) {
          send({ job_id: jobId, status: 'ERROR', error: 'job stream failed' });
          req.log.warn({ err: error, jobId }, 'job websocket failed');
          ws.close(1011);
          return;
        }
        if (polls >= maxPolls) {
          send({ job_id: jobId, status: 'TIMEOUT', error: `no final state after ${maxPolls} polls` });
          ws.close(1000);
          return;
        }
        timer = setTimeout(tick, pollMs);
      };
      await tick();
    };
    run().catch(() => ws.close(1011));
  });
}
