// The service's disease registry, built the same way in every thread that resolves disease ids: the curated
// module files, those `evidence disease discover` wrote under DATA_DIR, and MONDO's class registry from
// MONDO_DIR. (An analysis thread once built it without MONDO and answered 404 for `mondo_…` ids the
// serving thread resolves.)
import type { Logger } from 'pino';
import type { Settings } from '../infra/config/settings';
import { DEFAULT_DISEASES_DIR, discoveredModulesDir, DiseaseRegistry } from '../infra/diseases/disease-registry';
import { openMondoRegistry } from '../infra/diseases/read-mondo-registry';

export function serviceDiseaseRegistry(settings: Settings, logger: Pick<Logger, 'info' | 'warn'>): DiseaseRegistry {
  return DiseaseRegistry.loadAll([DEFAULT_DISEASES_DIR, discoveredModulesDir(settings.dataDir)])
    .withMondo(() => openMondoRegistry(settings.mondoDir, logger));
}
