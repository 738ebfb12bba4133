// The biomed store's single-call read queries, as the /api/v1 routes call them: a route imports its reads
// from here (commands/), never from infra/, so the adapter behind a query can move without touching routes.
// Reads that combine several queries have their own file beside this one (condition-hierarchy, condition-claims,
// claim-graph-reads).
export { conditionSummary, searchConditionsJson } from '../../infra/biomed/read/conditions';
export { sharedMechanisms } from '../../infra/biomed/read/shared-mechanisms';
export { targetPrioritization, targets } from '../../infra/biomed/read/graph-analytics';
export { storeStats } from '../../infra/biomed/read/stats';
export { legacyClaimDiagnostics, LEGACY_STATUSES } from '../../infra/biomed/read/legacy-diagnostics';
