// Table names of this read model: only its projector and its .queries.ts files (this folder) use them.
export const JOB_ACTIVITY_TABLE = 'ops_job_activity';
export const RUN_ACTIVITY_TABLE = 'ops_run_activity';
