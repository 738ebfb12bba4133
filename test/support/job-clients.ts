// Real WebSocket and SSE clients for the job streams.
import WebSocket from 'ws';

export interface WsTranscript {
  messages: Record<string, unknown>[];
  closeCode: number;
}

export function collectWebSocket(url: string, headers: Record<string, string> = {}, timeoutMs = 20_000): Promise<WsTranscript> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: Record<string, unknown>[] = [];
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`websocket did not close; got ${JSON.stringify(messages)}`));
    }, timeoutMs);
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve({ messages, closeCode: code });
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads an SSE response to its end; returns the named events. */
export async function collectSse(url: string, headers: Record<string, string> = {}, timeoutMs = 20_000): Promise<{ status: number; contentType: string | null; events: SseEvent[] }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { headers, signal: controller.signal });
    const text = await response.text();
    const events: SseEvent[] = [];
    for (const block of text.split('\n\n')) {
      const lines = block.split('\n').filter((l) => l && !l.startsWith(':'));
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
    return { status: response.status, contentType: response.headers.get('content-type'), events };
  } finally {
    clearTimeout(timer);
  }
}

/** Opens a WebSocket: `open` with the socket once the handshake succeeded, else the HTTP status that refused it. */
export function openWebSocket(url: string, headers: Record<string, string> = {}): Promise<{ status: number; ws?: WebSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve({ status: 101, ws }));
    ws.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      response.resume();
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

/** Resolves with the first message of an open socket. */
export function firstMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
}
