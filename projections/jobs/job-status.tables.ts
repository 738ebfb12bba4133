// Table names of this read model: only its projector and its .queries.ts files (this folder) use them.
export const JOB_STATUS_TABLE = 'job_status';
