// JSON schemas of the job resources (spec §2.2, §2.3): they validate and they document.
// No format: an id of any shape that names no job of the caller's is 404 (spec §7), not 422.
export const jobIdParams = {
  type: 'object',
  properties: { job_id: { type: 'string', description: 'Job id (a UUID) from the submission response' } },
  required: ['job_id'],
};

export const moduleIdParams = {
  type: 'object',
  properties: { module_id: { type: 'string', pattern: '^[a-z0-9_-]{1,64}$', description: 'Module id or legacy alias (see /api/system/modules)' } },
  required: ['module_id'],
};

export const jobSubmissionSchema = {
  title: 'JobSubmission',
  type: 'object',
  properties: {
    job_id: { type: 'string', format: 'uuid' },
    status: { const: 'PENDING' },
    module: { type: 'string', examples: ['workspace'] },
  },
  required: ['job_id', 'status', 'module'],
};

export const jobStatusSchema = {
  title: 'JobStatus',
  type: 'object',
  description: 'Only the fields relevant to the state are present: progress in PROGRESS, result in SUCCESS, error in FAILURE.',
  properties: {
    job_id: { type: 'string', format: 'uuid' },
    status: { enum: ['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE'] },
    module: { type: 'string' },
    progress: {
      type: 'object',
      properties: { percent: { type: 'number', minimum: 0, maximum: 100 }, message: { type: 'string' } },
      required: ['percent', 'message'],
    },
    result: { description: 'Module result; a Workspace job holds {dossier, html}; run-all holds modules_completed, errors, report_paths' },
    error: { type: 'string' },
  },
  required: ['job_id', 'status'],
};

export const detailSchema = {
  type: 'object',
  properties: { detail: { type: 'string' } },
  required: ['detail'],
};

export const moduleBlockedSchema = {
  type: 'object',
  properties: { detail: { type: 'string' }, error_type: { const: 'ModuleNotAvailableError' } },
  required: ['detail', 'error_type'],
};
