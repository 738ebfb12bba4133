// GET /api/export/report/{module}/print.css: the stylesheet every HTML report links (spec §4.9). A
// served file rather than inline styles, so reports render under a strict CSP and print cleanly.
import type { RouteDefinition } from '../http/registry';

export const PRINT_CSS = `
:root { color-scheme: light; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1f24; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1, h2, h3 { line-height: 1.25; }
h2 { border-bottom: 1px solid #d0d7de; padding-bottom: .25rem; margin-top: 2rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { border: 1px solid #d0d7de; padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
pre { white-space: pre-wrap; word-break: break-word; }
.disclaimer, [role="note"] { border: 2px solid #9a6700; background: #fff8c5; padding: .75rem 1rem; border-radius: 6px; }
a { color: #0969da; }
@media print {
  body { margin: 0; max-width: none; font-size: 11pt; }
  a { color: inherit; text-decoration: none; }
  a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 9pt; color: #57606a; }
  h2 { break-after: avoid; }
  tr, li { break-inside: avoid; }
}
`;

export function printCssRoutes(): RouteDefinition[] {
  return [{
    method: 'get',
    path: '/api/export/report/{module}/print.css',
    operationId: 'printStylesheet',
    summary: 'Shared print stylesheet of HTML reports',
    tags: ['export'],
    params: { type: 'object', properties: { module: { type: 'string', pattern: '^[a-z0-9_-]{1,64}$' } }, required: ['module'] },
    responses: { 200: { description: 'The stylesheet', contentType: 'text/css', schema: { type: 'string' } } },
    handler: ({ res }) => {
      res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(PRINT_CSS);
    },
  }];
}
