// Literature, trial, label and FAERS records of the biomedical store (issue 26): one row per record of a
// pubmed, pmc, clinical_trials, openfda_labels or faers snapshot, with PostgreSQL's own full-text index.
// `search` is a stored generated tsvector: the title weighted A, the abstract (or summary, indication,
// reactions) B, the keywords (MeSH, conditions) C, so ts_rank_cd ranks a title match above an abstract
// match; the GIN index answers @@ without reading the rows. The 'english' configuration is named
// explicitly (to_tsvector with a configuration is immutable, as a generated column requires) and exists in
// PostgreSQL and in the embedded PGlite alike. Hyphens and slashes become spaces first: PostgreSQL's parser
// reads "type-2" as one hyphenated word and "obesity/type" as a file path, so the phrase "type 2 diabetes"
// would miss "type-2 diabetes" and "obesity/type 2 diabetes", which the live provider and the file mirror find.
// Unlike the other snapshot tables this one is not insert-only: within one import an update file replaces
// an earlier file's version of a citation and its DeleteCitation block removes one (MEDLINE's update rules).
// Rows of a completed snapshot are never touched again.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table biomed.literature_records (
    snapshot_id text collate "C" not null,
    record_id text collate "C" not null,
    title text not null,
    abstract text not null,
    keywords text not null,
    published text,
    document jsonb not null,
    source_file text not null,
    source_line integer not null,
    search tsvector generated always as (
      setweight(to_tsvector('english', translate(title, '-/', '  ')), 'A')
      || setweight(to_tsvector('english', translate(abstract, '-/', '  ')), 'B')
      || setweight(to_tsvector('english', translate(keywords, '-/', '  ')), 'C')
    ) stored,
    primary key (snapshot_id, record_id)
  )`);
  await knex.raw('create index literature_records_search on biomed.literature_records using gin (search)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists biomed.literature_records');
}
