// Applies the knex migrations in migrations/ (compiled next to this file's dist tree).
import path from 'node:path';
import type { Knex } from 'knex';

export const MIGRATIONS_DIRECTORY = path.resolve(__dirname, '..', '..', 'migrations');

export function migrationConfig(): Knex.MigratorConfig {
  return { directory: MIGRATIONS_DIRECTORY, loadExtensions: ['.js'], tableName: 'knex_migrations' };
}

/** Returns the names of the migrations it applied (empty when already up to date). */
export async function migrateToLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest(migrationConfig())) as [number, string[]];
  return applied;
}
