// The evidence-source response cache (infra/sources/response-cache.ts): raw provider response bodies,
// one namespace per source, keyed by the SHA-256 of the request (method, URL, body). Rows expire;
// expired rows are never served and are pruned by clear()/pruneExpired().
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('source_cache', (t) => {
    t.text('namespace').notNullable();
    t.text('key_hash').notNullable();
    t.text('key').notNullable();
    t.text('body').notNullable();
    t.timestamp('stored_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['namespace', 'key_hash']);
    t.index(['expires_at']); // for pruning expired rows
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('source_cache');
}
