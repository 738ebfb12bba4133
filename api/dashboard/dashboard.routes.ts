// The dashboard document at / (a placeholder until the real dashboard lands). It carries no inline
// script or style, so the strict CSP below can be enforced without 'unsafe-inline'. DASHBOARD_CSP_MODE:
// off sends no policy, report-only sends Content-Security-Policy-Report-Only, enforce (or the
// DASHBOARD_CSP=true alias) sends Content-Security-Policy.
import type { Settings } from '../../infra/config/settings';
import type { RouteDefinition } from '../http/registry';

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

const DOCUMENT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Evidence Research Service</title>
</head>
<body>
<main>
<h1>Evidence Research Service — research use only</h1>
<p>This service works on public biomedical knowledge for research. It accepts no patient or case data and gives no medical advice. Scores are prioritization heuristics, not probabilities of benefit or safety.</p>
<p>The interactive dashboard is not available yet. The HTTP API is described at <a href="/api/docs">/api/docs</a> (served when OPENAPI_ENABLED is set).</p>
</main>
</body>
</html>
`;

export function dashboardRoutes(settings: Settings): RouteDefinition[] {
  const cspHeader = CSP_HEADER[settings.dashboardCspMode];
  return [
    {
      method: 'get',
      path: '/',
      operationId: 'dashboard',
      summary: 'The web dashboard (placeholder document)',
      description: 'An HTML document without inline scripts or styles. Its Content-Security-Policy follows DASHBOARD_CSP_MODE: '
        + 'off (no header), report-only (Content-Security-Policy-Report-Only) or enforce (Content-Security-Policy; DASHBOARD_CSP=true is an alias).',
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
        res.type('html').send(DOCUMENT);
      },
    },
  ];
}
