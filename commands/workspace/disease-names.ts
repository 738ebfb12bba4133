// The names and synonyms of every valid disease module of the registry: what record hygiene reads to leave out a
// record about another disease (domain/workspace/other-disease.ts).
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import type { DiseaseNames } from '../../domain/workspace/other-disease';

export function diseaseNamesOf(registry: Pick<DiseaseRegistry, 'list'>): DiseaseNames[] {
  return registry.list().flatMap((e) => (e.valid && e.module ? [{ id: e.module.id, name: e.module.name, synonyms: e.module.synonyms }] : []));
}
