// Table names of this read model: only its projector and its .queries.ts files (this folder) use them.
export const NOTIFICATION_SETTINGS_TABLE = 'workspace_notification_settings';
