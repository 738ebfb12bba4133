// GET /api/v1/conditions/{curie}/claims as a query: a page of claims about the term or an exactly mapped
// equivalent, over the active snapshots; undefined when no active snapshot knows the term.
import type { Knex } from 'knex';
import { findTerm } from '../../infra/biomed/read/conditions';
import { claimsAbout } from '../../infra/biomed/read/claims';
import { resolveIdentities } from '../../infra/biomed/read/identity';
import { activeSnapshots } from '../../infra/biomed/read/active-snapshots';

export async function conditionClaims(db: Knex, curie: string, filters: Parameters<typeof claimsAbout>[3]) {
  const term = await findTerm(db, curie);
  if (!term) return undefined;
  const snapshots = await activeSnapshots(db);
  const active = snapshots.map((s) => s.snapshot_id);
  const identity = (await resolveIdentities(db, active, [term.curie])).get(term.curie)!;
  const { claims, hasMore } = await claimsAbout(db, active, identity, filters);
  return { term, claims, hasMore, snapshots };
}
