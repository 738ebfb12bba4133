// The built dashboard (dist/dashboard, produced by `vite build`), read once at start-up. Only the
// files the build produced can be served, by exact name, so there is no path to traverse.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

export interface DashboardAsset {
  body: Buffer;
  contentType: string;
}

export interface DashboardAssets {
  /** undefined when the dashboard was not built. */
  indexHtml: string | undefined;
  files: ReadonlyMap<string, DashboardAsset>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** dist/dashboard, beside the compiled server (dist/api/dashboard → dist/dashboard). */
export const BUILT_DASHBOARD_DIR = join(__dirname, '..', '..', 'dashboard');

export function loadDashboardAssets(dir: string = BUILT_DASHBOARD_DIR): DashboardAssets {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) return { indexHtml: undefined, files: new Map() };
  const files = new Map<string, DashboardAsset>();
  const assetDir = join(dir, 'assets');
  if (existsSync(assetDir)) {
    for (const name of readdirSync(assetDir)) {
      const contentType = CONTENT_TYPES[extname(name)];
      if (contentType) files.set(name, { body: readFileSync(join(assetDir, name)), contentType });
    }
  }
  return { indexHtml: readFileSync(indexPath, 'utf8'), files };
}
