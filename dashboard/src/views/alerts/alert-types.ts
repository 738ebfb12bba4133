// Shapes of GET /api/workspace/alerts (api/alerts/alerts.routes.ts), as far as the dashboard reads them.
export interface MetricValues {
  score?: number;
  rank?: number;
  average_evidence_quality?: number | null;
  evidence_count?: number;
}

export interface TriggerReason {
  type: 'new_evidence' | 'score_drop' | 'rank_change' | 'evidence_quality_change';
  count?: number;
  threshold?: number;
  previous?: number;
  current?: number;
  change?: number;
}

export interface Delivery {
  status: 'in_flight' | 'failed' | 'succeeded';
  attempts: number;
  last_error: string | null;
}

export interface Alert {
  alert_id: string;
  run_id: string;
  previous_run_id?: string;
  disease_id?: string;
  candidate_id: string;
  candidate_type: 'drug' | 'target';
  label?: string;
  status: 'unread' | 'read';
  created_at: string;
  read_at?: string | null;
  previous?: MetricValues | null;
  current: MetricValues | null;
  trigger_reasons: TriggerReason[];
  new_evidence_ids?: string[];
  deliveries?: { email: Delivery | null; chat: Delivery | null };
}

export interface AlertsPage {
  alerts: Alert[];
  total: number;
  unread_count: number;
  limit: number;
  offset: number;
}

export const ALERTS_PAGE_SIZE = 20;
