// Cache administration (spec §4.7): namespace statistics of the evidence-source response cache and
// clearing one namespace or all. Namespaces are one per evidence source (the adapters' names) and one per
// module (ids and aliases, for modules that cache their own answers), plus any other found in the cache.
// Clearing is recorded as a CacheCleared event: who, when, which namespace and how many entries.
import { randomUUID } from 'node:crypto';
import { CACHE_ADMIN_STREAM, CacheAdminEvent } from '../../domain/operations/cache-admin';
import { SOURCE_NAMES } from '../../domain/workspace/sources';
import type { EventStore } from '../../infra/event-store/event-store';
import type { ResponseCache } from '../../infra/sources/response-cache';
import type { ModuleRegistry } from '../jobs/module-registry';
import { CommandContext, metadataFor } from '../shared/command-context';

export interface CacheAdminDeps {
  cache: Pick<ResponseCache, 'stats' | 'clear'>;
  modules: Pick<ModuleRegistry, 'list'>;
  store: EventStore;
}

export type NamespaceKind = 'source' | 'module' | 'other';

export interface NamespaceStats { namespace: string; kind: NamespaceKind; entries: number; bytes: number }

function knownNamespaces(deps: Pick<CacheAdminDeps, 'modules'>): Map<string, NamespaceKind> {
  const known = new Map<string, NamespaceKind>(SOURCE_NAMES.map((s) => [s, 'source']));
  for (const m of deps.modules.list()) for (const name of [m.id, ...(m.aliases ?? [])]) if (!known.has(name)) known.set(name, 'module');
  return known;
}

export async function cacheStats(deps: CacheAdminDeps): Promise<{ namespaces: NamespaceStats[]; total_entries: number; total_bytes: number }> {
  const known = knownNamespaces(deps);
  const found = new Map((await deps.cache.stats()).map((s) => [s.namespace, s]));
  const names = [...new Set([...known.keys(), ...found.keys()])].sort();
  const namespaces = names.map((namespace) => ({
    namespace, kind: known.get(namespace) ?? (isModuleNamespace(known, namespace) ? 'module' as const : 'other' as const), entries: found.get(namespace)?.entries ?? 0, bytes: found.get(namespace)?.bytes ?? 0,
  }));
  return { namespaces, total_entries: sum(namespaces, 'entries'), total_bytes: sum(namespaces, 'bytes') };
}

const sum = (rows: NamespaceStats[], key: 'entries' | 'bytes') => rows.reduce((total, r) => total + r[key], 0);

export type ClearOutcome = { kind: 'ok'; removed: number; namespace: string | null } | { kind: 'not_found'; detail: string };

/** A module's own namespaces may carry a suffix after its id or alias (literature_mining for literature). */
function isModuleNamespace(known: Map<string, NamespaceKind>, namespace: string): boolean {
  return [...known].some(([name, kind]) => kind === 'module' && namespace.startsWith(`${name}_`));
}

/** Clears one namespace (404 when it is neither known nor present) or all (namespace null). */
export async function clearCache(deps: CacheAdminDeps, context: CommandContext, namespace: string | null): Promise<ClearOutcome> {
  const known = knownNamespaces(deps);
  if (namespace !== null && !known.has(namespace) && !isModuleNamespace(known, namespace) && !(await deps.cache.stats()).some((s) => s.namespace === namespace)) {
    return { kind: 'not_found', detail: `unknown cache namespace '${namespace}': see GET /api/system/cache/stats` };
  }
  const removed = await deps.cache.clear(namespace ?? undefined);
  const event: CacheAdminEvent = { type: 'CacheCleared', data: { namespace, removed, at: context.now.toISOString() } };
  await deps.store.append(CACHE_ADMIN_STREAM, [{ id: randomUUID(), ...event, metadata: metadataFor(context) }]);
  return { kind: 'ok', removed, namespace };
}
