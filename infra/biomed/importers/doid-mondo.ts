// DOID -> MONDO through MONDO's exact MONDO-DOID SSSOM set (mondo_exactmatch_doid.sssom.tsv), for the
// importers whose source names diseases by DOID (pharmacotherapydb, gwas_catalog): a DOID becomes the
// MONDO id of its skos:exactMatch rows (MONDO subject) only when exactly one MONDO id matches it; with
// none or several it stays the DOID CURIE. Names are never matched.
import { canonicalCurie } from '../../../domain/biomed/curie';
import { parseSssom, SssomMeta, SssomRow } from '../parsers/sssom';
import { EXACT_MATCH } from './mondo';

export interface ExactDoidIndex { byDoid: Map<string, SssomRow[]>; rows: number; skipped: number }

/** DOID -> its exact-match SSSOM rows with a MONDO subject (all DOIDs of the set; ~12k rows, small). */
export async function exactDoidIndex(file: string, meta: SssomMeta): Promise<ExactDoidIndex> {
  const byDoid = new Map<string, SssomRow[]>();
  let rows = 0;
  let skipped = 0;
  for await (const row of parseSssom(file, meta)) {
    rows++;
    const object = canonicalCurie(row.objectId);
    if (row.predicateId !== EXACT_MATCH || !row.subjectId.startsWith('MONDO:') || !object.startsWith('DOID:')) { skipped++; continue; }
    const list = byDoid.get(object) ?? [];
    list.push(row);
    byDoid.set(object, list);
  }
  return { byDoid, rows, skipped };
}

export type DoidMappingStatus = 'mondo' | 'unmapped' | 'ambiguous';

/** The disease CURIE a DOID gets: its one exact MONDO match, else the DOID itself. */
export function diseaseForDoid(index: ExactDoidIndex | null, doid: string): { curie: string; status: DoidMappingStatus } {
  const mondos = [...new Set((index?.byDoid.get(doid) ?? []).map((m) => m.subjectId))];
  if (mondos.length === 1) return { curie: mondos[0]!, status: 'mondo' };
  return { curie: doid, status: mondos.length === 0 ? 'unmapped' : 'ambiguous' };
}
