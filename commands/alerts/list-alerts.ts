// A researcher's alert poll (GET /api/workspace/alerts): first attempt their pending email/chat
// notifications (spec §6: failures are retried on the next poll), then read a page of their alerts.
// A failing dispatch never hides the alerts: it is logged and the page is served anyway.
import type { Logger } from '../../infra/logging/logger';
import type { AlertDeliveryRow, AlertPage, AlertsQueries } from '../../projections/alerts/alerts.queries';
import type { DispatchReport } from '../notifications/dispatch-pending-alerts';
import type { CommandContext } from '../shared/command-context';

export interface ListAlertsDeps {
  alerts: AlertsQueries;
  dispatchPending: (researcherId: string, context: CommandContext) => Promise<DispatchReport>;
  logger: Logger;
}

export interface ListAlertsInput {
  researcherId: string;
  unreadOnly: boolean;
  limit: number;
  offset: number;
}

export interface AlertListing extends AlertPage {
  deliveries: AlertDeliveryRow[];
  notifications: { attempted: number; delivered: number; failed: number };
}

export async function listAlerts(deps: ListAlertsDeps, input: ListAlertsInput, context: CommandContext): Promise<AlertListing> {
  let notifications = { attempted: 0, delivered: 0, failed: 0 };
  try {
    const report = await deps.dispatchPending(input.researcherId, context);
    notifications = { attempted: report.attempted, delivered: report.delivered, failed: report.failed };
  } catch (error) {
    deps.logger.warn({ err: error }, 'notification dispatch failed; listing alerts anyway');
  }
  const page = await deps.alerts.page(input.researcherId, input);
  const deliveries = await deps.alerts.deliveriesOf(page.rows.map((r) => r.alert_id));
  return { ...page, deliveries, notifications };
}
