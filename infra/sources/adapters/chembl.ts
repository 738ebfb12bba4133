// ChEMBL web services (www.ebi.ac.uk/chembl/api/data), for the disease's target genes:
//   GET /target/search.json?q=<gene>         the human single-protein target whose gene symbol is <gene>
//   GET /mechanism.json?target_chembl_id=<id> the drug mechanisms on that target
//   GET /molecule.json?molecule_chembl_id__in=...   preferred names of the molecules (one request)
//   GET /activity.json?...pchembl_value__isnull=false   the best pChEMBL of each molecule on its target (one request)
// The offline corpus is a mechanism.json response ({ mechanisms: [...] }); its mechanisms may carry
// molecule_pref_name and pchembl_value, and it may bundle the targets / molecules / activities arrays of
// the other three answers. Records: approved drugs first, then by pChEMBL; mechanisms carry no date.
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceRecord } from '../../../domain/workspace/sources';
import type { ProviderHttp, SourceAdapter, SourceQuery } from '../source-adapter';
import { arr, isObject, malformed, num, snippet, str } from '../source-runner';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const SEARCH_LIMIT = 10;
const MAX_LIMIT = 1000;

interface Target {
  id: string;
  gene: string;
  name?: string;
}

/** What the molecule, activity and target answers add to the mechanisms. */
export interface MechanismContext {
  genes: Map<string, string>; // target_chembl_id -> gene symbol
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

/** The human single-protein target of a gene in a target search answer, or undefined. */
export function pickTarget(body: unknown, gene: string): Target | undefined {
  for (const t of listOf(body, 'targets').map(obj)) {
    const id = str(t.target_chembl_id);
    const symbol = geneSymbols(t).find((s) => s.toUpperCase() === gene.toUpperCase());
    if (id && symbol && t.target_type === 'SINGLE PROTEIN' && t.organism === 'Homo sapiens') return { id, gene: symbol, name: str(t.pref_name) };
  }
  return undefined;
}

/** target -> gene from target objects: the configured gene when one of its symbols, else its first gene symbol. */
function targetGenes(targets: unknown[], configured: string[]): Map<string, string> {
  const wanted = new Set(configured.map((g) => g.toUpperCase()));
  const genes = new Map<string, string>();
  for (const t of targets.map(obj)) {
    const id = str(t.target_chembl_id);
    const symbols = geneSymbols(t);
    const gene = symbols.find((s) => wanted.has(s.toUpperCase())) ?? (symbols.length === 1 ? symbols[0] : undefined);
    if (id && gene) genes.set(id, gene);
  }
  return genes;
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
  const gene = context.genes.get(target);
  const pchembl = num(m.pchembl_value) ?? context.pchembl.get(`${molecule}/${target}`) ?? (parent ? context.pchembl.get(`${parent}/${target}`) : undefined);
  const mechanism = str(m.mechanism_of_action) ?? `${str(m.action_type)?.toLowerCase() ?? 'acts on'} ${gene ?? target}`;
  const drug = name ?? molecule;
  const maxPhase = num(m.max_phase);
  const parts = [
    `${drug} (${molecule}): ${mechanism}`,
    str(m.action_type) ? `action type ${str(m.action_type)}` : undefined,
    `target ${target}${gene ? ` (${gene})` : ''}`,
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
    structured: { drugs: name ? [name] : [], targets: gene ? [gene] : [], pathways: [] },
    attributes: pchembl !== undefined ? { pchembl } : {},
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
export function parseMechanismCorpus(body: unknown, disease: DiseaseModule): SourceRecord[] {
  const mechanisms = listOf(body, 'mechanisms');
  const b = obj(body);
  return mechanismRecords(mechanisms, {
    genes: targetGenes(arr(b.targets), disease.search.chembl?.target_genes ?? []),
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
      const target = pickTarget(await http.getJson('target/search.json', { q: gene, limit: SEARCH_LIMIT }), gene);
      if (target && !targets.some((t) => t.id === target.id)) targets.push(target);
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
      genes: new Map(targets.map((t) => [t.id, t.gene])),
      names,
      pchembl: bestPchembl(listOf(activities, 'activities')),
    });
  },

  parseCorpus(content, query) {
    let body: unknown;
    try {
      body = JSON.parse(content);
    } catch {
      throw malformed('not JSON');
    }
    return parseMechanismCorpus(body, query.disease);
  },
};
