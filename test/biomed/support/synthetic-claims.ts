// Shared set-up of the analytics specs: the fixture forms imported, plus an active hand-made snapshot
// of gene and pathway claims (no importer writes ASSOCIATED_WITH_GENE / INVOLVES_PATHWAY yet).
import { expect } from 'chai';
import { BiomedEnv, fixture } from './biomed-env';

export const SYNTHETIC_SNAPSHOT = 'clinvar-000000000000-1';

export type ClaimRow = [subject: string, predicate: string, object: string, direction: string];

/** The gene/pathway claims both specs build on; the graph spec adds an unconnected island. */
export const BASE_CLAIMS: readonly ClaimRow[] = [
  ['MONDO:0007915', 'ASSOCIATED_WITH_GENE', 'GENE_SYMBOL:A', 'supports'],
  ['MONDO:0007915', 'ASSOCIATED_WITH_GENE', 'GENE_SYMBOL:B', 'supports'],
  ['MONDO:0007915', 'ASSOCIATED_WITH_GENE', 'GENE_SYMBOL:D', 'contradicts'],
  ['OMIM:180300', 'ASSOCIATED_WITH_GENE', 'GENE_SYMBOL:B', 'supports'], // RA through its exact equivalent
  ['OMIM:180300', 'ASSOCIATED_WITH_GENE', 'GENE_SYMBOL:C', 'supports'],
  ['GENE_SYMBOL:A', 'PARTICIPATES_IN', 'REACTOME:R-HSA-1', 'supports'],
  ['GENE_SYMBOL:B', 'PARTICIPATES_IN', 'REACTOME:R-HSA-2', 'supports'],
  ['GENE_SYMBOL:C', 'PARTICIPATES_IN', 'REACTOME:R-HSA-2', 'supports'],
  ['GENE_SYMBOL:C', 'PARTICIPATES_IN', 'REACTOME:R-HSA-3', 'supports'],
  ['GENE_SYMBOL:D', 'PARTICIPATES_IN', 'REACTOME:R-HSA-3', 'supports'],
  ['MONDO:0007915', 'INVOLVES_PATHWAY', 'REACTOME:R-HSA-3', 'supports'],
];

export async function importFixturesWithClaims(env: BiomedEnv, claims: readonly ClaimRow[]): Promise<void> {
  for (const [resource, files] of [
    ['mondo', ['mondo-fixture.obo', 'mondo-fixture.sssom.tsv']], ['hp', ['hp-fixture.obo']], ['hpoa', ['hpoa-fixture.hpoa']],
  ] as const) {
    expect((await env.import({ resource, files: files.map(fixture) })).outcome).to.equal('imported');
  }
  const knex = env.runtime.db.knex;
  await knex('biomed.snapshots').insert({
    snapshot_id: SYNTHETIC_SNAPSHOT, resource: 'clinvar', stream_id: 'test-only', attempt: 1, artifact_sha256: '0'.repeat(64), artifacts: '[]', bytes: 0,
    status: 'completed', active: true, created_at: new Date(),
  });
  await knex('biomed.claims').insert(claims.map(([subject, predicate, object, direction], i) => ({
    snapshot_id: SYNTHETIC_SNAPSHOT, claim_no: i + 1, subject, predicate, object, evidence_direction: direction,
  })));
}
