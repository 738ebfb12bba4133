// POSTs {text} to a chat incoming webhook without letting the URL reach the internal network: the host
// is resolved first (dns.lookup), every resolved address must be public, and the TLS connection goes to
// that very address (no second lookup an attacker's DNS could answer differently) with the original
// Host header and SNI, so the certificate is still checked for the webhook host. Redirects are refused.
import { lookup as dnsLookup } from 'node:dns/promises';
import https from 'node:https';
import { webhookUrlProblem } from '../../domain/notifications/webhook-url';
import { isPublicAddress } from './public-address';
import type { LookupFn, WebhookTransportOptions } from './transport-options';

const defaultLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export class WebhookError extends Error {
  override name = 'WebhookError';
}

export async function postWebhook(
  url: string,
  payload: { text: string },
  headers: Record<string, string>,
  options: WebhookTransportOptions = {},
): Promise<{ status: number }> {
  const problem = webhookUrlProblem(url);
  if (problem) throw new WebhookError(`webhook URL ${problem}`);
  const target = new URL(url);
  const addresses = await (options.lookup ?? defaultLookup)(target.hostname).catch((error: Error) => {
    throw new WebhookError(`webhook host did not resolve (${(error as NodeJS.ErrnoException).code ?? error.message})`);
  });
  if (addresses.length === 0) throw new WebhookError('webhook host did not resolve');
  if (!options.allowPrivateForTests && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new WebhookError('webhook host resolves to a non-public address; refused');
  }
  const chosen = addresses[0]!;
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  return new Promise((resolve, reject) => {
    const request = https.request({
      host: chosen.address,
      family: chosen.family,
      port: options.port ?? 443,
      method: 'POST',
      path: `${target.pathname}${target.search}`,
      servername: target.hostname,
      headers: {
        Host: target.host,
        'Content-Type': 'application/json',
        'Content-Length': String(body.length),
        'User-Agent': 'evidence-research-service',
        ...headers,
      },
      ...(options.ca ? { ca: options.ca } : {}),
      agent: false,
      timeout: options.timeoutMs ?? 10_000,
    }, (response) => {
      const status = response.statusCode ?? 0;
      response.resume(); // the body is not needed; never echo it (it could quote the URL)
      response.on('end', () => {
        if (status >= 300 && status < 400) reject(new WebhookError(`webhook answered a redirect (HTTP ${status}); redirects are refused`));
        else if (status < 200 || status >= 300) reject(new WebhookError(`webhook answered HTTP ${status}`));
        else resolve({ status });
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new WebhookError('webhook request timed out')));
    request.on('error', (error) => reject(error instanceof WebhookError ? error : new WebhookError(`webhook request failed (${(error as NodeJS.ErrnoException).code ?? error.message})`)));
    request.end(body);
  });
}
