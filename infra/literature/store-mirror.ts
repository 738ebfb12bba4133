// The local mirror read from the biomedical store: the active pubmed and pmc snapshots answer the pubmed
// source, clinical_trials the clinical_trials source, openfda_labels the fda_labels source
// (biomed.literature_records, imported by infra/biomed/importers/{pubmed,pmc,clinical-trials,openfda-records}.ts).
// A source with no active snapshot in the store is answered by the fallback (the file mirror of
// EVIDENCE_MIRROR_DIR, by default the bundled seed slice), so a store without literature keeps today's answers.
//
// Search: PostgreSQL full-text search over the weighted tsvector (title A, abstract B, MeSH/conditions C).
// Each of the disease's terms (the ones its module asks the live provider with; disease-match.ts) becomes a
// phraseto_tsquery (words in order, English stemming), OR-ed together; the GIN index finds the candidates,
// ts_rank_cd (cover density: Clarke, Cormack & Tudhope 2000) orders them and the best MAX_CANDIDATES are
// read. Each candidate is then checked against the terms exactly as the file mirror checks its records
// (whole words, short upper-case acronyms only as written), since stemming is looser than the live query.
// The snapshot id a source reports is its active snapshot ids joined with '+' (pubmed answers from two), so a
// newer snapshot of either changes the dossier fingerprint.
import type { Knex } from 'knex';
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { SourceName, SourceRecord } from '../../domain/workspace/sources';
import { T } from '../biomed/store/tables';
import { literaturePartition } from '../biomed/store/literature-records';
import type { EvidenceMirror, MirrorAnswer } from '../sources/evidence-mirror';
import { parseLabels } from '../sources/adapters/fda_labels';
import { diseaseTerms, termMatcher } from './disease-match';

/** Store resources whose snapshots answer each source. */
export const SOURCE_RESOURCES: Partial<Record<SourceName, readonly string[]>> = {
  pubmed: ['pubmed', 'pmc'], clinical_trials: ['clinical_trials'], fda_labels: ['openfda_labels'],
};

/**
 * Candidates read per query, best ranked first: three times the most a dossier cites (max_evidence ≤ 100); the
 * runner then ranks them by the question (BM25) and cuts. A disease with more matching records than this
 * (type 2 diabetes in a full baseline) is answered from its best-ranked ones, not all of them.
 */
export const MAX_CANDIDATES = 300;

interface Row { record_id: string; title: string; abstract: string; keywords: string; published: string | null; document: unknown }

export class StoreMirror implements EvidenceMirror {
  constructor(private readonly knex: Knex, private readonly fallback: EvidenceMirror | null) {}

  /** Active snapshot ids of the source's resources, in resource order; empty when the store holds none. */
  private async active(source: SourceName): Promise<string[]> {
    const resources = SOURCE_RESOURCES[source];
    if (!resources) return [];
    const rows = await this.knex(T.snapshots).where({ active: true }).whereIn('resource', resources as string[]).select('resource', 'snapshot_id');
    return resources.flatMap((r) => rows.filter((row) => row.resource === r).map((row) => row.snapshot_id as string));
  }

  async snapshotId(source: SourceName): Promise<string | undefined> {
    const ids = await this.active(source);
    if (ids.length > 0) return ids.join('+');
    return this.fallback ? await this.fallback.snapshotId(source) : undefined;
  }

  async search(source: SourceName, disease: DiseaseModule): Promise<MirrorAnswer | undefined> {
    const ids = await this.active(source);
    if (ids.length === 0) return this.fallback ? await this.fallback.search(source, disease) : undefined;
    const terms = [...new Set(diseaseTerms(source, disease).map((t) => t.trim()).filter((t) => t.length >= 2))];
    const snapshotId = ids.join('+');
    if (terms.length === 0) return { snapshotId, records: [] };
    const rows = await searchRecords(this.knex, ids, terms, MAX_CANDIDATES);
    const matches = termMatcher(terms);
    const records: SourceRecord[] = [];
    for (const row of rows) {
      // a label is matched on its indications only, as the live openFDA query is
      const text = source === 'fda_labels' ? row.abstract : `${row.title} \n ${row.abstract} \n ${row.keywords}`;
      if (!matches(text)) continue;
      const document = typeof row.document === 'string' ? JSON.parse(row.document) as unknown : row.document;
      const record = source === 'fda_labels' ? parseLabels({ results: [document] }, disease)[0] : document as SourceRecord;
      if (record) records.push(record);
    }
    records.sort((a, b) => (b.published ?? '').localeCompare(a.published ?? '') || a.nativeId.localeCompare(b.nativeId));
    return { snapshotId, records };
  }
}

/**
 * Records of the snapshots matching any of the phrases, best ts_rank_cd first (ties by id), at most `limit`.
 * Also what bench/literature.ts times.
 */
export async function searchRecords(knex: Knex, snapshotIds: readonly string[], phrases: readonly string[], limit: number): Promise<Row[]> {
  if (snapshotIds.length === 0 || phrases.length === 0) return [];
  // hyphens and slashes as spaces, as the indexed text has them (the migration's generated column)
  const query = phrases.map(() => "phraseto_tsquery('english', translate(?, '-/', '  '))").join(' || ');
  // Each snapshot is a partition of its own (migration 20261127001000), read directly: its GIN index answers @@
  // with no snapshot filter for the planner to combine with it (it ANDed a primary-key scan of every row of
  // the snapshot into the lookup) and no other snapshot's partition to plan around.
  const tables = snapshotIds.map(literaturePartition);
  const matches = tables.map((table) => `select r.snapshot_id, r.record_id, ts_rank_cd(r.search, q.query) as rank from ${table} r, q where r.search @@ q.query`);
  // Ranked on the tsvector alone, then the documents of the best `limit` only: reading every match's document
  // (a PMC record carries up to 20,000 characters of body) cost more than finding and ranking them.
  const documents = tables.map((table) => `select r.record_id, r.title, r.abstract, r.keywords, r.published, r.document, best.rank
       from best join ${table} r on r.snapshot_id = best.snapshot_id and r.record_id = best.record_id`);
  const { rows } = await knex.raw(
    `with q as (select (${query}) as query),
     best as (select * from (${matches.join(' union all ')}) m order by rank desc, record_id limit ?)
     ${documents.join(' union all ')}
     order by rank desc, record_id`,
    [...phrases, limit],
  ) as { rows: (Row & { rank: number })[] };
  return rows.map(({ rank: _rank, ...row }) => row);
}
