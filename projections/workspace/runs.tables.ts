// Table names of this read model: only its projector and its .queries.ts files (this folder) use them.
export const RUNS_TABLE = 'workspace_runs';
export const DELETED_RUNS_TABLE = 'workspace_deleted_runs';
