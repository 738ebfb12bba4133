// Research runs of the biomedical store (spec §2.6): a comparison (and later analyses) computed over
// the active snapshots and recorded once. The row is the read model of the run's stream
// `biomed-run-<run_id>` (event ComparisonRecorded), written in the same transaction as the event.
// A terminal run is immutable: the same insert-only trigger as the snapshot rows refuses UPDATE/DELETE.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table biomed.research_runs (
    run_id uuid primary key,
    kind text not null check (kind in ('comparison')),
    status text not null check (status in ('completed')),
    stream_id text not null,
    left_curie text collate "C" not null,
    right_curie text collate "C" not null,
    snapshots jsonb not null,
    result jsonb not null,
    created_at timestamptz not null
  )`);
  await knex.raw('create index research_runs_created on biomed.research_runs (created_at)');
  await knex.raw(`create trigger research_runs_insert_only before update or delete on biomed.research_runs
    for each statement execute function biomed.refuse_change()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists biomed.research_runs');
}
