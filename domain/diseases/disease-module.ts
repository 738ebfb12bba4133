// A disease module: everything the Workspace needs to research one disease. One JSON file each in
// fixtures/diseases/ (later generated from an imported MONDO). Validated by diseaseModuleSchema.
import { DISEASE_MODULE_ID_PATTERN } from './disease-id-patterns';

export interface DiseaseModule {
  /** Short id used in requests: sle, ra, ... ([a-z0-9_]). */
  id: string;
  name: string;
  synonyms: string[];
  /** MONDO:0007915 */
  mondo_id: string;
  /** EFO_0002690 */
  efo_id: string;
  /** Per-source search configuration; a source missing here is "skipped" for this disease. */
  search: {
    pubmed?: { terms: string[]; mesh_terms?: string[] };
    clinical_trials?: { condition: string; terms?: string[] };
    gwas?: { efo_traits: string[] };
    fda_labels?: { indication_terms: string[] };
    opentargets?: { efo_id: string };
    gtex?: { tissues: string[]; genes: string[] };
    biorxiv?: { keywords: string[] };
    chembl?: { target_genes: string[] };
  };
  /** Knowledge-graph node ids where path explanations start or end (e.g. "disease:sle"). */
  kg_seeds: { disease_node: string; phenotype_nodes?: string[] };
}

/** Required configuration; a module lacking any of it is rejected before evidence work. */
export const diseaseModuleSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: DISEASE_MODULE_ID_PATTERN },
    name: { type: 'string', minLength: 1 },
    synonyms: { type: 'array', items: { type: 'string', minLength: 1 } },
    mondo_id: { type: 'string', pattern: '^MONDO:\\d{7}$' },
    efo_id: { type: 'string', pattern: '^[A-Za-z]+_\\d+$' },
    search: {
      type: 'object',
      properties: {
        pubmed: { type: 'object', properties: { terms: { type: 'array', items: { type: 'string' }, minItems: 1 }, mesh_terms: { type: 'array', items: { type: 'string' } } }, required: ['terms'] },
        clinical_trials: { type: 'object', properties: { condition: { type: 'string', minLength: 1 }, terms: { type: 'array', items: { type: 'string' } } }, required: ['condition'] },
        gwas: { type: 'object', properties: { efo_traits: { type: 'array', items: { type: 'string' }, minItems: 1 } }, required: ['efo_traits'] },
        fda_labels: { type: 'object', properties: { indication_terms: { type: 'array', items: { type: 'string' }, minItems: 1 } }, required: ['indication_terms'] },
        opentargets: { type: 'object', properties: { efo_id: { type: 'string' } }, required: ['efo_id'] },
        gtex: { type: 'object', properties: { tissues: { type: 'array', items: { type: 'string' }, minItems: 1 }, genes: { type: 'array', items: { type: 'string' }, minItems: 1 } }, required: ['tissues', 'genes'] },
        biorxiv: { type: 'object', properties: { keywords: { type: 'array', items: { type: 'string' }, minItems: 1 } }, required: ['keywords'] },
        chembl: { type: 'object', properties: { target_genes: { type: 'array', items: { type: 'string' }, minItems: 1 } }, required: ['target_genes'] },
      },
      required: ['pubmed', 'clinical_trials'],
      additionalProperties: false,
    },
    kg_seeds: {
      type: 'object',
      properties: { disease_node: { type: 'string', minLength: 1 }, phenotype_nodes: { type: 'array', items: { type: 'string' } } },
      required: ['disease_node'],
    },
  },
  required: ['id', 'name', 'synonyms', 'mondo_id', 'efo_id', 'search', 'kg_seeds'],
  additionalProperties: false,
} as const;
