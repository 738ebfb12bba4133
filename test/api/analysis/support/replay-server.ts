// A local HTTP server answering like a provider (openFDA, ClinicalTrials.gov, an OpenAI-compatible LLM):
// the test gives a handler from the request to a status and JSON body, and reads back the requests made.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Replayed { method: string; url: URL; body: string; headers: http.IncomingHttpHeaders }
export interface ReplayServer { baseUrl: string; requests: Replayed[]; close(): Promise<void> }
export type ReplayHandler = (request: Replayed) => { status: number; body: unknown };

export async function startReplayServer(handler: ReplayHandler): Promise<ReplayServer> {
  const requests: Replayed[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://127.0.0.1'), body: Buffer.concat(chunks).toString('utf8'), headers: req.headers };
      requests.push(request);
      const { status, body } = handler(request);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
