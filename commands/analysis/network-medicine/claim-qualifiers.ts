// The qualifiers of given claims (DrugCentral's actions, BindingDB's affinity, the interactome's PubMed ids
// and detection methods), read from the store in one query: the graph cites claims, the store holds what
// they say. Keyed "snapshot_id#claim_no".
import type { Knex } from 'knex';
import type { ClaimRef } from '../../../domain/knowledge-graph/typed-graph';
import { T } from '../../../infra/biomed/store/tables';

export const claimKey = (ref: { snapshot_id: string; claim_no: number }) => `${ref.snapshot_id}#${ref.claim_no}`;

export async function readClaimQualifiers(db: Knex, refs: readonly ClaimRef[]): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  const real = refs.filter((r) => r.claim_no >= 0);
  if (real.length === 0) return out;
  const { rows } = await db.raw(`select c.snapshot_id, c.claim_no, c.qualifiers from unnest(?::text[], ?::int[]) as k(snapshot_id, claim_no)
    join ${T.claims} c on c.snapshot_id = k.snapshot_id and c.claim_no = k.claim_no`, [real.map((r) => r.snapshot_id), real.map((r) => r.claim_no)]);
  for (const r of rows as { snapshot_id: string; claim_no: number; qualifiers: unknown }[]) {
    const q = typeof r.qualifiers === 'string' ? JSON.parse(r.qualifiers) as unknown : r.qualifiers;
    out.set(claimKey(r), q && typeof q === 'object' ? q as Record<string, unknown> : {});
  }
  return out;
}
