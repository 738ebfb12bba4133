// Large immutable content (dossiers, rendered HTML, big job results), stored once by SHA-256 so events
// stay small and carry only the hash (claim check).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_blobs', (t) => {
    t.text('hash').primary();
    t.text('media_type').notNullable();
    t.text('content').notNullable();
    t.integer('bytes').notNullable();
    t.timestamp('stored_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('content_blobs');
}
