// GET /api/system/modules: every module a job can run, the registry's (sorted by id) then run-all.
import { moduleQuerySchema, ModuleDefinition, ModuleRegistry } from './module-registry';
import { RUN_ALL, runAllModule } from './run-all';

export interface ModuleCatalogEntry {
  module: ModuleDefinition;
  /** The query schema a submission is validated against (run-all's own; a module's plus the common parameters). */
  requestSchema: ModuleDefinition['querySchema'];
}

export function listModules(modules: ModuleRegistry): ModuleCatalogEntry[] {
  // run-all is listed for its schema and contract only: nothing runs it from here, so no reports directory.
  return [...modules.list(), runAllModule(modules, '')].map((module) => ({
    module,
    requestSchema: module.id === RUN_ALL ? module.querySchema : moduleQuerySchema(module),
  }));
}
