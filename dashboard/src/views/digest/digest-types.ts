// Shapes of the digest routes (api/digest/digest.routes.ts).
export interface DigestPreview {
  period: string;
  window_start: string;
  window_end: string;
  new_evidence: { evidence_id: string; run_id: string; title: string }[];
  new_evidence_count?: number;
  unresolved_reminders: { alert_id: string; label: string }[];
  unresolved_reminder_count?: number;
  changed_decisions: { run_id: string; candidate_id: string; previous_decision: string; decision: string }[];
  changed_decision_count?: number;
  suppressed: boolean;
  latest_run_id?: string | null;
  review_link?: string | null;
}

export type SendStatus = 'queued' | 'in_flight' | 'retrying' | 'delivered' | 'suppressed' | 'failed' | 'already_delivered';

export interface SendResult {
  period: string;
  status: SendStatus;
  round: number;
  attempts: number;
  retries: number;
  channels: string[];
  last_error?: string | null;
  next_attempt_at?: string | null;
}

export interface DeliveryRecord {
  period: string;
  window_start?: string;
  window_end?: string;
  status: Exclude<SendStatus, 'already_delivered'>;
  trigger?: 'schedule' | 'manual';
  forced?: boolean;
  round?: number;
  attempts: number;
  retries: number;
  total_attempts?: number;
  channels?: string[];
  last_error?: string | null;
  queued_at?: string;
  last_attempt_at?: string | null;
  next_attempt_at?: string | null;
  delivered_at?: string | null;
}
