// A local HTTPS "chat webhook" receiver with a self-signed certificate for the provider's host names
// (selfsigned). Tests trust it through the injected CA and reach it through an injected resolver.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export interface ReceivedHook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface WebhookReceiver {
  port: number;
  ca: string;
  received: ReceivedHook[];
  /** Answer the next `count` requests with this status (and a Location for redirects). */
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const pems = await generate([{ name: 'commonName', value: 'hooks.slack.com' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'hooks.slack.com' }, { type: 2, value: 'hooks.slack-gov.com' }] },
    ],
  });
  const received: ReceivedHook[] = [];
  let failures = 0;
  let failStatus = 500;
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failures > 0) {
        failures--;
        if (failStatus >= 300 && failStatus < 400) res.setHeader('Location', 'https://127.0.0.1/elsewhere');
        res.writeHead(failStatus).end('no');
        return;
      }
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    ca: pems.cert,
    received,
    failNext(count, status) {
      failures = count;
      failStatus = status;
    },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
