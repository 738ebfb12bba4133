// GET /api/repurpose/gene/{gene_id}: what acts on a gene and what it is linked to — the compounds that
// TARGET it (DrugCentral, with the actions its claims state) or BIND it (BindingDB, ≤ 1 µM, with the
// measured affinity), and the diseases it is ASSOCIATED with (GWAS Catalog). With disease_id, each compound
// says whether it is a known indication (TREATS) or palliative (PALLIATES) of that disease, and the gene
// its interactome distance to the disease's genes.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { diseaseGenes } from '../../../domain/knowledge-graph/gene-sets';
import { edgeTypeMask, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { bfsFromSet, UNREACHABLE } from '../../../domain/network-medicine/interactome';
import { stringList } from '../../../domain/network-medicine/interaction-evidence';
import type { AnalysisDeps, AnalysisOutcome } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { claimKey, readClaimQualifiers } from '../network-medicine/claim-qualifiers';
import { interactome, interactomeLargestComponent } from '../network-medicine/interactome-cache';
import { geneJson } from '../network-medicine/views';

const ACTING = edgeTypeMask(['TARGETS', 'BINDS']);
const ASSOCIATES = edgeTypeMask(['ASSOCIATES']);
const TREATS = edgeTypeMask(['TREATS']);
const PALLIATES = edgeTypeMask(['PALLIATES']);

export interface GeneInput { gene_id: string; disease_id?: string }

const sortIds = (g: TypedKnowledgeGraph) => (a: number, b: number) => (g.id(a) < g.id(b) ? -1 : g.id(a) > g.id(b) ? 1 : 0);

function successorsOf(g: TypedKnowledgeGraph, node: number, mask: Uint8Array): Set<number> {
  const out = new Set<number>();
  g.forEachStep(node, 'forward', mask, (_e, other) => out.add(other));
  return out;
}

export async function geneCompoundsAndDiseases(deps: AnalysisDeps, input: GeneInput): Promise<AnalysisOutcome> {
  const g = (await deps.graph()).graph;
  const gene = g.lookup(input.gene_id);
  if (gene === undefined) return { kind: 'not_found', detail: `gene ${input.gene_id} has no node in the knowledge graph of the active snapshots` };
  if (g.typeOf(gene) !== 'Gene') return { kind: 'not_found', detail: `${input.gene_id} is a ${g.typeOf(gene)}, not a gene` };
  const disease = input.disease_id !== undefined ? resolveDisease(deps.diseases, g, input.disease_id) : null;
  if (disease?.kind === 'not_found') return { kind: 'not_found', detail: disease.detail };

  const edges: { edge: number; compound: number; type: 'TARGETS' | 'BINDS' }[] = [];
  g.forEachPredecessor(gene, 'forward', ACTING, (edge, compound) => edges.push({ edge, compound, type: g.edgeType(edge) as 'TARGETS' | 'BINDS' }));
  const qualifiers = await readClaimQualifiers(deps.db, edges.flatMap((e) => g.claimsOf(e.edge)));
  const byCompound = new Map<number, { targets: { actions: Set<string>; claims: number } | null; binds: { affinities: number[]; claims: number } | null }>();
  for (const e of edges) {
    const entry = byCompound.get(e.compound) ?? { targets: null, binds: null };
    byCompound.set(e.compound, entry);
    for (const ref of g.claimsOf(e.edge)) {
      const q = qualifiers.get(claimKey(ref)) ?? {};
      if (e.type === 'TARGETS') {
        entry.targets ??= { actions: new Set(), claims: 0 };
        entry.targets.claims++;
        for (const a of stringList(q.actions)) entry.targets.actions.add(a);
      } else {
        entry.binds ??= { affinities: [], claims: 0 };
        entry.binds.claims++;
        if (typeof q.affinity_nM === 'number') entry.binds.affinities.push(q.affinity_nM);
      }
    }
  }
  const known = disease?.kind === 'resolved' ? { treats: new Set<number>(), palliates: new Set<number>() } : null;
  if (known && disease?.kind === 'resolved') {
    g.forEachPredecessor(disease.node, 'forward', TREATS, (_e, c) => known.treats.add(c));
    g.forEachPredecessor(disease.node, 'forward', PALLIATES, (_e, c) => known.palliates.add(c));
  }
  const compounds = [...byCompound.keys()].sort(sortIds(g)).map((c) => {
    const entry = byCompound.get(c)!;
    return {
      compound: { id: g.id(c), name: g.label(c) },
      targets: entry.targets ? { actions: [...entry.targets.actions].sort(), claims: entry.targets.claims } : null,
      binds: entry.binds ? { affinity_nM: entry.binds.affinities.length > 0 ? Math.min(...entry.binds.affinities) : null, claims: entry.binds.claims } : null,
      ...(known ? { known_indication: known.treats.has(c), palliates: known.palliates.has(c) } : {}),
    };
  });

  const diseases = [...new Set<number>(collectPredecessors(g, gene, ASSOCIATES))].sort(sortIds(g)).map((d) => ({ id: g.id(d), label: g.label(d) }));
  const full = interactome(g);
  const local = full.size > 0 ? full.localOf[gene]! : -1;
  const interactomeJson: Record<string, unknown> = { in_interactome: local >= 0, degree: local >= 0 ? full.start[local + 1]! - full.start[local]! : 0 };
  let diseaseJson: Record<string, unknown> | null = null;
  if (disease?.kind === 'resolved') {
    const genes = diseaseGenes(g, disease.node);
    diseaseJson = { gene_associated: successorsOf(g, disease.node, ASSOCIATES).has(gene), disease_genes: genes.length };
    // Distance to the nearest disease gene in the interactome's largest component (where proximity is measured).
    const network = full.size > 0 ? interactomeLargestComponent(g) : null;
    let distance: number | null = null;
    if (network && network.localOf[gene]! >= 0) {
      const sources = genes.map((s) => network.localOf[s]!).filter((l) => l >= 0);
      if (sources.length > 0) {
        const dist = new Uint8Array(network.size);
        bfsFromSet(network, sources, sources.length, dist, new Int32Array(network.size));
        const d = dist[network.localOf[gene]!]!;
        distance = d === UNREACHABLE ? null : d;
      }
    }
    interactomeJson.distance_to_disease_genes = distance;
  }

  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: 'repurpose', method: 'Compounds acting on a gene (TARGETS: DrugCentral; BINDS: BindingDB ≤ 1 µM) and the diseases it is associated with (GWAS Catalog)',
      disease: disease?.kind === 'resolved' ? { curie: disease.curie, label: disease.label, module_id: disease.module_id } : null,
      parameters: { gene_id: input.gene_id, disease_id: input.disease_id ?? null }, seed: null, snapshots: g.snapshots,
      body: { gene: geneJson(g, gene), interactome: interactomeJson, disease_link: diseaseJson, compounds_total: compounds.length, compounds, diseases },
    }),
  };
}

function collectPredecessors(g: TypedKnowledgeGraph, node: number, mask: Uint8Array): number[] {
  const out: number[] = [];
  g.forEachPredecessor(node, 'forward', mask, (_e, other) => out.push(other));
  return out;
}
