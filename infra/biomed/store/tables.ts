// Table names of the biomedical store. It lives in its own PostgreSQL schema, apart from the
// Workspace's tables in the default schema (spec §1: the store is separate from the Workspace store).
export const BIOMED_SCHEMA = 'biomed';

export const T = {
  snapshots: `${BIOMED_SCHEMA}.snapshots`,
  terms: `${BIOMED_SCHEMA}.terms`,
  edges: `${BIOMED_SCHEMA}.is_a_edges`,
  mappings: `${BIOMED_SCHEMA}.mappings`,
  claims: `${BIOMED_SCHEMA}.claims`,
  evidence: `${BIOMED_SCHEMA}.evidence_links`,
} as const;
