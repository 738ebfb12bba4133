// Whole cache rows, for disease administration (a prune moves a disease's cached responses into a backup
// and a restore puts the same rows back): which rows mention a disease, taking them out, putting them back.
// Table source_cache, as response-cache.ts writes it.
import type { Knex } from 'knex';

export interface CacheRow { namespace: string; key_hash: string; key: string; body: string; stored_at: Date; expires_at: Date }

/** Rows whose request key mentions any of `terms` (case-insensitive; also URL-encoded), stored before `before` when given. */
export async function cacheRowsMentioning(knex: Knex, terms: readonly string[], before?: Date): Promise<CacheRow[]> {
  const needles = [...new Set(terms.flatMap((t) => [t, encodeURIComponent(t), t.replace(/ /g, '+')]).filter((t) => t.length >= 2))];
  if (needles.length === 0) return [];
  const query = knex('source_cache').where((q) => { for (const n of needles) q.orWhereRaw('position(lower(?) in lower(key)) > 0', [n]); });
  if (before) query.where('stored_at', '<', before);
  return query.orderBy(['namespace', 'key_hash']).select('namespace', 'key_hash', 'key', 'body', 'stored_at', 'expires_at');
}

export async function removeCacheRows(knex: Knex, rows: readonly Pick<CacheRow, 'namespace' | 'key_hash'>[]): Promise<number> {
  let removed = 0;
  for (const r of rows) removed += await knex('source_cache').where({ namespace: r.namespace, key_hash: r.key_hash }).delete();
  return removed;
}

/** Puts rows back as they were (a newer row for the same request is kept: it is the fresher answer). */
export async function restoreCacheRows(knex: Knex, rows: readonly CacheRow[]): Promise<number> {
  let restored = 0;
  for (const r of rows) {
    const inserted = await knex('source_cache').insert(r).onConflict(['namespace', 'key_hash']).ignore().returning('key_hash');
    restored += inserted.length;
  }
  return restored;
}
