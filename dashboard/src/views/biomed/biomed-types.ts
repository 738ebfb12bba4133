// Shapes of the universal biomedical API (/api/v1, api/biomed/*.routes.ts). Every answer carries a disclaimer.
import type { SnapshotStatus } from '../../../../domain/biomed/snapshot-lifecycle';

export type ReadinessTier = 'L0' | 'L1' | 'L2' | 'L3';

export interface ActiveSnapshot {
  snapshot_id: string;
  resource: string;
  version: string | null;
  activated_at: string | null;
}

export interface SearchHit {
  curie: string;
  label: string | null;
  kind: string;
  resource: string;
  snapshot_id: string;
  matched: 'label' | 'synonym';
  matched_text: string;
  mondo_curie: string | null;
  efo_id: string | null;
  readiness_tier: ReadinessTier;
}

export interface SearchResponse {
  query: string;
  limit: number;
  count: number;
  results: SearchHit[];
  disclaimer: string;
}

export interface Mapping {
  curie: string;
  label: string | null;
  predicate: string;
  sources: string[];
  snapshot_id: string;
}

export interface ConditionSummary {
  curie: string;
  label: string | null;
  kind?: string;
  definition?: string | null;
  obsolete?: boolean;
  replaced_by?: string[] | null;
  synonyms?: { text: string; scope: string; type: string | null }[];
  xrefs?: { id: string; source: string | null }[];
  mappings: Mapping[];
  mondo_curie: string | null;
  efo_id: string | null;
  readiness_tier: ReadinessTier;
  readiness?: { tier: ReadinessTier; meaning: string; exact_mappings: number; phenotype_claims: number; gene_pathway_drug_claims: number };
  source?: { snapshot_id: string; resource: string };
  active_snapshots: ActiveSnapshot[];
  disclaimer: string;
}

export interface HierarchyNode {
  curie: string;
  label: string | null;
  distance: number;
}

export interface HierarchyResponse {
  curie: string;
  label: string | null;
  depth: number;
  parents: HierarchyNode[];
  children: HierarchyNode[];
  edges: { child: string; parent: string }[];
  disclaimer: string;
}

export interface Claim {
  claim_id: string;
  snapshot_id: string;
  subject: string;
  subject_label: string | null;
  predicate: string;
  object: string;
  object_label: string | null;
  evidence_direction: string;
  mondo_curie: string | null;
  qualifiers: Record<string, unknown> | null;
  role: 'subject' | 'object';
  via: 'self' | 'exact_mapping';
  evidence: { snapshot_id: string; source: { file: string; line: number }; reference: string | null; evidence_code: string | null }[];
}

export interface ClaimsResponse {
  curie: string;
  filters: { predicate: string | null; evidence_direction: string | null };
  limit: number;
  count: number;
  has_more: boolean;
  claims: Claim[];
  disclaimer: string;
}

export interface Snapshot {
  snapshot_id: string;
  resource: string;
  version: string | null;
  status: SnapshotStatus;
  active: boolean;
  forced: boolean;
  artifact_sha256: string;
  bytes?: number;
  artifacts?: Record<string, unknown>[];
  counts?: Record<string, number> | null;
  error?: string | null;
  created_at?: string;
  completed_at?: string | null;
  activated_at?: string | null;
  deactivated_at?: string | null;
}

export interface SnapshotsResponse {
  snapshots: Snapshot[];
  disclaimer: string;
}

export interface SnapshotReportResponse {
  snapshot: Snapshot;
  report: Record<string, unknown> | null;
  disclaimer: string;
}
