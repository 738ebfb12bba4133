// Target rankings over the claims of the ACTIVE snapshots (spec §4.2, limits §8):
// - targets(curie, top_k): genes of a condition ranked by their evidence vector;
// - targetPrioritization(disease, top_k): targets ranked by evidence and normalized degree centrality.
// (Subgraph and claim paths walk the store graph: commands/biomed-reads/claim-graph-reads.ts; the centrality
// here counts degrees in its claims.)
import type { Knex } from 'knex';
import { prefixOf } from '../../../domain/biomed/curie';
import { ClaimDegrees, supportingClaimDegrees } from '../../../domain/knowledge-graph/claim-degree';
import { storeGraphCache } from '../../kg/store-graph-cache';
import { T } from '../store/tables';
import { findTerm } from './conditions';
import { resolveIdentities } from './identity';
import { activeSnapshots, ActiveSnapshot } from './active-snapshots';

interface GraphNode { curie: string; kind: string; label: string | null }

const GENE_PREFIXES = new Set(['GENE_SYMBOL', 'HGNC', 'NCBIGENE', 'ENSEMBL', 'UNIPROTKB']);
const PATHWAY_PREFIXES = new Set(['REACTOME', 'GO', 'KEGG', 'WP']);

/** Term kind from the active snapshots; else from the prefix (gene, pathway), else 'entity'. */
async function nodesOf(db: Knex, curies: readonly string[]): Promise<Map<string, GraphNode>> {
  const out = new Map<string, GraphNode>();
  if (curies.length === 0) return out;
  const { rows } = await db.raw(`select distinct on (t.curie) t.curie, t.kind, t.label from ${T.terms} t
    join ${T.snapshots} s on s.snapshot_id = t.snapshot_id and s.active where t.curie = any(?::text[])
    order by t.curie, case s.resource when 'mondo' then 0 when 'hp' then 1 when 'hpoa' then 2 else 3 end`, [[...curies]]);
  for (const r of rows as { curie: string; kind: string; label: string | null }[]) out.set(r.curie, { curie: r.curie, kind: r.kind, label: r.label });
  for (const curie of curies) {
    if (out.has(curie)) continue;
    const prefix = prefixOf(curie).toUpperCase();
    const kind = GENE_PREFIXES.has(prefix) ? 'gene' : PATHWAY_PREFIXES.has(prefix) ? 'pathway' : 'entity';
    out.set(curie, { curie, kind, label: null });
  }
  return out;
}

// ---------------------------------------------------------------- targets

export interface EvidenceVector { condition_supports: number; condition_contradicts: number; pathway_supports: number; pathway_contradicts: number }
export interface RankedTarget { rank: number; curie: string; label: string | null; score: number; evidence: EvidenceVector; pathways: string[] }
export interface Targets { condition: { curie: string; label: string | null; mondo_curie: string | null }; top_k: number; candidates: number; targets: RankedTarget[]; snapshots: ActiveSnapshot[] }

interface GeneEvidence { gene: string; vector: EvidenceVector; pathways: Set<string> }

/** Genes of a condition (ASSOCIATED_WITH_GENE about it or an exact equivalent, any direction) with their evidence vectors. */
async function conditionGenes(db: Knex, active: readonly string[], curie: string): Promise<{ genes: Map<string, GeneEvidence>; mondoCurie: string | null }> {
  const identity = (await resolveIdentities(db, active, [curie])).get(curie)!;
  const { rows } = await db.raw(`select object as gene, evidence_direction as d, count(*)::int as n from ${T.claims}
    where snapshot_id = any(?::text[]) and predicate = 'ASSOCIATED_WITH_GENE' and (subject = any(?::text[]) or mondo_curie = ?)
    group by object, evidence_direction`, [[...active], identity.equivalents, identity.mondoCurie]);
  const genes = new Map<string, GeneEvidence>();
  const entry = (g: string) => {
    let e = genes.get(g);
    if (!e) { e = { gene: g, vector: { condition_supports: 0, condition_contradicts: 0, pathway_supports: 0, pathway_contradicts: 0 }, pathways: new Set() }; genes.set(g, e); }
    return e;
  };
  for (const r of rows as { gene: string; d: string; n: number }[]) {
    const e = entry(r.gene);
    if (r.d === 'supports') e.vector.condition_supports += r.n;
    else if (r.d === 'contradicts') e.vector.condition_contradicts += r.n;
  }
  if (genes.size > 0) {
    const { rows: prow } = await db.raw(`select subject as gene, object as pathway, evidence_direction as d from ${T.claims}
      where snapshot_id = any(?::text[]) and predicate = 'PARTICIPATES_IN' and subject = any(?::text[])`, [[...active], [...genes.keys()]]);
    for (const r of prow as { gene: string; pathway: string; d: string }[]) {
      const e = entry(r.gene);
      if (r.d === 'supports') { e.vector.pathway_supports += 1; e.pathways.add(r.pathway); } else if (r.d === 'contradicts') e.vector.pathway_contradicts += 1;
    }
  }
  return { genes, mondoCurie: identity.mondoCurie };
}

/** score = (condition_supports - condition_contradicts) + (pathway_supports - pathway_contradicts); ties by CURIE. */
export function evidenceScore(v: EvidenceVector): number {
  return v.condition_supports - v.condition_contradicts + v.pathway_supports - v.pathway_contradicts;
}

export async function targets(db: Knex, curie: string, topK: number): Promise<Targets | undefined> {
  const term = await findTerm(db, curie);
  if (!term) return undefined;
  const snapshots = await activeSnapshots(db);
  const active = snapshots.map((s) => s.snapshot_id);
  const { genes, mondoCurie } = await conditionGenes(db, active, term.curie);
  const ranked = [...genes.values()].map((g) => ({ g, score: evidenceScore(g.vector) }))
    .sort((a, b) => b.score - a.score || a.g.gene.localeCompare(b.g.gene)).slice(0, topK);
  const info = await nodesOf(db, ranked.map((r) => r.g.gene));
  return {
    condition: { curie: term.curie, label: term.label, mondo_curie: mondoCurie }, top_k: topK, candidates: genes.size,
    targets: ranked.map((r, i) => ({ rank: i + 1, curie: r.g.gene, label: info.get(r.g.gene)?.label ?? null, score: r.score, evidence: r.g.vector, pathways: [...r.g.pathways].sort() })),
    snapshots,
  };
}

// ---------------------------------------------------------------- target prioritization

export const PRIORITIZATION_WEIGHTS = { evidence: 0.7, centrality: 0.3 } as const;
const CENTRALITY_PREDICATES = ['ASSOCIATED_WITH_GENE', 'INVOLVES_PATHWAY', 'PARTICIPATES_IN', 'HAS_DRUG_EVIDENCE'];

export interface PrioritizedTarget {
  rank: number; curie: string; label: string | null; score: number;
  components: { evidence: number; centrality: number; degree: number; supports: number; contradicts: number };
}
export interface TargetPrioritization {
  disease: { curie: string; label: string | null; mondo_curie: string | null }; top_k: number; candidates: number;
  method: { evidence: string; centrality: string; weights: typeof PRIORITIZATION_WEIGHTS; graph: { nodes: number; edges: number } };
  targets: PrioritizedTarget[]; snapshots: ActiveSnapshot[];
}

/**
 * evidence = (1 + (s - c) / (s + c)) / 2 over the ASSOCIATED_WITH_GENE claims linking the gene to the disease
 * (1 = only supporting, 0 = only contradicting); centrality = degree / (n - 1) of the gene in the undirected
 * graph of the supporting gene / pathway / drug claims (ASSOCIATED_WITH_GENE, INVOLVES_PATHWAY, PARTICIPATES_IN,
 * HAS_DRUG_EVIDENCE) of the active snapshots, read from the store graph's claims (domain/knowledge-graph/claim-degree.ts),
 * n its node count; score = 0.7 evidence + 0.3 centrality.
 */
export async function targetPrioritization(db: Knex, diseaseCurie: string, topK: number): Promise<TargetPrioritization | undefined> {
  const term = await findTerm(db, diseaseCurie);
  if (!term) return undefined;
  const snapshots = await activeSnapshots(db);
  const active = snapshots.map((s) => s.snapshot_id);
  const { genes, mondoCurie } = await conditionGenes(db, active, term.curie);
  let graph: ClaimDegrees = { nodes: 0, edges: 0, degree: () => 0 };
  let nodeOf = (_curie: string): number | undefined => undefined;
  if (genes.size > 0) {
    const cg = await (await storeGraphCache(db).current()).claimGraph(db);
    graph = supportingClaimDegrees(cg, CENTRALITY_PREDICATES);
    nodeOf = (curie) => cg.resolve(curie);
  }
  const n = graph.nodes;
  const scored = [...genes.values()].map((g) => {
    const s = g.vector.condition_supports; const c = g.vector.condition_contradicts;
    const evidence = s + c === 0 ? 0.5 : (1 + (s - c) / (s + c)) / 2;
    const degree = graph.degree(nodeOf(g.gene));
    const centrality = n > 1 ? degree / (n - 1) : 0;
    const score = PRIORITIZATION_WEIGHTS.evidence * evidence + PRIORITIZATION_WEIGHTS.centrality * centrality;
    return { curie: g.gene, score, components: { evidence, centrality, degree, supports: s, contradicts: c } };
  }).sort((a, b) => b.score - a.score || a.curie.localeCompare(b.curie)).slice(0, topK);
  const info = await nodesOf(db, scored.map((t) => t.curie));
  return {
    disease: { curie: term.curie, label: term.label, mondo_curie: mondoCurie }, top_k: topK, candidates: genes.size,
    method: {
      evidence: '(1 + (supports - contradicts) / (supports + contradicts)) / 2 over ASSOCIATED_WITH_GENE claims about the disease',
      centrality: 'degree / (n - 1) in the undirected graph of supporting ASSOCIATED_WITH_GENE, INVOLVES_PATHWAY, PARTICIPATES_IN and HAS_DRUG_EVIDENCE claims',
      weights: PRIORITIZATION_WEIGHTS, graph: { nodes: n, edges: graph.edges },
    },
    targets: scored.map((t, i) => ({ rank: i + 1, curie: t.curie, label: info.get(t.curie)?.label ?? null, score: t.score, components: t.components })),
    snapshots,
  };
}
