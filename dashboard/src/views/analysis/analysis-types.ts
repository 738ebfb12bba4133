// Shapes of GET /api/system/modules and GET /api/jobs/{job_id} as the analysis pages read them.
export interface SchemaProperty {
  type?: string | string[];
  enum?: unknown[];
  items?: SchemaProperty;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  description?: string;
}

export interface ModuleInfo {
  id: string;
  aliases: string[];
  title: string;
  description: string;
  request_schema: { properties?: Record<string, SchemaProperty>; required?: string[] } | null;
  body_schema: unknown;
}

export interface ModulesAnswer { disease: string; modules: ModuleInfo[] }

export interface JobStatus {
  job_id: string;
  status: 'PENDING' | 'STARTED' | 'PROGRESS' | 'SUCCESS' | 'FAILURE';
  module?: string;
  progress?: { percent: number; message: string };
  result?: unknown;
  error?: string;
}

/** Modules with pages of their own elsewhere (the Workspace is Ask) or queued differently. */
export const NOT_ON_ANALYSIS_PAGES = new Set(['workspace', 'run-all']);
