// The biomed snapshot read model became a registered projector (biomed_snapshots). Databases that
// imported snapshots before then have the rows but no checkpoint, and the runner drops and rebuilds a
// projection without one: that would leave a window with no active snapshot. Give such a database a
// checkpoint at the start instead: the runner then replays the log onto the existing rows, which the
// projector applies idempotently. A fresh database has no projection_checkpoints row to add.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`insert into projection_checkpoints (name, commit_position, prepare_position, schema_version)
    select 'biomed_snapshots', 0, 0, 1 where exists (select 1 from biomed.snapshots)
    on conflict (name) do nothing`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('projection_checkpoints').where({ name: 'biomed_snapshots' }).delete();
}
