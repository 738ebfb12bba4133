// Ligand-based virtual screening of DrugBank for one target gene: each compound's highest Morgan-fingerprint
// Tanimoto similarity to the gene's known binders (the similarity principle: Johnson & Maggiora 1990; max-fusion
// over several references: Hert et al., J Chem Inf Comput Sci 2004, doi:10.1021/ci034267y), with Lipinski's
// rule of five and QED (with its structural alerts) shown per compound; optionally the top compounds docked with
// AutoDock Vina into an operator-configured receptor.
//
// Target: `gene_id` if given; else the disease's most-targeted gene: among the disease's GWAS genes, the one with
// the most compounds that TARGET or BIND it, ties by the smaller NCBI Gene number.
// Known binders: compounds with a TARGETS (DrugCentral) or BINDS (BindingDB, <= 1 uM) edge to the gene; they are
// the references and are left out of the candidates (listed separately). Ranking: similarity, ties by id.
import { diseaseGenes, geneCompounds } from '../../../domain/knowledge-graph/gene-sets';
import { edgeTypeMask, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { nearest } from '../../../domain/screening/fingerprint-similarity';
import { applySimilarityFloor } from '../../../domain/screening/similarity-floor';
import { rdkit } from '../../../infra/chem/rdkit';
import { dockPdbqt, DockingOptions, DockingOutcome, DockingTools, findDockingTools, findReceptor, prepareLigand, Receptor } from '../../../infra/screening/docking';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { resolveDisease } from '../resolve-disease';
import { compoundLibrary, LibraryCompound, MORGAN } from './compound-library';

export const SCREENING_METHOD = 'Ligand-based virtual screening: Morgan fingerprints (radius 2, 2048 bits; Rogers & Hahn, J Chem Inf Model 2010) '
  + 'of DrugBank structures restored from their InChI, ranked by the highest Tanimoto similarity to the target\'s known binders '
  + '(TARGETS/BINDS edges; max fusion, Hert et al. 2004); drug-likeness by Lipinski\'s rule of five (Lipinski et al., Adv Drug Deliv Rev '
  + '1997) and QED (Bickerton et al., Nat Chem 2012; its eight properties and 116 structural alerts as RDKit\'s QED measures them)';
export const DOCKING_METHOD = 'Docking: AutoDock Vina (Eberhardt et al., J Chem Inf Model 2021) of ligands prepared by Open Babel (O\'Boyle et al., '
  + 'J Cheminform 2011: 3D, pH 7.4, PDBQT; the largest component of a salt), one pose per ligand, fixed seed, one CPU';

export const DOCKING_SEED = 20151015;

/**
 * Prepared 3D ligands, kept per process: Open Babel's conformer search is not seeded, so preparing a ligand
 * again could start Vina from another conformer; keeping the first makes repeated requests identical.
 */
const ligands = new Map<string, Promise<Awaited<ReturnType<typeof prepareLigand>>>>();
const KEPT_LIGANDS = 2000;

async function dockCompound(tools: DockingTools, receptor: Receptor, smiles: string, options: DockingOptions): Promise<DockingOutcome> {
  let prepared = ligands.get(smiles);
  if (!prepared) {
    prepared = prepareLigand(tools, smiles, options);
    ligands.set(smiles, prepared);
    if (ligands.size > KEPT_LIGANDS) ligands.delete(ligands.keys().next().value!);
  }
  const ligand = await prepared;
  if (!ligand.ok) { ligands.delete(smiles); return { ok: false, stage: 'ligand_preparation', error: ligand.error }; }
  return dockPdbqt(tools, receptor, ligand.pdbqt, options);
}
const TOOL_TIMEOUT_MS = 300_000;
const BINDING = edgeTypeMask(['TARGETS', 'BINDS']);

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The disease gene with the most compounds targeting or binding it (ties: smaller NCBI Gene number), or null. */
export function mostTargetedGene(g: TypedKnowledgeGraph, disease: number): { gene: number; binders: number } | null {
  let best: { gene: number; binders: number } | null = null;
  const number = (n: number) => Number(g.id(n).split(':')[1]);
  for (const gene of diseaseGenes(g, disease)) {
    const binders = geneCompounds(g, gene).length;
    if (binders === 0) continue;
    if (!best || binders > best.binders || (binders === best.binders && number(gene) < number(best.gene))) best = { gene, binders };
  }
  return best;
}

function binderEdgeTypes(g: TypedKnowledgeGraph, gene: number): Map<number, string[]> {
  const out = new Map<number, string[]>();
  g.forEachStep(gene, 'any', BINDING, (e, other) => {
    if (g.edgeTarget(e) !== gene) return;
    const types = out.get(other) ?? [];
    if (!types.includes(g.edgeType(e))) types.push(g.edgeType(e));
    out.set(other, types.sort());
  });
  return out;
}

/** The route's parameters as its query schema gives them (route-parameters.ts: coerced, defaults filled); gene_id has no default. */
interface ScreenParameters { disease_id: string; gene_id?: string; top_n: number; min_tanimoto: number; use_vina: boolean; dock_top: number; exhaustiveness: number }

export async function screenCompounds(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const p = input as unknown as ScreenParameters;
  const { disease_id: diseaseId, top_n: topN, use_vina: useVina, dock_top: dockTop, exhaustiveness, min_tanimoto: minTanimoto } = p;
  const geneId = p.gene_id ?? null;

  await context.progress(5, 'reading the knowledge graph');
  const g = (await deps.graph()).graph;
  const disease = resolveDisease(deps.diseases, g, diseaseId);
  if (disease.kind === 'not_found') return { kind: 'not_found', detail: disease.detail };

  let gene: number;
  let chosenBy: 'gene_id' | 'most_targeted_disease_gene';
  if (geneId) {
    const node = g.lookup(geneId);
    if (node === undefined || g.typeOf(node) !== 'Gene') return { kind: 'not_found', detail: `gene ${geneId} has no node in the knowledge graph of the active snapshots` };
    gene = node; chosenBy = 'gene_id';
  } else {
    const best = mostTargetedGene(g, disease.node);
    if (!best) return { kind: 'not_available', reason: `no GWAS gene of ${disease.curie} is targeted or bound by any compound in the active snapshots: give gene_id` };
    gene = best.gene; chosenBy = 'most_targeted_disease_gene';
  }
  const binderNodes = geneCompounds(g, gene);
  if (binderNodes.length === 0) return { kind: 'not_available', reason: `${g.id(gene)} (${g.label(gene)}) has no known binders (TARGETS/BINDS) in the active snapshots: ligand-based screening needs at least one` };
  const drugbank = g.snapshots.find((s) => s.resource === 'drugbank');
  if (!drugbank) return { kind: 'not_available', reason: 'no active drugbank snapshot: compound structures come from its InChI attributes' };

  // Docking prerequisites are checked before any work, so a missing tool fails fast.
  let docking: { tools: DockingTools; receptor: Receptor } | null = null;
  if (useVina) {
    const tools = findDockingTools();
    const receptor = findReceptor(deps.settings.screeningReceptorsDir, g.id(gene).replace(/^NCBIGene:/, ''));
    if ('missing' in tools || 'missing' in receptor) {
      const missing = [...('missing' in tools ? tools.missing : []), ...('missing' in receptor ? receptor.missing : [])];
      return { kind: 'not_available', reason: `use_vina=true cannot run: ${missing.join('; ')}` };
    }
    docking = { tools: tools.tools, receptor: receptor.receptor };
  }

  await context.progress(15, 'loading RDKit and the compound library');
  let module;
  try {
    module = await rdkit();
  } catch (error) {
    return { kind: 'not_available', reason: `RDKit (WebAssembly, @rdkit/rdkit) could not be loaded: ${error instanceof Error ? error.message : String(error)}` };
  }
  const library = await compoundLibrary(deps.db, module, drugbank.snapshot_id);
  const edgeTypes = binderEdgeTypes(g, gene);
  const binders = binderNodes.map((n) => ({ node: n, curie: g.id(n), label: g.label(n), entry: library.byCurie.get(g.id(n)) }));
  const references = binders.filter((b): b is typeof b & { entry: LibraryCompound } => b.entry !== undefined);
  if (references.length === 0) {
    return { kind: 'not_available', reason: `none of the ${binders.length} known binder(s) of ${g.label(gene)} has a structure (InChI) in the drugbank snapshot` };
  }

  await context.progress(40, 'comparing fingerprints');
  const binderCuries = new Set(binders.map((b) => b.curie));
  const scored = library.compounds.filter((c) => !binderCuries.has(c.curie)).map((c) => {
    const hit = nearest(c, references.map((r) => r.entry))!;
    return { c, similarity: hit.similarity, nearestBinder: references[hit.index]! };
  });
  scored.sort((x, y) => y.similarity - x.similarity || (x.c.curie < y.c.curie ? -1 : x.c.curie > y.c.curie ? 1 : 0));
  const floor = applySimilarityFloor(scored.map((s) => ({ ...s, curie: s.c.curie, label: s.c.label })), minTanimoto);
  const top = floor.kept.slice(0, topN);

  const docked = new Map<string, DockingOutcome>();
  if (docking) {
    const toDock = top.slice(0, dockTop);
    for (const [i, s] of toDock.entries()) {
      if (context.signal.aborted) break;
      await context.progress(50 + Math.round((45 * i) / toDock.length), `docking ${s.c.label} (${i + 1}/${toDock.length})`);
      docked.set(s.c.curie, await dockCompound(docking.tools, docking.receptor, s.c.dockingSmiles, { exhaustiveness, seed: DOCKING_SEED, timeoutMs: TOOL_TIMEOUT_MS, signal: context.signal }));
    }
  }

  await context.progress(96, 'drug-likeness of the returned candidates');
  const candidates = top.map((s, i) => {
    const details = library.details(s.c);
    return {
      rank: i + 1, curie: s.c.curie, label: s.c.label, max_tanimoto: r4(s.similarity),
      nearest_binder: { curie: s.nearestBinder.curie, label: s.nearestBinder.label },
      lipinski: details.lipinski, qed: details.qed, qed_without_alerts: details.qed_without_alerts, smiles: details.smiles,
      docking: docked.get(s.c.curie) ?? null,
    };
  });
  const result = analysisEnvelope({
    module: 'virtual-screening',
    method: docking ? `${SCREENING_METHOD}. ${DOCKING_METHOD}` : SCREENING_METHOD,
    disease: { curie: disease.curie, label: disease.label, module_id: disease.module_id },
    parameters: { disease_id: diseaseId, gene_id: geneId, top_n: topN, min_tanimoto: minTanimoto, use_vina: useVina, dock_top: useVina ? dockTop : null, exhaustiveness: useVina ? exhaustiveness : null },
    seed: docking ? DOCKING_SEED : null,
    snapshots: g.snapshots,
    body: {
      target: { curie: g.id(gene), symbol: g.label(gene), chosen_by: chosenBy, known_binders: binders.length, binders_with_structure: references.length },
      known_binders: binders.map((b) => ({ curie: b.curie, label: b.label, edge_types: edgeTypes.get(b.node) ?? [], has_structure: b.entry !== undefined })),
      library: {
        drugbank_snapshot: drugbank.snapshot_id, compounds_with_inchi: library.withInchi, structures_restored: library.compounds.length,
        not_restored: library.notRestored, candidates_screened: scored.length,
      },
      fingerprint: { type: 'Morgan', radius: MORGAN.radius, bits: MORGAN.nBits, similarity: 'Tanimoto, highest over the known binders with a structure' },
      similarity_floor: floor.report,
      candidates,
      docking: docking ? {
        receptor: `${docking.receptor.gene}.pdbqt`, box: docking.receptor.box, exhaustiveness, seed: DOCKING_SEED, cpu: 1,
        docked: docked.size, requested: Math.min(dockTop, top.length), affinity_unit: 'kcal/mol (Vina score; more negative = stronger predicted binding)',
      } : null,
    },
  });
  return { kind: 'ok', result };
}
