// The canonical biomedical store (spec §2.6), in its own schema `biomed`. Design notes:
// - snapshots is the lifecycle read model (importing -> completed | failed; at most one active per
//   resource). It is written in the same transaction as the lifecycle events (see commands/biomed). Its
//   definition is its projector's (projections/biomed/snapshots.tables.ts), created here so a fresh
//   database has it before the projection runner first starts.
// - terms, is_a_edges, mappings, claims and evidence_links are insert-only rows of one snapshot; a
//   statement trigger refuses UPDATE and DELETE, so a correction can only be a new snapshot.
// - Identifier columns (snapshot ids, CURIEs) use the "C" collation: byte order is the right order for
//   identifiers, and it makes every index insert and lookup cheaper than a locale-aware comparison.
// - No foreign keys on the bulk tables: they would cost a lookup per inserted row, and rows are only
//   ever written by an importer inside the transaction that also records their snapshot.
import type { Knex } from 'knex';
import { createSnapshotsTable } from '../projections/biomed/snapshots.tables';

const STATEMENTS = [
  `create table biomed.terms (
    snapshot_id text collate "C" not null,
    curie text collate "C" not null,
    label text,
    kind text not null,
    definition text,
    synonyms jsonb not null,
    xrefs jsonb not null,
    replaced_by jsonb,
    obsolete boolean not null,
    search_text text not null,
    source_line integer not null,
    primary key (snapshot_id, curie)
  )`,
  'create index terms_curie on biomed.terms (curie)',
  `create table biomed.is_a_edges (
    snapshot_id text collate "C" not null,
    child text collate "C" not null,
    parent text collate "C" not null,
    source_line integer not null,
    primary key (snapshot_id, child, parent)
  )`,
  'create index is_a_edges_parent on biomed.is_a_edges (snapshot_id, parent)',
  `create table biomed.mappings (
    snapshot_id text collate "C" not null,
    row_no integer not null,
    subject_id text collate "C" not null,
    predicate_id text not null,
    object_id text collate "C" not null,
    subject_label text,
    object_label text,
    justification text,
    source text not null,
    source_file text not null,
    source_line integer not null,
    primary key (snapshot_id, row_no)
  )`,
  'create index mappings_subject on biomed.mappings (subject_id)',
  'create index mappings_object on biomed.mappings (object_id)',
  `create table biomed.claims (
    snapshot_id text collate "C" not null,
    claim_no integer not null,
    subject text collate "C" not null,
    predicate text not null,
    object text collate "C" not null,
    evidence_direction text not null check (evidence_direction in ('supports', 'contradicts', 'neutral')),
    mondo_curie text collate "C",
    qualifiers jsonb,
    primary key (snapshot_id, claim_no)
  )`,
  'create index claims_subject on biomed.claims (subject)',
  'create index claims_object on biomed.claims (object)',
  'create index claims_mondo on biomed.claims (mondo_curie) where mondo_curie is not null',
  `create table biomed.evidence_links (
    snapshot_id text collate "C" not null,
    claim_no integer not null,
    link_no smallint not null,
    source_file text not null,
    source_line integer not null,
    reference text,
    evidence_code text,
    primary key (snapshot_id, claim_no, link_no)
  )`,
  `create function biomed.refuse_change() returns trigger language plpgsql as $fn$
  begin
    raise exception 'biomed.% rows are immutable (insert-only): import a new snapshot instead', tg_table_name;
  end
  $fn$`,
];

const IMMUTABLE = ['terms', 'is_a_edges', 'mappings', 'claims', 'evidence_links'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create schema if not exists biomed');
  await createSnapshotsTable(knex, 'biomed.snapshots');
  for (const statement of STATEMENTS) await knex.raw(statement);
  for (const table of IMMUTABLE) {
    await knex.raw(`create trigger ${table}_insert_only before update or delete on biomed.${table}
      for each statement execute function biomed.refuse_change()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop schema if exists biomed cascade');
}
