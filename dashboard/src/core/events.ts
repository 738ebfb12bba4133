// App-wide signals between views, as DOM events on window (no framework store needed).
export interface AppEvents {
  /** A request got 401: show sign-in over the current view without losing what was typed. */
  'session-expired': undefined;
  /** Signed in (again). */
  'signed-in': { researcherId: string };
  /** A dossier job finished: refresh alerts (spec §6). */
  'dossier-completed': { jobId: string; runId: string | null };
  /** Alerts were read or changed: refresh the badge. */
  'alerts-changed': undefined;
}

export function emit<K extends keyof AppEvents>(name: K, detail: AppEvents[K]): void {
  window.dispatchEvent(new CustomEvent(`ers:${name}`, { detail }));
}

export function on<K extends keyof AppEvents>(name: K, listener: (detail: AppEvents[K]) => void): () => void {
  const wrapped = (event: Event) => listener((event as CustomEvent<AppEvents[K]>).detail);
  window.addEventListener(`ers:${name}`, wrapped);
  return () => window.removeEventListener(`ers:${name}`, wrapped);
}
