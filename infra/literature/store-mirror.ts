// The local mirror read from the biomedical store: the active pubmed and pmc snapshots answer the pubmed
// source, clinical_trials the clinical_trials source, openfda_labels the fda_labels source
// (biomed.literature_records, imported by infra/biomed/importers/{pubmed,pmc,clinical-trials,openfda-records}.ts).
// A source with no active snapshot in the store is answered by the fallback (the file mirror of
// EVIDENCE_MIRROR_DIR, by default the bundled seed slice), so a store without literature keeps today's answers.
//
// Search: PostgreSQL full-text search over the weighted tsvector (title A, abstract B, MeSH/conditions C).
// Each of the disease's terms (the ones its module asks the live provider with; disease-match.ts) becomes a
// phraseto_tsquery (words in order, English stemming), OR-ed together. The candidates are bounded by
// publication date, not read whole: per snapshot, the GIN index on (tsvector, publication month) is asked
// for the matches of the latest month, then the month before, then windows of 2, 4, 8 ... months back,
// then the undated ones, until MAX_CANDIDATES are found (searchRecords; records over 85 years older than the
// snapshot's latest are read only when fewer match). ts_rank_cd (cover density: Clarke, Cormack & Tudhope
// 2000) orders the candidates and the best MAX_CANDIDATES are read. So a disease with fewer matches than the
// cap gets them all, best ranked first, as before; one with more is answered from its newest (docs/biomed-store.md).
// Each candidate is then checked against the terms exactly as the file mirror checks its records
// (whole words, short upper-case acronyms only as written), since stemming is looser than the live query.
// The rows read are kept (record-cache.ts, bounded): a later search reads from the database only the candidates'
// ids and ranks, and the documents of candidates not read before; the records it hands out are the same
// objects, so the offline BM25 ranking tokenises each record once (domain/workspace/question/record-terms.ts).
// The snapshot id a source reports is its active snapshot ids joined with '+' (pubmed answers from two), so a
// newer snapshot of either changes the dossier fingerprint.
import type { Knex } from 'knex';
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { SourceName, SourceRecord } from '../../domain/workspace/sources';
import { T } from '../biomed/store/tables';
import { literaturePartition, PUBLISHED_MONTH } from '../biomed/store/literature-records';
import { arrayLiteral } from '../biomed/store/bulk-insert';
import type { EvidenceMirror, MirrorAnswer } from '../sources/evidence-mirror';
import { parseLabels } from '../sources/adapters/fda_labels';
import { diseaseTerms, termMatcher } from './disease-match';
import { RecordCache, type CachedRow } from './record-cache';

/** Store resources whose snapshots answer each source. */
export const SOURCE_RESOURCES: Partial<Record<SourceName, readonly string[]>> = {
  pubmed: ['pubmed', 'pmc'], clinical_trials: ['clinical_trials'], fda_labels: ['openfda_labels'],
};

/**
 * Candidates read per query, best ranked first: three times the most a dossier cites (max_evidence ≤ 100); the
 * runner then ranks them by the question (BM25) and cuts. A disease with more matching records than this
 * (type 2 diabetes in a full baseline) is answered from the best-ranked of its newest ones, not all of them.
 */
export const MAX_CANDIDATES = 300;

type Row = CachedRow;

export class StoreMirror implements EvidenceMirror {
  /** The rows this mirror has read, by snapshot and record (record-cache.ts): later searches reuse them. */
  private readonly rows = new RecordCache();

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
    const rows = await searchRecords(this.knex, ids, terms, MAX_CANDIDATES, this.rows);
    const matches = termMatcher(terms);
    const records: SourceRecord[] = [];
    for (const row of rows) {
      // a label is matched on its indications only, as the live openFDA query is
      const text = source === 'fda_labels' ? row.abstract : `${row.title} \n ${row.abstract} \n ${row.keywords}`;
      if (!matches(text)) continue;
      const record = source === 'fda_labels' ? parseLabels({ results: [row.document] }, disease)[0] : row.document as SourceRecord;
      if (record) records.push(record);
    }
    records.sort((a, b) => (b.published ?? '').localeCompare(a.published ?? '') || a.nativeId.localeCompare(b.nativeId));
    return { snapshotId, records };
  }
}

/**
 * Records of the snapshots matching any of the phrases, at most `limit`, best ts_rank_cd first (ties by id),
 * chosen from each snapshot's bounded, newest-first candidates (`windowsSql`), documents parsed. With a
 * cache, the rows it holds are not read again (the same row objects are returned) and those read are added.
 */
export async function searchRecords(knex: Knex, snapshotIds: readonly string[], phrases: readonly string[], limit: number, cache?: RecordCache): Promise<Row[]> {
  if (snapshotIds.length === 0 || phrases.length === 0) return [];
  // Each snapshot is a partition of its own (migration 20261127001000), read directly: its GIN index answers @@
  // with no snapshot filter for the planner to combine with it and no other snapshot's partition to plan around.
  const tables = snapshotIds.map(literaturePartition);
  // hyphens and slashes as spaces, as the indexed text has them (the migration's generated column)
  const query = `with recursive q as (select (${phrases.map(() => "phraseto_tsquery('english', translate(?, '-/', '  '))").join(' || ')}) as query)`;
  const { rows: windowed } = await knex.raw(
    `${query}, ${tables.map((table, k) => windowsSql(table, k)).join(', ')}
     ${tables.map((_, k) => `select ${k} as t, unnest(ids || array[null]) as record_id, unnest(ranks) as rank, (select m[${WINDOW_MONTHS}] from mo${k}) as oldest from (select ids, ranks from w${k} order by i desc limit 1) last${k}`).join(' union all ')}`,
    [...phrases, ...tables.map(() => limit)],
  ) as { rows: { t: number; record_id: string | null; rank: number | null; oldest: string | null }[] };
  // each snapshot's rows end with one of null id that carries its oldest window month
  const found: Candidate[] = windowed.filter((row) => row.record_id !== null).map((row) => ({ table: tables[row.t]!, record_id: row.record_id!, rank: Number(row.rank) }));
  // A snapshot with fewer than `limit` in its windows: its records published before them too (few, or none).
  for (const [k, table] of tables.entries()) {
    const oldest = windowed.find((row) => row.t === k && row.record_id === null)?.oldest;
    if (!oldest || windowed.filter((row) => row.t === k && row.record_id !== null).length >= limit) continue;
    const { rows: older } = await knex.raw(
      `${query} select r.record_id, ts_rank_cd(r.search, q.query) as rank from ${table} r, q where r.search @@ q.query and r.published < ?`,
      [...phrases, oldest],
    ) as { rows: { record_id: string; rank: number }[] };
    found.push(...older.map((row) => ({ table, record_id: row.record_id, rank: Number(row.rank) })));
  }
  const best = found.sort((a, b) => b.rank - a.rank || (a.record_id < b.record_id ? -1 : a.record_id > b.record_id ? 1 : 0)).slice(0, limit);
  // Ranked on the tsvector alone, then the documents of the best `limit` only: reading every candidate's document
  // (a PMC record carries up to 20,000 characters of body) cost more than finding and ranking them.
  if (best.length === 0) return [];
  const snapshotOf = new Map(tables.map((table, k) => [table, snapshotIds[k]!]));
  const held = best.map((c) => cache?.get(snapshotOf.get(c.table)!, c.record_id));
  const missing = best.filter((_, i) => held[i] === undefined);
  const reads = tables.map((table, k) => ({ table, k, ids: missing.filter((c) => c.table === table).map((c) => c.record_id) })).filter((r) => r.ids.length > 0);
  const read = new Map<string, Row>();
  if (reads.length > 0) {
    // by primary key (snapshot_id, record_id), every snapshot in one statement
    const { rows } = await knex.raw(
      reads.map(({ table, k }) => `select ${k} as t, record_id, title, abstract, keywords, published, document from ${table} where snapshot_id = ? and record_id = any(?::text[])`).join(' union all '),
      reads.flatMap(({ k, ids }) => [snapshotIds[k]!, arrayLiteral(ids, 'text')]),
    ) as { rows: (Row & { t: number })[] };
    for (const { t, ...fetched } of rows) {
      // PGlite hands jsonb over as text, node-postgres parsed
      const row: Row = typeof fetched.document === 'string' ? { ...fetched, document: JSON.parse(fetched.document) as unknown } : fetched;
      read.set(`${tables[t]} ${row.record_id}`, row);
      cache?.set(snapshotIds[t]!, row);
    }
  }
  return best.flatMap((c, i) => held[i] ?? read.get(`${c.table} ${c.record_id}`) ?? []);
}

interface Candidate { table: string; record_id: string; rank: number }

/** Months a search widens through before it reads a snapshot's older records (85 years). */
export const WINDOW_MONTHS = 1024;
/** Windows of 1, 1, 2, 4 ... 512 months cover WINDOW_MONTHS; the last window is 'undated'. */
const WINDOWS = Math.log2(WINDOW_MONTHS) + 2;

/**
 * The snapshot's months, newest first: WINDOW_MONTHS from its latest publication month back (nulls when it
 * holds no dated record), then 'undated'. One statement, so the b-tree on published answers max().
 */
function monthsSql(table: string): string {
  return `select array(select to_char(a.latest - make_interval(months => k), 'YYYY-MM')
      from (select to_date(left(max(published), 7), 'YYYY-MM') as latest from ${table}) a, generate_series(0, ${WINDOW_MONTHS - 1}) k order by k)
    || array['undated'] as m`;
}

/**
 * A snapshot's candidates for the query (CTE w<k>; its last row holds them): its matching records window by
 * window from its latest publication month back, windows of 1, 1, 2, 4 ... 512 months (window i is months
 * 2^i/2+1 .. 2^i, each doubling what was read) then its undated ones, until at least `limit` (the bound) are
 * found. Each window is one lookup of the GIN index on (search, publication month), so the rows read are those
 * of the windows needed, not every record naming the disease: the work follows the answer's size, not the
 * mirror's. One recursive statement for all snapshots, so a search is one round trip (plus the documents).
 */
function windowsSql(table: string, k: number): string {
  return `mo${k} as (${monthsSql(table)}),
  w${k}(i, ids, ranks) as (
    select 0, '{}'::text[] collate "C", '{}'::real[]
    union all
    select w.i + 1, w.ids || coalesce(s.ids, '{}'), w.ranks || coalesce(s.ranks, '{}')
    from w${k} w cross join lateral (
      select array_agg(r.record_id) as ids, array_agg(ts_rank_cd(r.search, q.query)) as ranks
      from ${table} r, q, mo${k}
      where r.search @@ q.query and ${PUBLISHED_MONTH.replace('published', 'r.published')} && mo${k}.m[(1 << w.i) / 2 + 1 : 1 << w.i]) s
    where cardinality(w.ids) < ?::int and w.i < ${WINDOWS})`;
}
