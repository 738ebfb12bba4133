// Shapes of GET/PUT /api/workspace/notifications (api/notifications/notifications.routes.ts).
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface ChannelStatus {
  configured: boolean;
  available: boolean;
  unavailable_reason?: string | null;
  last_status: 'succeeded' | 'failed' | 'in_flight' | null;
  last_attempt_at?: string | null;
  last_error?: string | null;
  last_alert_id?: string | null;
}

export interface NotificationSettings {
  email: string | null;
  chat_webhook_configured: boolean;
  /** The server never returns the URL itself, only this mask. */
  chat_webhook_url_masked: string | null;
  score_drop_threshold: number;
  rank_change_threshold: number;
  evidence_quality_change_threshold: number;
  weekly_digest_enabled: boolean;
  weekday: Weekday;
  hour: number;
  minute: number;
  timezone: string;
  updated_at?: string | null;
  delivery_status: { email: ChannelStatus; chat: ChannelStatus };
  notifications?: { attempted: number; delivered: number; failed: number };
}

/** The PUT body: omitted fields keep their value; chat_webhook_url only when a new one was typed (null removes it). */
export interface SettingsBody {
  email?: string | null;
  chat_webhook_url?: string | null;
  score_drop_threshold?: number;
  rank_change_threshold?: number;
  evidence_quality_change_threshold?: number;
  weekly_digest_enabled?: boolean;
  weekday?: Weekday;
  hour?: number;
  minute?: number;
  timezone?: string;
}
