// Attributes of imported entities that are neither a label, synonym, xref nor a claim: the text of a drug
// label's indications_and_usage section (openfda importer) is the first. A label names no condition id,
// so its indications stay text here and never become INDICATED_FOR claims by guessing a condition.
// Insert-only like the other snapshot rows (the same refuse_change trigger).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table biomed.term_attributes (
    snapshot_id text collate "C" not null,
    curie text collate "C" not null,
    attribute_no integer not null,
    name text not null,
    value text not null,
    source_file text not null,
    source_line integer not null,
    primary key (snapshot_id, attribute_no)
  )`);
  await knex.raw('create index term_attributes_curie on biomed.term_attributes (curie)');
  await knex.raw(`create trigger term_attributes_insert_only before update or delete on biomed.term_attributes
    for each statement execute function biomed.refuse_change()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists biomed.term_attributes');
}
