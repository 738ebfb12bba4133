// Following a job's state: the WebSocket first (/api/jobs/{id}/ws), server-sent events when the socket
// fails (/api/stream/jobs/{id}), polling GET /api/jobs/{id} as the last resort. Each transport hands
// every JobStatus it sees to onStatus and resolves when the job reached a final state; a transport that
// breaks before that passes on to the next one. Everything stops when `signal` aborts. Polling (the
// last resort) asks every 2 s and, refused with a 429, waits Retry-After and goes on: never stops for good.
import { api, ApiError, request } from '../../core/api';
import { retrying } from '../../core/back-off';
import { readEventStream } from './event-stream';
import { apiKey } from '../../core/session-store';

export type JobState = 'PENDING' | 'STARTED' | 'PROGRESS' | 'SUCCESS' | 'FAILURE' | 'REVOKED' | 'ERROR' | 'TIMEOUT';

export interface JobStatus {
  job_id?: string;
  status: JobState;
  module?: string;
  progress?: { percent: number; message: string };
  result?: unknown;
  error?: string;
}

export type Transport = 'ws' | 'sse' | 'poll';
export const TRANSPORTS: Transport[] = ['ws', 'sse', 'poll'];
export const FINAL_STATES = new Set<JobState>(['SUCCESS', 'FAILURE', 'REVOKED']);
// Half the default budget of 60 requests a minute at most, leaving room for the rest of the page.
const POLL_MS = 2000;

export interface FollowOptions {
  jobId: string;
  /** Where to start; later transports remain as fallbacks. */
  start: Transport;
  signal: AbortSignal;
  onStatus(status: JobStatus): void;
  onTransport(transport: Transport, reason: string | null): void;
  /** Polling was refused (429) and waits this many seconds before asking again. */
  onWait?(seconds: number): void;
}

/** Follows the job to a final state; resolves with the last status (or undefined when aborted). */
export async function followJob(options: FollowOptions): Promise<JobStatus | undefined> {
  let reason: string | null = null;
  for (const transport of TRANSPORTS.slice(TRANSPORTS.indexOf(options.start))) {
    if (options.signal.aborted) return undefined;
    options.onTransport(transport, reason);
    try {
      return await RUNNERS[transport](options);
    } catch (error) {
      if (options.signal.aborted) return undefined;
      if (error instanceof ApiError && error.status === 404) throw error;
      reason = `${transport === 'ws' ? 'WebSocket' : transport === 'sse' ? 'Event stream' : 'Polling'}: ${(error as Error).message}`;
    }
  }
  throw new Error(reason ?? 'no way to follow this job');
}

const RUNNERS: Record<Transport, (options: FollowOptions) => Promise<JobStatus | undefined>> = {
  ws: viaWebSocket,
  sse: viaEventStream,
  poll: viaPolling,
};

function viaWebSocket({ jobId, signal, onStatus }: FollowOptions): Promise<JobStatus | undefined> {
  return new Promise((resolve, reject) => {
    const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const key = apiKey();
    const url = `${protocol}//${location.host}/api/jobs/${encodeURIComponent(jobId)}/ws${key ? `?api_key=${encodeURIComponent(key)}` : ''}`;
    const socket = new WebSocket(url);
    let last: JobStatus | undefined;
    const stop = () => socket.close();
    signal.addEventListener('abort', () => { stop(); resolve(undefined); }, { once: true });
    socket.addEventListener('message', (event) => {
      const status = parse(event.data);
      if (!status) return;
      if (status.status === 'ERROR' || status.status === 'TIMEOUT') {
        reject(new Error(status.error ?? status.status));
        stop();
        return;
      }
      last = status;
      onStatus(status);
      if (FINAL_STATES.has(status.status)) {
        resolve(status);
        stop();
      }
    });
    socket.addEventListener('close', (event) => {
      if (!last || !FINAL_STATES.has(last.status)) reject(new Error(`the socket closed (code ${event.code}) before the job finished`));
    });
  });
}

async function viaEventStream({ jobId, signal, onStatus }: FollowOptions): Promise<JobStatus | undefined> {
  // fetch rather than EventSource, so the X-API-Key header goes along when the deployment needs it.
  const response = await request<Response>('GET', `/api/stream/jobs/${encodeURIComponent(jobId)}`, {
    signal, as: 'response', headers: { Accept: 'text/event-stream' },
  });
  if (!response.body) throw new Error('the event stream has no body');
  try {
    for await (const message of readEventStream(response.body)) {
      if (message.event !== 'job_status') continue;
      const status = parse(message.data);
      if (!status) continue;
      onStatus(status);
      if (FINAL_STATES.has(status.status)) return status;
    }
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  }
  if (signal.aborted) return undefined;
  throw new Error('the event stream ended before the job finished');
}

async function viaPolling({ jobId, signal, onStatus, onWait }: FollowOptions): Promise<JobStatus | undefined> {
  let last = '';
  while (!signal.aborted) {
    let status: JobStatus;
    try {
      status = await retrying(() => api.get<JobStatus>(`/api/jobs/${encodeURIComponent(jobId)}`, { signal }), signal, onWait);
    } catch (error) {
      if (signal.aborted) return undefined;
      throw error;
    }
    const text = JSON.stringify(status);
    if (text !== last) onStatus(status);
    last = text;
    if (FINAL_STATES.has(status.status)) return status;
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, POLL_MS);
      signal.addEventListener('abort', () => { clearTimeout(timer); resolve(undefined); }, { once: true });
    });
  }
  return undefined;
}

function parse(data: unknown): JobStatus | undefined {
  try {
    const value = JSON.parse(String(data)) as JobStatus;
    return value && typeof value.status === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
