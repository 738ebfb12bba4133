// The dashboard's only door to the service: the public HTTP API, same origin, session cookie plus the
// X-API-Key the researcher gave at sign-in when the deployment requires one. A 401 on anything but
// the login itself means the session ended: the sign-in dialog opens over the current view.
import { emit } from './events';
import { apiKey } from './session-store';

export interface FieldError {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    readonly headers: Headers,
    /** The research-only disclaimer when the error body carries one (every /api/v1 answer does). */
    readonly disclaimer?: string,
  ) {
    super(status === 429 ? tooManyRequests(headers) : describeDetail(status, detail));
  }

  /** 422 validation details ({loc, msg, type}), if this is one. */
  get fieldErrors(): FieldError[] {
    return Array.isArray(this.detail) ? (this.detail as FieldError[]).filter((d) => d && Array.isArray(d.loc)) : [];
  }
}

/** A 429 says when to come back (Retry-After, seconds), not the server's rate arithmetic. */
export function tooManyRequests(headers: Pick<Headers, 'get'>): string {
  const seconds = Number(headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? `too many requests — retry in ${Math.ceil(seconds)} s` : 'too many requests — retry shortly';
}

function describeDetail(status: number, detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((d) => (d && typeof d.msg === 'string' ? `${(d.loc ?? []).join('.')}: ${d.msg}` : String(d))).join('; ');
  return `request failed with status ${status}`;
}

export type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'json' (default), 'blob' for downloads, 'response' for the raw Response (ETags etc.). */
  as?: 'json' | 'blob' | 'response';
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const key = apiKey();
  if (key) headers['X-API-Key'] = key;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(buildUrl(path, options.query), { method, headers, body, credentials: 'same-origin', signal: options.signal });
  if (!response.ok) {
    const { detail, disclaimer } = await readError(response);
    if (response.status === 401 && path !== '/api/auth/login') emit('session-expired', undefined);
    throw new ApiError(response.status, detail, response.headers, disclaimer);
  }
  if (options.as === 'response') return response as unknown as T;
  if (options.as === 'blob') return (await response.blob()) as unknown as T;
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function readError(response: Response): Promise<{ detail: unknown; disclaimer?: string }> {
  try {
    const json = (await response.json()) as { detail?: unknown; disclaimer?: unknown };
    return { detail: json?.detail ?? json, disclaimer: typeof json?.disclaimer === 'string' ? json.disclaimer : undefined };
  } catch {
    return { detail: `request failed with status ${response.status}` };
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Saves a fetched blob as a download without leaving the page. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
