// Table names of this read model: only its projector and its .queries.ts files (this folder) use them.
export const DIGEST_DELIVERIES_TABLE = 'workspace_digest_deliveries';
