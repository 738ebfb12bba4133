// The web dashboard: the document at / and its built assets under /assets/. The assets are built by
// Vite from dashboard/ into dist/dashboard (`npm run build`, which `npm ci` runs through `prepare`).
// The built document carries no inline script or style, so the strict CSP below can be enforced
// without 'unsafe-inline'. DASHBOARD_CSP_MODE: off sends no policy, report-only sends
// Content-Security-Policy-Report-Only, enforce (or the DASHBOARD_CSP=true alias) sends Content-Security-Policy.
import type { Settings } from '../../infra/config/settings';
import type { RouteDefinition } from '../http/registry';
import { DashboardAssets, loadDashboardAssets } from './dashboard-assets';

export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const CSP_HEADER = { 'off': undefined, 'report-only': 'Content-Security-Policy-Report-Only', 'enforce': 'Content-Security-Policy' } as const;

/** Served when the assets were not built (e.g. only `tsc` ran): says how to build them. */
const NOT_BUILT_DOCUMENT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Evidence Research Service</title>
</head>
<body>
<main>
<h1>Evidence Research Service — research use only</h1>
<p>This service works on public biomedical knowledge for research. It accepts no patient or case data and gives no medical advice.</p>
<p>The dashboard assets are not built. Run <code>npm run build</code> (or <code>npm ci</code>, which builds) and restart the service.
The HTTP API is described at <a href="/api/docs">/api/docs</a> when OPENAPI_ENABLED is set.</p>
</main>
</body>
</html>
`;

export function dashboardRoutes(settings: Settings, assets: DashboardAssets = loadDashboardAssets()): RouteDefinition[] {
  const cspHeader = CSP_HEADER[settings.dashboardCspMode];
  return [
    {
      method: 'get',
      path: '/',
      operationId: 'dashboard',
      summary: 'The web dashboard',
      description: 'The dashboard document (a single-page application over this public API). It has no inline scripts or styles. '
        + 'Its Content-Security-Policy follows DASHBOARD_CSP_MODE: off (no header), report-only (Content-Security-Policy-Report-Only) '
        + 'or enforce (Content-Security-Policy; DASHBOARD_CSP=true is an alias). Views are addressed by the URL fragment '
        + '(#ask, #runs/{run_id}, #compare, #trends, #alerts, #settings, #digest/{period}, #biomed …).',
      tags: ['dashboard'],
      access: 'public',
      responses: {
        200: {
          description: 'The dashboard document',
          contentType: 'text/html',
          schema: { type: 'string' },
          headers: {
            'Content-Security-Policy': { description: `When DASHBOARD_CSP_MODE=enforce: ${DASHBOARD_CSP}`, schema: { type: 'string' } },
            'Content-Security-Policy-Report-Only': { description: 'When DASHBOARD_CSP_MODE=report-only: the same policy', schema: { type: 'string' } },
          },
        },
      },
      handler: ({ res }) => {
        if (cspHeader) res.setHeader(cspHeader, DASHBOARD_CSP);
        res.setHeader('Cache-Control', 'no-cache');
        res.type('html').send(assets.indexHtml ?? NOT_BUILT_DOCUMENT);
      },
    },
    {
      method: 'get',
      path: '/assets/{asset}',
      operationId: 'dashboardAsset',
      summary: 'A built dashboard asset (script, stylesheet)',
      description: 'Content-hashed file names, so they are cached for a year. 404 for any name the build did not produce.',
      tags: ['dashboard'],
      access: 'public',
      params: { type: 'object', properties: { asset: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,200}$' } }, required: ['asset'] },
      responses: {
        200: { description: 'The asset', contentType: 'application/octet-stream', schema: { type: 'string' } },
        404: { description: 'No such asset', schema: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } },
      },
      handler: ({ res, params }) => {
        const file = assets.files.get((params as { asset: string }).asset);
        if (!file) {
          res.status(404).json({ detail: 'no such dashboard asset' });
          return;
        }
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.type(file.contentType).send(file.body);
      },
    },
  ];
}
