// /api/openapi.json, Swagger UI at /api/docs and ReDoc at /api/redoc, only when OPENAPI_ENABLED.
// Everything the pages load is served by this process (deployments may have no internet, so no CDN),
// and the pages carry no inline script (their init code is a served .js file) so a strict CSP holds.
import fs from 'node:fs';
import path from 'node:path';
import type { Settings } from '../../infra/config/settings';
import type { ApiRegistry, RouteDefinition } from '../http/registry';
import { buildOpenApiDocument, OpenApiDocument, serviceInfo } from './openapi-document';

const SPEC_URL = '/api/openapi.json';

/** A file from an npm package, or text generated here. Only listed names are ever served. */
type Asset = { file: string } | { text: string; type: string };

const SWAGGER_INIT = `// Swagger UI for ${SPEC_URL}; a served file so the page needs no inline script.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${SPEC_URL}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null, // the default would call an online validator
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const REDOC_INIT = `// ReDoc for ${SPEC_URL}; a served file so the page needs no inline script.
window.addEventListener('load', function () {
  Redoc.init('${SPEC_URL}', {}, document.getElementById('redoc'));
});
`;

const REDOCLY_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const BLANK_SVG = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

/** ReDoc's bundle with its one CDN reference (the credit logo) replaced by a blank inline image. */
function redocBundleWithoutCdn(): string {
  return fs.readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').split(REDOCLY_CDN_LOGO).join(BLANK_SVG);
}

export function docsRoutes(registry: ApiRegistry, settings: Settings): RouteDefinition[] {
  if (!settings.openapiEnabled) return [];
  const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const swaggerAssets: Record<string, Asset> = {
    'swagger-ui.css': { file: path.join(swaggerDir, 'swagger-ui.css') },
    'index.css': { file: path.join(swaggerDir, 'index.css') },
    'swagger-ui-bundle.js': { file: path.join(swaggerDir, 'swagger-ui-bundle.js') },
    'favicon-32x32.png': { file: path.join(swaggerDir, 'favicon-32x32.png') },
    'swagger-init.js': { text: SWAGGER_INIT, type: 'application/javascript' },
  };
  const redocAssets: Record<string, Asset> = {
    'redoc.standalone.js': { text: redocBundleWithoutCdn(), type: 'application/javascript' },
    'redoc-init.js': { text: REDOC_INIT, type: 'application/javascript' },
    'redoc-page.css': { text: 'body { margin: 0; padding: 0; }\n', type: 'text/css' },
  };

  // Built on first request, not here: other capabilities register routes after this one. Kept serialised
  // too: stringifying the document on every request held the event loop for hundreds of ms (issue 23).
  // Kept as UTF-8 bytes with their ETag as well: encoding the text and hashing it for the ETag on every
  // request still held the loop 15–20 ms a time under bench:fuzz (issue 23). The ETag is the one Express
  // would compute (its `etag fn` setting, over the same bytes), so the answer's headers do not change.
  let cached: { routeCount: number; etagFn: unknown; body: Buffer; etag: string | undefined } | undefined;
  const document = (etagFn: unknown) => {
    if (cached?.routeCount !== registry.routes.length || cached.etagFn !== etagFn) {
      const built: OpenApiDocument = buildOpenApiDocument(registry.routes, serviceInfo());
      const body = Buffer.from(JSON.stringify(built), 'utf8');
      const etag = typeof etagFn === 'function' ? (etagFn as (body: Buffer, encoding: string) => string | undefined)(body, 'utf8') : undefined;
      cached = { routeCount: registry.routes.length, etagFn, body, etag };
    }
    return cached;
  };

  return [
    {
      method: 'get',
      path: SPEC_URL,
      operationId: 'openapiDocument',
      summary: 'This OpenAPI 3.1 description',
      description: 'Generated from the route registry that also serves the routes.',
      tags: ['docs'],
      access: 'public',
      responses: { 200: { description: 'The OpenAPI document', schema: { type: 'object' } } },
      handler: ({ res }) => {
        const { body, etag } = document(res.app.get('etag fn'));
        // What res.send of the text set: a Buffer gets no charset of its own.
        res.set('Content-Type', 'application/json; charset=utf-8');
        if (etag) res.set('ETag', etag);
        res.send(body);
      },
    },
    page('/api/docs', 'swaggerUi', 'Interactive API docs (Swagger UI)', swaggerPage()),
    page('/api/redoc', 'redoc', 'API reference (ReDoc)', redocPage()),
    assetRoute('/api/docs/assets/{file}', 'swaggerUiAsset', swaggerAssets),
    assetRoute('/api/redoc/assets/{file}', 'redocAsset', redocAssets),
  ];
}

// The docs pages load only from this server: ReDoc's sidebar credit links an image on its CDN, which this
// policy blocks before any request leaves (the image hides itself on error). Both viewers inject styles.
const DOCS_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; "
  + "script-src 'self'; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

function page(pagePath: string, operationId: string, summary: string, html: string): RouteDefinition {
  return {
    method: 'get',
    path: pagePath,
    operationId,
    summary,
    tags: ['docs'],
    access: 'public',
    responses: { 200: { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } } },
    handler: ({ res }) => {
      res.setHeader('Content-Security-Policy', DOCS_CSP);
      res.type('html').send(html);
    },
  };
}

function assetRoute(routePath: string, operationId: string, assets: Record<string, Asset>): RouteDefinition {
  return {
    method: 'get',
    path: routePath,
    operationId,
    summary: 'Static asset of a docs page',
    description: `One of: ${Object.keys(assets).join(', ')}.`,
    tags: ['docs'],
    access: 'public',
    // A plain file name: no separators or leading dots, so no way out of the allow-list's directory.
    params: {
      type: 'object',
      properties: { file: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$', maxLength: 100 } },
      required: ['file'],
    },
    responses: {
      200: { description: 'The asset (JavaScript, CSS or image)' },
      404: { description: 'Not an asset of this page', schema: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } },
    },
    handler: ({ res, params }) => {
      const name = (params as { file: string }).file;
      const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
      if (!asset) {
        res.status(404).json({ detail: `no docs asset ${name}` });
        return;
      }
      res.set('Cache-Control', 'public, max-age=3600');
      if ('text' in asset) res.type(asset.type).send(asset.text);
      else res.sendFile(asset.file);
    },
  };
}

function swaggerPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Evidence Research Service API: Swagger UI</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
  <link rel="stylesheet" href="/api/docs/assets/index.css">
  <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/assets/swagger-init.js"></script>
</body>
</html>
`;
}

function redocPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Evidence Research Service API: ReDoc</title>
  <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/api/redoc/assets/redoc-page.css">
</head>
<body>
  <div id="redoc"></div>
  <script src="/api/redoc/assets/redoc.standalone.js"></script>
  <script src="/api/redoc/assets/redoc-init.js"></script>
</body>
</html>
`;
}
