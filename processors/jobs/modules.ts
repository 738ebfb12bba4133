// The analysis modules this build ships. Each capability adds its module here when it lands.
import type { ModuleDefinition } from './module-registry';

export const allModules: readonly ModuleDefinition[] = [];
