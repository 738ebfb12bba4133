// biomed.literature_records becomes a table partitioned by snapshot (issue 26, the 1-million-abstract target):
// one partition per literature snapshot. An import loads its snapshot into a table of its own with no
// full-text index, builds the GIN index over the loaded rows in one pass (a bulk build, as PostgreSQL's
// documentation recommends for bulk loads, with no pending list left for searches to scan), and attaches the
// table as the snapshot's partition in the import transaction (infra/biomed/store/literature-records.ts).
// A search names its snapshots, so PostgreSQL reads only their partitions' indexes.
// Columns, generated tsvector, primary key and the GIN index are those of 20261127000030; the partitioned
// index on the parent is matched by each attached partition's own index. Existing rows move to one partition
// per snapshot, named as the writer names them: literature_records_<first 20 hex digits of md5(snapshot_id)>.
import type { Knex } from 'knex';

const COLUMNS = 'snapshot_id, record_id, title, abstract, keywords, published, document, source_file, source_line';

function createTable(name: string, partitioned: boolean): string {
  return `create table biomed.${name} (
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
  )${partitioned ? ' partition by list (snapshot_id)' : ''}`;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table biomed.literature_records rename to literature_records_unpartitioned');
  await knex.raw('alter index biomed.literature_records_search rename to literature_records_unpartitioned_search');
  await knex.raw('alter index biomed.literature_records_pkey rename to literature_records_unpartitioned_pkey');
  await knex.raw(createTable('literature_records', true));
  await knex.raw('create index literature_records_search on biomed.literature_records using gin (search)');
  const { rows } = await knex.raw('select distinct snapshot_id, left(md5(snapshot_id), 20) as suffix from biomed.literature_records_unpartitioned') as { rows: { snapshot_id: string; suffix: string }[] };
  for (const { snapshot_id: id, suffix } of rows) {
    await knex.raw(`create table biomed.literature_records_${suffix} partition of biomed.literature_records for values in (${literal(id)})`);
  }
  await knex.raw(`insert into biomed.literature_records (${COLUMNS}) select ${COLUMNS} from biomed.literature_records_unpartitioned`);
  await knex.raw('drop table biomed.literature_records_unpartitioned');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table biomed.literature_records rename to literature_records_partitioned');
  await knex.raw('alter index biomed.literature_records_search rename to literature_records_partitioned_search');
  await knex.raw('alter index biomed.literature_records_pkey rename to literature_records_partitioned_pkey');
  await knex.raw(createTable('literature_records', false));
  await knex.raw('create index literature_records_search on biomed.literature_records using gin (search)');
  await knex.raw(`insert into biomed.literature_records (${COLUMNS}) select ${COLUMNS} from biomed.literature_records_partitioned`);
  await knex.raw('drop table biomed.literature_records_partitioned');
}
