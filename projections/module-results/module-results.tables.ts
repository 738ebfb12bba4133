// Table names of this read model: only its projector and its .queries.ts files (this folder) use them.
export const MODULE_RESULTS_LATEST_TABLE = 'module_results_latest';
