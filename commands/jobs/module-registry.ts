// Analysis modules that can run as jobs. Each declares its id, legacy aliases, the schema of its
// request (query parameters, and a JSON body where it takes one), its contract (what it returns),
// whether it is available, and its handler. Real modules register with their own features.
import type { JsonSchema, ValidationDetail } from '../../domain/shared/schema-validation';
import type { Logger } from '../../infra/logging/logger';
import type { CommandContext } from '../shared/command-context';
import { DISEASE_ID_PATTERN } from '../../domain/diseases/disease-id-patterns';

export interface ModuleRunContext {
  jobId: string;
  /** Reports progress (0-100) with a message; throttled and recorded as JobProgressed events. */
  progress(percent: number, message: string): Promise<void>;
  /** Aborted at the soft time limit (reason: SoftTimeLimitExceeded) or when the job is revoked. */
  signal: AbortSignal;
  logger: Logger;
  /** The researcher who submitted the job, when known. */
  researcherId?: string;
  /** For commands the module issues: carries the submitting request's correlation id. */
  command: CommandContext;
  /** Stores a module's result for export (content-addressed, one event each); run-all records each module's. */
  recordResult?(module: string, params: Record<string, unknown>, result: unknown): Promise<void>;
}

export type Availability = { available: true } | { available: false; reason: string };

export interface ModuleDefinition {
  id: string;
  aliases?: readonly string[];
  title: string;
  description: string;
  /** Query parameters (validated with coercion; defaults applied). */
  querySchema: JsonSchema;
  /** JSON body, for modules that take one (e.g. the Workspace's ResearchRequest). */
  bodySchema?: JsonSchema;
  contract: { description: string; resultSchema: JsonSchema };
  availability(): Availability;
  /**
   * Refusals of valid parameters that need no computing, made before the job is queued (an analysis module:
   * a disease the registry does not know), as 422 details; a job so refused would only fail.
   */
  refuseParameters?(params: Record<string, unknown>): ValidationDetail[];
  /**
   * Set for a module queued only by its own use case, for a signed-in researcher (the Workspace: its run
   * is requested first, under that researcher). The generic submission refuses it and run-all leaves it
   * out: queued from there it would have no run and no researcher, and could only fail.
   */
  ownSubmission?: true;
  run(request: { params: Record<string, unknown>; body?: unknown }, context: ModuleRunContext): Promise<unknown>;
  /** Renders a result as an HTML report (export_html=true); HTML-escape everything from data. */
  renderHtml?(result: unknown): string;
}

export class ModuleRegistry {
  private readonly byId = new Map<string, ModuleDefinition>();
  private readonly byAlias = new Map<string, ModuleDefinition>();

  constructor(modules: readonly ModuleDefinition[] = []) {
    for (const module of modules) this.register(module);
  }

  register(module: ModuleDefinition): void {
    for (const name of [module.id, ...(module.aliases ?? [])]) {
      if (this.byId.has(name) || this.byAlias.has(name) || RESERVED.has(name)) throw new Error(`module name ${name} is taken`);
    }
    this.byId.set(module.id, module);
    for (const alias of module.aliases ?? []) this.byAlias.set(alias, module);
  }

  /** By id or legacy alias. */
  find(name: string): ModuleDefinition | undefined {
    return this.byId.get(name) ?? this.byAlias.get(name);
  }

  list(): ModuleDefinition[] {
    return [...this.byId.values()].sort((a, b) => a.id.localeCompare(b.id));
  }
}

/** Names the job routes use for themselves. */
const RESERVED = new Set(['run-all']);

/** Query parameters every module job accepts (spec §4.4). */
export const COMMON_JOB_QUERY = {
  disease_id: { type: 'string', maxLength: 100, pattern: DISEASE_ID_PATTERN, default: 'sle', description: 'Disease module id (sle) or disease CURIE (MONDO:…, DOID:…)' },
  export_html: { type: 'boolean', default: false, description: 'Also write an HTML report; its path is in the result' },
} as const;

/** A module's query schema with the parameters every job takes. */
export function moduleQuerySchema(module: ModuleDefinition): JsonSchema {
  return {
    type: 'object',
    properties: { ...COMMON_JOB_QUERY, ...((module.querySchema.properties as object | undefined) ?? {}) },
    required: (module.querySchema.required as string[] | undefined) ?? [],
    additionalProperties: false,
  };
}
