// Issue 26, search p95 over a 1-million-abstract mirror: a search reads a bounded, newest-first candidate set
// instead of every record naming the disease (infra/literature/store-mirror.ts). For that the full-text GIN
// index gets a second column, the month a record was published (or 'undated'), so "names the disease AND was
// published in these months" is answered inside the index with no row read outside those months; and a
// b-tree on published gives each snapshot's latest date, where the newest-first windows start.
// The expression must stay the one the writer builds for a new snapshot's table (infra/biomed/store/
// literature-records.ts, PUBLISHED_MONTH), or attaching that table would build the index again.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index biomed.literature_records_search');
  await knex.raw(`create index literature_records_search on biomed.literature_records using gin (search, (array[coalesce(left(published, 7), 'undated')]))`);
  await knex.raw('create index literature_records_published on biomed.literature_records (published)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index biomed.literature_records_published');
  await knex.raw('drop index biomed.literature_records_search');
  await knex.raw('create index literature_records_search on biomed.literature_records using gin (search)');
}
