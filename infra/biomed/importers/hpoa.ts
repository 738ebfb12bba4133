// hpoa: phenotype.hpoa rows as HAS_PHENOTYPE claims (subject = the disease CURIE as written, object =
// the HPO term), qualifier NOT -> evidence_direction contradicts, each with an evidence link to its
// file line. Each disease also becomes a term (kind disease, label = disease_name). Where the ACTIVE
// mondo snapshot maps the disease id to exactly one MONDO id by skos:exactMatch, the claim records it as
// mondo_curie; a disease with no or an ambiguous exact mapping gets none (names are never matched).
import path from 'node:path';
import type { Knex } from 'knex';
import { canonicalCurie } from '../../../domain/biomed/curie';
import { ImportRefusedError } from '../artifacts';
import { HpoaMeta, HpoaRow, parseHpoa } from '../parsers/hpoa';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { EXACT_MATCH } from './mondo';

export interface MondoIndex { snapshotId: string | null; byObject: Map<string, string | null> }

/** canonical disease CURIE -> its MONDO id (null when several MONDO ids claim it), from the active mondo snapshot. */
export async function mondoIndex(trx: Knex.Transaction): Promise<MondoIndex> {
  const active = await trx(T.snapshots).where({ resource: 'mondo', active: true }).first('snapshot_id');
  const byObject = new Map<string, string | null>();
  if (!active) return { snapshotId: null, byObject };
  const rows = await trx(T.mappings).where({ snapshot_id: active.snapshot_id, predicate_id: EXACT_MATCH })
    .andWhere('subject_id', 'like', 'MONDO:%').select('subject_id', 'object_id');
  for (const { subject_id: mondo, object_id: object } of rows as { subject_id: string; object_id: string }[]) {
    const key = canonicalCurie(object);
    const seen = byObject.get(key);
    if (seen === undefined) byObject.set(key, mondo);
    else if (seen !== mondo) byObject.set(key, null);
  }
  return { snapshotId: active.snapshot_id as string, byObject };
}

/** The row's other columns, empty ones left out (disease_name is the subject term's label). */
function qualifiersOf(row: HpoaRow): Record<string, string> {
  const out: Record<string, string> = {};
  if (row.qualifier) out.qualifier = row.qualifier;
  if (row.onset) out.onset = row.onset;
  if (row.frequency) out.frequency = row.frequency;
  if (row.sex) out.sex = row.sex;
  if (row.modifier) out.modifier = row.modifier;
  if (row.aspect) out.aspect = row.aspect;
  if (row.biocuration) out.biocuration = row.biocuration;
  return out;
}

function direction(qualifier: string): 'supports' | 'contradicts' | 'neutral' {
  if (qualifier === '') return 'supports';
  return qualifier.toUpperCase() === 'NOT' ? 'contradicts' : 'neutral';
}

export const hpoaImporter: ResourceImporter = {
  resource: 'hpoa',
  classify(paths) {
    if (paths.length !== 1) throw new ImportRefusedError('bad_input', 'hpoa takes exactly one phenotype.hpoa file');
    return [{ path: paths[0]!, role: 'annotations' }];
  },
  async load(context) {
    const filePath = context.artifacts[0]!.path;
    const file = path.basename(filePath);
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const index = await mondoIndex(context.trx);
    if (!index.snapshotId) context.warn('no active mondo snapshot: claims carry no mondo_curie (import mondo first to map diseases)');
    const meta: HpoaMeta = {};
    const diseases = new Map<string, { name: string; line: number; mondo: string | null }>();
    const counts = { rows: 0, supports: 0, contradicts: 0, neutral: 0, rows_mapped_to_mondo: 0 };
    const aspects: Record<string, number> = {};
    for await (const row of parseHpoa(filePath, meta)) {
      counts.rows++;
      let disease = diseases.get(row.databaseId);
      if (!disease) {
        disease = { name: row.diseaseName, line: row.line, mondo: index.byObject.get(canonicalCurie(row.databaseId)) ?? null };
        diseases.set(row.databaseId, disease);
      }
      const evidenceDirection = direction(row.qualifier);
      counts[evidenceDirection]++;
      if (disease.mondo) counts.rows_mapped_to_mondo++;
      aspects[row.aspect || '(none)'] = (aspects[row.aspect || '(none)'] ?? 0) + 1;
      await writers.claim({
        subject: row.databaseId, predicate: 'HAS_PHENOTYPE', object: row.hpoId, direction: evidenceDirection, mondoCurie: disease.mondo,
        qualifiers: qualifiersOf(row),
        evidence: { file, line: row.line, reference: row.reference || null, evidenceCode: row.evidence || null },
      });
      if (counts.rows % PROGRESS_EVERY === 0) context.progress(file, counts.rows);
    }
    context.progress(file, counts.rows);
    let mapped = 0;
    let ambiguous = 0;
    for (const [curie, d] of diseases) {
      if (d.mondo) mapped++;
      else if (index.byObject.get(canonicalCurie(curie)) === null) ambiguous++;
      await writers.term({ curie, label: d.name, kind: 'disease', definition: null, synonyms: [], xrefs: [], replacedBy: null, obsolete: false, sourceLine: d.line });
    }
    await writers.flush();
    if (counts.neutral > 0) context.warn(`${counts.neutral} row(s) had a qualifier other than NOT; recorded as neutral`);
    return {
      version: meta.version ?? meta.date ?? null,
      counts: { ...counts, diseases: diseases.size, diseases_mapped_to_mondo: mapped, diseases_with_ambiguous_mondo_mapping: ambiguous, ...writers.counts() },
      details: { header: meta, rows_by_aspect: aspects, mondo_mapping_snapshot_id: index.snapshotId },
    };
  },
};
