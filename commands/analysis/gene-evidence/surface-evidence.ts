// Cell-surface evidence from the active surfaceome snapshot (The Cancer Surfaceome Atlas, Hu et al., Nature
// Cancer 2021; infra/biomed/importers/surfaceome.ts): one HAS_SURFACE_EVIDENCE claim per workbook gene, its
// GESP score (the weighted count of nine surfaceome resources listing the gene: CSPA, HPA, TOPDB, SURFY —
// Bausch-Fluck et al., PNAS 2018 —, UniProt, COMPARTMENTS, PANTHER, HMPAS, Rabbitts) in the qualifiers.
// These claims are not graph edges (the metagraph has no surface node), so they are read from the store and
// put on the graph's gene nodes through the graph's exact identity (ENSEMBL -> NCBIGene where gene_info maps
// it exactly). A gene absent from the atlas has no evidence: absence, not "not on the surface".
import type { Knex } from 'knex';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { T } from '../../../infra/biomed/store/tables';

export interface SurfaceEvidence {
  gesp_score: number;
  /** The sum of the resources' weights: the largest score the atlas can give (15 in the published workbook). */
  max_score: number;
  /** Each resource's cell as the workbook gives it (its weight, or null). */
  resources: Record<string, number | null>;
  claim_no: number;
}

export interface SurfaceAtlas { snapshot_id: string; byGene: Map<number, SurfaceEvidence>; claims: number; not_in_graph: number }

const parse = (q: unknown) => (typeof q === 'string' ? JSON.parse(q) as unknown : q) as Record<string, unknown> | null;

function evidenceOf(q: Record<string, unknown>, claimNo: number): SurfaceEvidence | null {
  if (typeof q.gesp_score !== 'number') return null;
  const weights = (q.resource_weights ?? {}) as Record<string, number>;
  const resources = (q.evidence ?? {}) as Record<string, number | null>;
  return { gesp_score: q.gesp_score, max_score: Object.values(weights).reduce((s, w) => s + (typeof w === 'number' ? w : 0), 0), resources, claim_no: claimNo };
}

/** The atlas on the graph's genes (the highest score when two workbook rows land on one gene), or null without a surfaceome snapshot. */
export async function readSurfaceAtlas(db: Knex, g: TypedKnowledgeGraph): Promise<SurfaceAtlas | null> {
  const snapshot = g.snapshots.find((s) => s.resource === 'surfaceome');
  if (!snapshot) return null;
  const { rows } = await db.raw(`select claim_no, subject, qualifiers from ${T.claims}
    where snapshot_id = ? and predicate = 'HAS_SURFACE_EVIDENCE' and evidence_direction = 'supports' order by claim_no`, [snapshot.snapshot_id]);
  const byGene = new Map<number, SurfaceEvidence>();
  let notInGraph = 0;
  for (const r of rows as { claim_no: number; subject: string; qualifiers: unknown }[]) {
    const node = g.lookup(r.subject);
    const evidence = evidenceOf(parse(r.qualifiers) ?? {}, r.claim_no);
    if (node === undefined || g.typeOf(node) !== 'Gene') { notInGraph++; continue; }
    if (evidence && (byGene.get(node)?.gesp_score ?? -1) < evidence.gesp_score) byGene.set(node, evidence);
  }
  return { snapshot_id: snapshot.snapshot_id, byGene, claims: rows.length, not_in_graph: notInGraph };
}

export const NO_SURFACEOME = 'no surfaceome snapshot is active: import The Cancer Surfaceome Atlas workbook (surfaceome resource: '
  + 'TCSA Figure1_GESPscore.xlsx with Homo_sapiens.gene_info.gz) for the cell-surface evidence';
