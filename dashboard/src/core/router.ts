// Hash routes (#runs/{id}?tab=reviews): the server serves one document at / and the fragment picks the
// view, so links from digests (/#digest/{period}) and bookmarks work without server routes. Each view
// gets an AbortSignal that fires when the user navigates away (stops polling, sockets, fetches).
export interface ViewContext {
  params: Record<string, string>;
  query: URLSearchParams;
  outlet: HTMLElement;
  signal: AbortSignal;
}

export type View = (context: ViewContext) => void | Promise<void>;

interface Route {
  pattern: string;
  segments: string[];
  view: View;
  title: string;
}

const routes: Route[] = [];
let current: AbortController | undefined;

export function route(pattern: string, title: string, view: View): void {
  routes.push({ pattern, segments: pattern.split('/'), view, title });
}

export function navigate(path: string): void {
  const target = `#${path.replace(/^#/, '')}`;
  if (location.hash === target) void render();
  else location.hash = target;
}

export function currentPath(): string {
  return location.hash.replace(/^#\/?/, '');
}

function match(path: string): { route: Route; params: Record<string, string> } | undefined {
  const parts = path.split('/').filter((p) => p !== '');
  for (const candidate of routes) {
    if (candidate.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = candidate.segments.every((segment, i) => {
      const part = parts[i] as string;
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = decodeURIComponent(part);
        return true;
      }
      return segment === part;
    });
    if (ok) return { route: candidate, params };
  }
  return undefined;
}

let outletElement: HTMLElement | undefined;
let fallbackPath = 'ask';

export function startRouter(outlet: HTMLElement, defaultPath: string): void {
  outletElement = outlet;
  fallbackPath = defaultPath;
  window.addEventListener('hashchange', () => void render());
  void render();
}

/** Renders the view for the current fragment (again). */
export async function render(): Promise<void> {
  if (!outletElement) return;
  const [path = '', queryString = ''] = currentPath().split('?');
  const found = match(path) ?? match(fallbackPath);
  if (!found) return;
  current?.abort();
  current = new AbortController();
  const outlet = outletElement;
  outlet.replaceChildren();
  // A view with its own disclaimer (the dossier's) sets this again: one disclaimer per page.
  document.body.classList.remove('own-disclaimer');
  document.title = `${found.route.title} — Evidence Research Service`;
  document.querySelectorAll('nav a[data-route]').forEach((link) => {
    link.classList.toggle('active', path.startsWith((link as HTMLElement).dataset.route ?? '\u0000'));
  });
  await found.route.view({ params: found.params, query: new URLSearchParams(queryString), outlet, signal: current.signal });
}
