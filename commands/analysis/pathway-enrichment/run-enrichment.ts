// The enrichment use case: a disease's genes (GWAS, domain/knowledge-graph/gene-sets.ts) tested for
// over-representation in Reactome pathways (domain/enrichment/over-representation.ts) against the genes
// with at least one pathway annotation. With untargeted_only, genes an approved drug already targets leave
// both the query and the background (the question becomes: which pathways do the disease's untargeted genes
// gather in, among the untargeted annotated genes). Computed from the in-memory graph on every call.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { locusUnits, overRepresentationByLocus } from '../../../domain/enrichment/locus-units';
import { readGwasAssociations } from '../gene-evidence/gwas-associations';
import { pathwayAnnotations } from '../../../domain/enrichment/pathway-annotations';
import { compoundTargets, diseaseGenes, geneCompounds } from '../../../domain/knowledge-graph/gene-sets';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { approvedCompounds } from './approved-compounds';

export const ENRICHMENT_MODULE_ID = 'pathway-enrichment';
export const ENRICHMENT_METHOD = 'Over-representation analysis: one-sided hypergeometric test, P(X ≥ k), of the disease\'s GWAS loci in each '
  + 'Reactome pathway against the pathway-annotated genes, a GWAS Catalog locus (its genes, one lead SNP) counted once, with '
  + 'Benjamini–Hochberg FDR over every pathway tested (Benjamini & Hochberg, J R Stat Soc B 1995)';
export const GO_NOT_AVAILABLE = 'no gene–GO annotations in the knowledge graph: the metagraph has no gene–GO edge type and no GO '
  + 'annotation file (GAF) is imported — the go resource holds the ontology\'s terms only — so no GO process is tested';

export interface EnrichmentParameters { disease_id: string; untargeted_only: boolean; max_fdr: number; top_n: number; no_cache: boolean }

const gene = (g: TypedKnowledgeGraph, node: number) => ({ id: g.id(node), symbol: g.label(node) });


export async function runEnrichment(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = input as unknown as EnrichmentParameters;
  const g = (await deps.graph()).graph;
  const resolved = resolveDisease(deps.diseases, g, parameters.disease_id);
  if (resolved.kind === 'not_found') return { kind: 'not_found', detail: resolved.detail };
  await context.progress(10, 'reading Reactome pathway annotations');
  const annotations = pathwayAnnotations(g);
  const reactome = g.snapshots.find((s) => s.resource === 'reactome');
  if (annotations.pathwayGenes.size === 0) {
    return { kind: 'not_available', reason: 'no Reactome pathway annotations (PARTICIPATES_IN edges) in the knowledge graph of the active snapshots: '
      + 'import the reactome resource (ReactomePathways.txt and ReactomePathways.gmt), with ncbi_gene for the gene identities' };
  }
  const genes = diseaseGenes(g, resolved.node);

  // Genes an approved drug targets (TARGETS / BINDS ≤ 1 µM), when asked to leave them out.
  let targeted = new Set<number>();
  let untargeted: { approved_compounds: number; dropped_count: number; dropped: { id: string; symbol: string; approved_compounds: { id: string; name: string }[] }[] } | null = null;
  if (parameters.untargeted_only) {
    const drugbank = g.snapshots.find((s) => s.resource === 'drugbank');
    if (!drugbank) {
      return { kind: 'not_available', reason: 'untargeted_only needs DrugBank\'s approval groups (the drugbank resource\'s term attribute group = approved), '
        + 'and no drugbank snapshot is active: import drugbank, or ask without untargeted_only' };
    }
    await context.progress(30, 'reading approved compounds');
    const approved = await approvedCompounds(deps.db, drugbank.snapshot_id);
    targeted = new Set<number>();
    for (const curie of approved) {
      const compound = g.lookup(curie);
      if (compound !== undefined && g.typeOf(compound) === 'Compound') for (const target of compoundTargets(g, compound)) targeted.add(target);
    }
    const dropped = genes.filter((x) => targeted.has(x)).map((x) => ({
      ...gene(g, x),
      approved_compounds: geneCompounds(g, x).filter((c) => approved.has(g.id(c))).map((c) => ({ id: g.id(c), name: g.label(c) })),
    }));
    untargeted = { approved_compounds: approved.size, dropped_count: dropped.length, dropped };
  }

  await context.progress(50, 'testing pathways');
  const inBackground = (x: number) => annotations.genePathways.has(x) && !targeted.has(x);
  let backgroundSize = 0;
  for (const x of annotations.genePathways.keys()) if (!targeted.has(x)) backgroundSize++;
  const query = genes.filter(inBackground);
  const sets = [...annotations.pathwayGenes].map(([pathway, members]) => ({ key: pathway, members: members.filter(inBackground) }));
  // A locus's genes (one lead SNP) are one draw: grouped by the (DOID, locus) of their GWAS Catalog claims.
  const lociOf = new Map<number, string[]>();
  for (const a of await readGwasAssociations(deps.db, g, resolved.node)) {
    if (a.locus === null) continue;
    const key = `${a.doid ?? ''}:${a.locus}`;
    lociOf.set(a.gene, [...(lociOf.get(a.gene) ?? []), key]);
  }
  const unitOf = locusUnits(query, lociOf);
  const testedLoci = new Set(unitOf.values()).size;
  const rows = query.length > 0 ? overRepresentationByLocus(query, unitOf, backgroundSize, sets) : [];
  const significant = rows.filter((r) => r.fdr <= parameters.max_fdr);
  const listed = significant.slice(0, parameters.top_n);

  const body = {
    sources: {
      reactome: { status: 'used' as const, snapshot_id: reactome?.snapshot_id ?? null, pathways: annotations.pathwayGenes.size, annotated_genes: annotations.genePathways.size },
      go: { status: 'not_available' as const, reason: GO_NOT_AVAILABLE },
    },
    background: {
      definition: parameters.untargeted_only
        ? 'genes with at least one Reactome pathway annotation (PARTICIPATES_IN), minus the genes an approved drug targets'
        : 'genes with at least one Reactome pathway annotation (PARTICIPATES_IN)',
      size: backgroundSize,
    },
    query: {
      disease_genes: genes.length,
      tested_genes: query.length,
      tested_loci: testedLoci,
      locus_rule: 'genes of one GWAS Catalog locus (one lead SNP; genes sharing a locus joined transitively) count once: n = loci, k = loci with a gene in the pathway; N and K are genes',
      outside_background: genes.filter((x) => !annotations.genePathways.has(x)).length,
      untargeted,
    },
    counts: { pathways_tested: rows.length, significant: significant.length, listed: listed.length },
    note: genes.length === 0 ? `${resolved.label} has no GWAS genes in the knowledge graph (no ASSOCIATES edges): nothing to test`
      : query.length === 0 ? 'none of the disease\'s genes is in the background: nothing to test' : null,
    pathways: listed.map((r) => ({
      id: g.id(r.key), name: g.label(r.key), k: r.loci, k_genes: r.overlap.length, pathway_size: r.size, expected: r.expected,
      fold_enrichment: r.fold_enrichment, p: r.p, fdr: r.fdr, genes: r.overlap.map((x) => gene(g, x)),
    })),
  };
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: ENRICHMENT_MODULE_ID, method: ENRICHMENT_METHOD,
      disease: { curie: resolved.curie, label: resolved.label, module_id: resolved.module_id },
      parameters: { ...parameters }, snapshots: g.snapshots, body,
    }),
  };
}
