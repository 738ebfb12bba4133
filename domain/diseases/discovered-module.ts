// A Workspace disease module made from one MONDO condition and its exact published mappings
// (`evidence disease discover`). Pure: the caller reads the active MONDO snapshot. Only exact mappings
// fill identifiers (never label matching); a condition that lacks what a complete module needs is
// skipped with the reason, so every module written passes diseaseModuleSchema.
import type { DiseaseModule } from './disease-module';

export interface MondoCondition {
  curie: string;
  label: string | null;
  /** In the order of the source file. */
  synonyms: readonly { text: string; scope: string }[];
  obsolete: boolean;
  /** Every CURIE an exact mapping of the snapshot pairs with this condition (any prefix). */
  exactMappings: readonly string[];
}

export const SKIP_REASONS = {
  not_a_mondo_id: 'not a MONDO:nnnnnnn identifier',
  obsolete: 'obsolete term',
  no_label: 'the term has no label',
  no_exact_efo_mapping: 'no exact EFO mapping (efo_id is required)',
  several_exact_efo_mappings: 'several exact EFO mappings (efo_id would be a guess)',
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

export type DiscoveryOutcome =
  | { complete: true; module: DiseaseModule }
  | { complete: false; reason: SkipReason; detail?: string };

const MONDO_ID = /^MONDO:(\d{7})$/;
const EFO_CURIE = /^EFO:(\d+)$/;

/** mondo_0008383: stable, unique per MONDO id and never derived from a label. */
export function discoveredModuleId(mondoCurie: string): string {
  const match = MONDO_ID.exec(mondoCurie);
  if (!match) throw new Error(`not a MONDO id: ${mondoCurie}`);
  return `mondo_${match[1]}`;
}

/** Exact synonyms, trimmed, without the label and without case-insensitive repeats, in file order. */
function exactSynonyms(label: string, synonyms: MondoCondition['synonyms']): string[] {
  const seen = new Set([label.toLowerCase()]);
  const out: string[] = [];
  for (const s of synonyms) {
    const text = s.text.trim();
    if (s.scope !== 'EXACT' || !text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
  }
  return out;
}

export function discoverModule(condition: MondoCondition): DiscoveryOutcome {
  if (!MONDO_ID.test(condition.curie)) return { complete: false, reason: 'not_a_mondo_id' };
  if (condition.obsolete) return { complete: false, reason: 'obsolete' };
  const label = condition.label?.trim();
  if (!label) return { complete: false, reason: 'no_label' };
  const efo = [...new Set(condition.exactMappings.filter((c) => EFO_CURIE.test(c)))].sort();
  if (efo.length === 0) return { complete: false, reason: 'no_exact_efo_mapping' };
  if (efo.length > 1) return { complete: false, reason: 'several_exact_efo_mappings', detail: efo.join(', ') };
  // EFO:0000685 -> EFO_0000685, the form the Workspace modules and GWAS/Open Targets queries use.
  const efoId = efo[0]!.replace(':', '_');
  const id = discoveredModuleId(condition.curie);
  const synonyms = exactSynonyms(label, condition.synonyms);
  // Key order is fixed here, so the same snapshot always serializes to the same bytes.
  const module: DiseaseModule = {
    id,
    name: label,
    synonyms,
    mondo_id: condition.curie,
    efo_id: efoId,
    search: {
      pubmed: { terms: [label] },
      clinical_trials: synonyms.length > 0 ? { condition: label, terms: synonyms } : { condition: label },
      gwas: { efo_traits: [efoId] },
      opentargets: { efo_id: efoId },
    },
    kg_seeds: { disease_node: `disease:${id}` },
  };
  return { complete: true, module };
}

/** The file text: two-space JSON and a final newline. */
export function serializeModule(module: DiseaseModule): string {
  return `${JSON.stringify(module, null, 2)}\n`;
}

export function moduleFileName(module: Pick<DiseaseModule, 'id'>): string {
  return `${module.id}.json`;
}
