// Table names of this read model: only its projector and its .queries.ts files (this folder) use them.
export const ALERTS_TABLE = 'workspace_alerts';
export const ALERT_DELIVERIES_TABLE = 'workspace_alert_deliveries';
