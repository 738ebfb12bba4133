// Researcher sessions of AUTH_MODE=local. The cookie only names a row (and is HMAC-signed); the row is
// what logout revokes, so a copied cookie dies with its session rather than living until it expires.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_sessions', (t) => {
    t.uuid('id').primary();
    t.text('username').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['expires_at']); // for pruning expired rows
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('auth_sessions');
}
