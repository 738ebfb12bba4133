// The unread-alerts count in the navigation. Refreshed on load, after a dossier completes, when
// alerts change, and every 60 seconds (spec §6).
import { api } from '../../core/api';
import { authState } from '../../core/auth';
import { replace } from '../../core/dom';
import { on } from '../../core/events';

export const ALERTS_REFRESH_MS = 60_000;
/** Alerts are raised by a processor moments after a run completes, so look again a little later too. */
export const AFTER_DOSSIER_REFRESH_MS = [0, 2_000, 6_000];
/** The list is a read model that follows a mark-read a moment later: look again shortly after. */
export const AFTER_CHANGE_REFRESH_MS = [0, 1_000, 3_000];

export function mountAlertsBadge(badge: HTMLElement): void {
  const refresh = async () => {
    if (!authState()?.authenticated) {
      badge.hidden = true;
      return;
    }
    try {
      const page = await api.get<{ unread_count: number }>('/api/workspace/alerts', { query: { unread_only: true, limit: 1 } });
      replace(badge, String(page.unread_count));
      badge.hidden = page.unread_count === 0;
      badge.setAttribute('aria-label', `${page.unread_count} unread alerts`);
    } catch {
      // A failed refresh keeps the last count; the next tick tries again.
    }
  };
  void refresh();
  on('signed-in', () => void refresh());
  on('dossier-completed', () => AFTER_DOSSIER_REFRESH_MS.forEach((delay) => setTimeout(() => void refresh(), delay)));
  on('alerts-changed', () => AFTER_CHANGE_REFRESH_MS.forEach((delay) => setTimeout(() => void refresh(), delay)));
  setInterval(() => void refresh(), ALERTS_REFRESH_MS);
}
