// ChEMBL web services (www.ebi.ac.uk/chembl/api/data), for the disease's target genes:
//   GET /target/search.json?q=<gene>         the human targets with <gene> among their components: the
//                                            single protein, and the complexes and protein families it is
//                                            part of (a drug acting on a family or a complex names all of
//                                            their component genes; attributes.targetType says which)
//   GET /mechanism.json?target_chembl_id=<id> the drug mechanisms on that target
//   GET /molecule.json?molecule_chembl_id__in=...   preferred names of the molecules (one request)
//   GET /activity.json?...pchembl_value__isnull=false   the best pChEMBL of each molecule on its target (one request)
// The offline corpus is a mechanism.json response ({ mechanisms: [...] }); its mechanisms may carry
// molecule_pref_name and pchembl_value, and it may bundle the targets / molecules / activities arrays of
// the other three answers. Records: approved drugs first, then by pChEMBL; mechanisms carry no date.
import type { SourceRecord } from '../../../domain/workspace/sources';
import type { ProviderHttp, SourceAdapter, SourceQuery } from '../source-adapter';
import { arr, isObject, malformed, num, snippet, str, parseJson } from '../response-fields';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const SEARCH_LIMIT = 10;
const MAX_LIMIT = 1000;

interface Target {
  id: string;
  /** Every component's gene symbol (one for a single protein). */
  genes: string[];
  type: string;
  name?: string;
}

/** Human target types whose mechanisms are kept: a protein, or a set of proteins named by its component genes. */
const TARGET_TYPES = ['SINGLE PROTEIN', 'PROTEIN COMPLEX', 'PROTEIN COMPLEX GROUP', 'PROTEIN FAMILY', 'PROTEIN-PROTEIN INTERACTION', 'SELECTIVITY GROUP', 'CHIMERIC PROTEIN'];

/** What the molecule, activity and target answers add to the mechanisms. */
export interface MechanismContext {
  genes: Map<string, string[]>; // target_chembl_id -> component gene symbols
  types?: Map<string, string>; // target_chembl_id -> target_type
  names: Map<string, string>; // molecule_chembl_id -> pref_name
  pchembl: Map<string, number>; // `${molecule}/${target}` -> best pChEMBL
}

function listOf(body: unknown, key: string): unknown[] {
  if (!isObject(body) || !Array.isArray(body[key])) throw malformed(`expected { ${key}: [...] }`);
  return body[key];
}

const geneSymbols = (target: Record<string, unknown>): string[] =>
  arr(target.target_components).flatMap((c) =>
    arr(obj(c).target_component_synonyms)
      .map(obj)
      .filter((s) => s.syn_type === 'GENE_SYMBOL')
      .map((s) => str(s.component_synonym) ?? ''),
  ).filter(Boolean);

/**
 * The human targets of a gene in a target search answer: its single protein first, then the complexes and
 * families with the gene among their components (search order kept within each group).
 */
export function pickTargets(body: unknown, gene: string): Target[] {
  const found: Target[] = [];
  for (const t of listOf(body, 'targets').map(obj)) {
    const id = str(t.target_chembl_id);
    const type = str(t.target_type) ?? '';
    const genes = [...new Set(geneSymbols(t))];
    if (!id || t.organism !== 'Homo sapiens' || !TARGET_TYPES.includes(type)) continue;
    if (genes.some((s) => s.toUpperCase() === gene.toUpperCase())) found.push({ id, genes, type, name: str(t.pref_name) });
  }
  return [...found.filter((t) => t.type === 'SINGLE PROTEIN'), ...found.filter((t) => t.type !== 'SINGLE PROTEIN')];
}

/** target -> component genes and type, from target objects (a corpus file's bundled targets). */
function targetGenes(targets: unknown[]): { genes: Map<string, string[]>; types: Map<string, string> } {
  const genes = new Map<string, string[]>();
  const types = new Map<string, string>();
  for (const t of targets.map(obj)) {
    const id = str(t.target_chembl_id);
    const symbols = [...new Set(geneSymbols(t))];
    if (id && symbols.length > 0) genes.set(id, symbols);
    if (id && str(t.target_type)) types.set(id, str(t.target_type)!);
  }
  return { genes, types };
}

function moleculeNames(molecules: unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of molecules.map(obj)) {
    const id = str(m.molecule_chembl_id);
    const name = str(m.pref_name);
    if (id && name) names.set(id, name);
  }
  return names;
}

function bestPchembl(activities: unknown[]): Map<string, number> {
  const best = new Map<string, number>();
  for (const a of activities.map(obj)) {
    const p = num(a.pchembl_value);
    const target = str(a.target_chembl_id);
    const molecule = str(a.molecule_chembl_id);
    if (p === undefined || !target || !molecule) continue;
    const key = `${molecule}/${target}`;
    if (p > (best.get(key) ?? -Infinity)) best.set(key, p);
  }
  return best;
}

function toRecord(m: Record<string, unknown>, context: MechanismContext): SourceRecord | null {
  const molecule = str(m.molecule_chembl_id);
  const target = str(m.target_chembl_id);
  if (!molecule || !target) return null;
  const parent = str(m.parent_molecule_chembl_id);
  const name = str(m.molecule_pref_name) ?? context.names.get(molecule) ?? (parent ? context.names.get(parent) : undefined);
  const genes = context.genes.get(target) ?? [];
  const gene = genes.length > 0 ? genes.join('/') : undefined;
  const type = context.types?.get(target);
  const pchembl = num(m.pchembl_value) ?? context.pchembl.get(`${molecule}/${target}`) ?? (parent ? context.pchembl.get(`${parent}/${target}`) : undefined);
  const mechanism = str(m.mechanism_of_action) ?? `${str(m.action_type)?.toLowerCase() ?? 'acts on'} ${gene ?? target}`;
  const drug = name ?? molecule;
  const maxPhase = num(m.max_phase);
  const parts = [
    `${drug} (${molecule}): ${mechanism}`,
    str(m.action_type) ? `action type ${str(m.action_type)}` : undefined,
    `target ${target}${gene ? ` (${gene})` : ''}${type && type !== 'SINGLE PROTEIN' ? `, a ${type.toLowerCase()}` : ''}`,
    maxPhase !== undefined ? `max phase ${maxPhase}` : undefined,
    pchembl !== undefined ? `best pChEMBL ${pchembl}` : undefined,
    str(m.mechanism_comment),
  ].filter(Boolean);
  return {
    source: 'chembl',
    nativeId: `${molecule}/${target}`,
    recordType: 'bioactivity',
    title: `${drug} — ${mechanism}`,
    url: `https://www.ebi.ac.uk/chembl/compound_report_card/${encodeURIComponent(molecule)}/`,
    text: snippet(parts.join('; ')),
    published: null,
    structured: { drugs: name ? [name] : [], targets: genes, pathways: [] },
    attributes: { ...(pchembl !== undefined ? { pchembl } : {}), ...(type && type !== 'SINGLE PROTEIN' ? { targetType: type } : {}) },
  };
}

/** Mechanisms -> records, one per molecule/target, approved (highest max_phase) first, then by pChEMBL. */
export function mechanismRecords(mechanisms: unknown[], context: MechanismContext): SourceRecord[] {
  const phase = new Map<string, number>();
  const records: SourceRecord[] = [];
  for (const m of mechanisms.map(obj)) {
    const record = toRecord(m, context);
    if (!record || phase.has(record.nativeId)) continue;
    phase.set(record.nativeId, num(m.max_phase) ?? -1);
    records.push(record);
  }
  return records.sort((a, b) => phase.get(b.nativeId)! - phase.get(a.nativeId)! || (b.attributes.pchembl ?? -1) - (a.attributes.pchembl ?? -1));
}

/** Parses a corpus file: a mechanism.json response, optionally with targets / molecules / activities arrays. */
export function parseMechanismCorpus(body: unknown): SourceRecord[] {
  const mechanisms = listOf(body, 'mechanisms');
  const b = obj(body);
  return mechanismRecords(mechanisms, {
    ...targetGenes(arr(b.targets)),
    names: moleculeNames(arr(b.molecules)),
    pchembl: bestPchembl(arr(b.activities)),
  });
}

const unique = (values: (string | undefined)[]): string[] => [...new Set(values.filter((v): v is string => v !== undefined))];

export const chemblAdapter: SourceAdapter = {
  name: 'chembl',
  defaultBaseUrl: 'https://www.ebi.ac.uk/chembl/api/data',
  minIntervalMs: 200,
  corpusExtension: 'json',

  isConfigured: (disease) => (disease.search.chembl?.target_genes?.length ?? 0) > 0,

  queryTerms: (disease) => [...disease.search.chembl!.target_genes],

  async fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]> {
    const targets: Target[] = [];
    for (const gene of query.disease.search.chembl!.target_genes) {
      for (const target of pickTargets(await http.getJson('target/search.json', { q: gene, limit: SEARCH_LIMIT }), gene)) {
        if (!targets.some((t) => t.id === target.id)) targets.push(target);
      }
    }
    const mechanisms: Record<string, unknown>[] = [];
    for (const target of targets) {
      const page = await http.getJson('mechanism.json', { target_chembl_id: target.id, limit: Math.max(20, Math.min(query.limit, MAX_LIMIT)) });
      mechanisms.push(...listOf(page, 'mechanisms').map(obj));
    }
    if (mechanisms.length === 0) return [];
    const molecules = unique(mechanisms.flatMap((m) => [str(m.molecule_chembl_id), str(m.parent_molecule_chembl_id)]));
    const unnamed = unique(mechanisms.filter((m) => !str(m.molecule_pref_name)).flatMap((m) => [str(m.molecule_chembl_id), str(m.parent_molecule_chembl_id)]));
    const names =
      unnamed.length === 0
        ? new Map<string, string>()
        : moleculeNames(listOf(await http.getJson('molecule.json', { molecule_chembl_id__in: unnamed.join(','), only: 'molecule_chembl_id,pref_name', limit: MAX_LIMIT }), 'molecules'));
    const activities = await http.getJson('activity.json', {
      target_chembl_id__in: targets.map((t) => t.id).join(','),
      molecule_chembl_id__in: molecules.join(','),
      pchembl_value__isnull: 'false',
      only: 'molecule_chembl_id,target_chembl_id,pchembl_value',
      order_by: '-pchembl_value',
      limit: MAX_LIMIT,
    });
    return mechanismRecords(mechanisms, {
      genes: new Map(targets.map((t) => [t.id, t.genes])),
      types: new Map(targets.map((t) => [t.id, t.type])),
      names,
      pchembl: bestPchembl(listOf(activities, 'activities')),
    });
  },

  parseCorpus(content) {
    return parseMechanismCorpus(parseJson(content));
  },
};
