// The virtual-screening module (`virtual-screening`, legacy alias `screening`): GET /api/screening ranks DrugBank
// compounds for a target gene by fingerprint similarity to its known binders, with drug-likeness, and with
// use_vina=true docks the top few with AutoDock Vina (screen-compounds.ts).
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import type { AnalysisModule } from '../analysis-module';
import { renderScreeningHtml } from './render-screening-html';
import { DOCKING_METHOD, SCREENING_METHOD, screenCompounds } from './screen-compounds';
import { DISEASE_ID_PATTERN } from '../../../domain/diseases/disease-id-patterns';
import { DEFAULT_MIN_TANIMOTO } from '../../../domain/screening/similarity-floor';

const num = { type: 'number' };
const ref = { type: 'object', properties: { curie: { type: 'string' }, label: { type: 'string' } }, required: ['curie', 'label'] };
const candidateSchema = {
  type: 'object',
  properties: {
    rank: { type: 'integer' }, curie: { type: 'string' }, label: { type: 'string' }, max_tanimoto: num, nearest_binder: ref,
    lipinski: {
      type: 'object',
      properties: { molecular_weight: num, logp: num, h_bond_donors: { type: 'integer' }, h_bond_acceptors: { type: 'integer' }, violations: { type: 'array', items: { type: 'string' } }, passes: { type: 'boolean' } },
      required: ['molecular_weight', 'logp', 'h_bond_donors', 'h_bond_acceptors', 'violations', 'passes'],
    },
    qed: { type: 'object', properties: { value: num, properties: { type: 'object' }, desirabilities: { type: 'object' }, alerts: { type: 'array', items: { type: 'string' } } }, required: ['value', 'properties', 'desirabilities', 'alerts'] },
    qed_without_alerts: { type: 'object', description: 'Deprecated: the seven-property QED approximation of earlier releases; use qed.', properties: { value: num, properties: { type: 'object' }, desirabilities: { type: 'object' } }, required: ['value', 'properties', 'desirabilities'] },
    smiles: { type: 'string' },
    docking: {
      type: ['object', 'null'],
      properties: { ok: { type: 'boolean' }, affinity_kcal_mol: num, ligand_atoms: { type: 'integer' }, stage: { type: 'string' }, error: { type: 'string' } },
      required: ['ok'],
    },
  },
  required: ['rank', 'curie', 'label', 'max_tanimoto', 'nearest_binder', 'lipinski', 'qed', 'qed_without_alerts', 'smiles', 'docking'],
};

export const SCREENING_RESULT_SCHEMA = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    target: {
      type: 'object',
      properties: { curie: { type: 'string' }, symbol: { type: 'string' }, chosen_by: { enum: ['gene_id', 'most_targeted_disease_gene'] }, known_binders: { type: 'integer' }, binders_with_structure: { type: 'integer' } },
      required: ['curie', 'symbol', 'chosen_by', 'known_binders', 'binders_with_structure'],
    },
    known_binders: { type: 'array', items: { type: 'object', properties: { curie: { type: 'string' }, label: { type: 'string' }, edge_types: { type: 'array', items: { type: 'string' } }, has_structure: { type: 'boolean' } }, required: ['curie', 'label', 'edge_types', 'has_structure'] } },
    library: {
      type: 'object',
      properties: {
        drugbank_snapshot: { type: 'string' }, compounds_with_inchi: { type: 'integer' }, structures_restored: { type: 'integer' },
        not_restored: { type: 'array', items: { type: 'object', properties: { curie: { type: 'string' }, label: { type: 'string' }, reason: { type: 'string' } }, required: ['curie', 'reason'] } },
        candidates_screened: { type: 'integer' },
      },
      required: ['drugbank_snapshot', 'compounds_with_inchi', 'structures_restored', 'not_restored', 'candidates_screened'],
    },
    fingerprint: { type: 'object' },
    similarity_floor: {
      type: 'object', description: 'Compounds below min_tanimoto are not candidates; no_analogue_above_floor says when none reaches it',
      properties: {
        min_tanimoto: num, above_floor: { type: 'integer' }, below_floor: { type: 'integer' }, no_analogue_above_floor: { type: 'boolean' },
        closest: { type: ['object', 'null'] }, note: { type: 'string' },
      },
      required: ['min_tanimoto', 'above_floor', 'below_floor', 'no_analogue_above_floor', 'closest', 'note'],
    },
    candidates: { type: 'array', items: candidateSchema },
    docking: { type: ['object', 'null'] },
  },
  required: [...ENVELOPE_REQUIRED, 'target', 'known_binders', 'library', 'fingerprint', 'similarity_floor', 'candidates', 'docking'],
};

export const SCREENING_QUERY = {
  type: 'object',
  properties: {
    gene_id: { type: 'string', pattern: '^NCBIGene:[0-9]{1,12}$', description: 'Target gene (NCBIGene CURIE). Default: the disease\'s most-targeted GWAS gene (most compounds with TARGETS/BINDS edges; ties by the smaller NCBI Gene number)' },
    top_n: { type: 'integer', minimum: 1, maximum: 1500, default: 50, description: 'Candidates returned' },
    min_tanimoto: { type: 'number', minimum: 0, maximum: 1, default: DEFAULT_MIN_TANIMOTO, description: 'Similarity floor: compounds below this Tanimoto to every known binder are not candidates (similarity_floor says when none reaches it)' },
    use_vina: { type: 'boolean', default: false, description: 'Dock the top dock_top candidates with AutoDock Vina (needs vina, obabel and a receptor in SCREENING_RECEPTORS_DIR; else 409)' },
    dock_top: { type: 'integer', minimum: 1, maximum: 10, default: 3, description: 'With use_vina: how many of the top candidates to dock (each takes tens of seconds)' },
    exhaustiveness: { type: 'integer', minimum: 1, maximum: 32, default: 4, description: 'With use_vina: Vina\'s search exhaustiveness' },
    disease_id: { type: 'string', maxLength: 100, pattern: DISEASE_ID_PATTERN, default: 'sle', description: 'Disease module id (sle) or disease CURIE; chooses the default gene' },
  },
  additionalProperties: false,
};

export const virtualScreeningModule: AnalysisModule = {
  id: 'virtual-screening',
  aliases: ['screening'],
  title: 'Virtual screening: fingerprint similarity to known binders, drug-likeness, optional docking',
  description: 'Ranks DrugBank compounds for a target gene by the highest Morgan-fingerprint Tanimoto similarity to its known binders '
    + '(compounds with TARGETS/BINDS edges, listed separately), with Lipinski\'s rule of five and QED (with its structural alerts); use_vina=true docks the '
    + 'top candidates with AutoDock Vina.',
  routes: [{
    path: '/api/screening',
    operationId: 'screenCompounds',
    summary: 'Ligand-based virtual screening for a target gene',
    description: `${SCREENING_METHOD}. With use_vina=true: ${DOCKING_METHOD}. Unknown disease or gene: 404; no known binder with a structure, `
      + 'no drugbank snapshot, or (use_vina) a missing vina, obabel or receptor: 409 naming what is missing.',
    query: SCREENING_QUERY,
    resultSchema: SCREENING_RESULT_SCHEMA,
    run: screenCompounds,
  }],
  renderHtml: renderScreeningHtml,
};
