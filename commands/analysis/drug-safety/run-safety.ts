// The safety use case: for one compound (drug_id) or the compounds indicated for the disease (TREATS), the
// SIDER side effects with label frequencies and the drug-vs-placebo comparison, DrugBank's groups (withdrawn),
// the openFDA FAERS disproportionality of the drug's most reported events, and its labels' boxed warnings.
// Local data (SIDER, DrugBank) comes from the store; FAERS and labels through the source framework (live, the
// response cache, or for labels the synthetic offline corpus, marked). A part whose data is absent says so.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { disproportionality, tableFromCounts } from '../../../domain/pharmacovigilance/disproportionality';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { boxedWarnings } from './openfda-boxed-warnings';
import { faersCounts, type FaersOutcome } from './openfda-faers';
import { drugbankGroups, siderSideEffects } from './sider-effects';

export const SAFETY_MODULE_ID = 'drug-safety';
export const SAFETY_METHOD = 'SIDER 4.1 side effects with label frequencies and the drug − placebo absolute risk difference (interval bounds); '
  + 'openFDA FAERS disproportionality of the drug\'s most reported events: PRR (Evans et al., Pharmacoepidemiol Drug Saf 2001) and ROR '
  + '(Rothman et al., Pharmacoepidemiol Drug Saf 2004) with 95% CIs, Yates-corrected χ², Evans signal criteria (PRR ≥ 2, χ² ≥ 4, n ≥ 3); '
  + 'DrugBank withdrawn status; openFDA label boxed warnings';

export interface SafetyParameters { drug_id: string | null; disease: string; max_drugs: number; max_side_effects: number; max_faers_events: number }

/** The parameters as the route's schema gives them (defaults applied where the route is entered); no drug_id: null. */
export function safetyParameters(input: Record<string, unknown>): SafetyParameters {
  const p = input as unknown as Omit<SafetyParameters, 'drug_id'> & { drug_id?: string };
  return { drug_id: p.drug_id ?? null, disease: p.disease, max_drugs: p.max_drugs, max_side_effects: p.max_side_effects, max_faers_events: p.max_faers_events };
}

const TREATS = edgeTypeIndex('TREATS')!;
const drugCurie = (id: string) => (id.startsWith('DRUGBANK:') ? id : `DRUGBANK:${id}`);

/** The compounds to profile: the one asked for, or those indicated for the disease (by id). */
function pickDrugs(deps: AnalysisDeps, g: TypedKnowledgeGraph, p: SafetyParameters): { nodes: number[] } | { detail: string } {
  if (p.drug_id !== null) {
    const node = g.lookup(drugCurie(p.drug_id));
    if (node === undefined || g.typeOf(node) !== 'Compound') return { detail: `unknown compound ${p.drug_id}: no such compound in the knowledge graph of the active snapshots` };
    return { nodes: [node] };
  }
  const resolved = resolveDisease(deps.diseases, g, p.disease);
  if (resolved.kind === 'not_found') return { detail: resolved.detail };
  const mask = new Uint8Array(32);
  mask[TREATS] = 1;
  const found = new Set<number>();
  g.forEachPredecessor(resolved.node, 'forward', mask, (_e, other) => found.add(other));
  return { nodes: [...found].sort((a, b) => (g.id(a) < g.id(b) ? -1 : 1)).slice(0, p.max_drugs) };
}

function faersRows(faers: FaersOutcome, name: string, max: number) {
  if (faers.kind !== 'ok') return null;
  const counts = faers.counts.drugs.get(name);
  if (!counts) return null;
  const events = counts.events.slice(0, max).map((e) => {
    const eventTotal = faers.counts.eventTotals.get(e.term);
    const table = eventTotal === undefined ? null : tableFromCounts(e.count, counts.reports, eventTotal, faers.counts.total);
    return { term: e.term, reports: e.count, table, ...(table ? disproportionality(table) : { prr: null, ror: null, chi_square_yates: null, evans_signal: false }),
      note: table ? null : 'the event\'s total report count is outside the 1,000 most reported events openFDA counts: no 2×2 table' };
  });
  return { reports: counts.reports, events };
}

async function profile(deps: AnalysisDeps, g: TypedKnowledgeGraph, node: number, ctx: { module: DiseaseModule; p: SafetyParameters; faers: FaersOutcome; sider?: string; drugbank?: string }) {
  const id = g.id(node);
  const name = g.label(node);
  const effects = ctx.sider ? await siderSideEffects(deps.db, ctx.sider, id) : [];
  const groups = ctx.drugbank ? await drugbankGroups(deps.db, ctx.drugbank, id) : null;
  return {
    id, name, drugbank_groups: groups, withdrawn: groups === null ? null : groups.includes('withdrawn'),
    side_effects: {
      total: effects.length, with_frequency: effects.filter((e) => e.frequency).length, with_placebo: effects.filter((e) => e.placebo_comparison).length,
      higher_on_drug: effects.filter((e) => e.placebo_comparison?.verdict === 'higher_on_drug').length, listed: effects.slice(0, ctx.p.max_side_effects),
    },
    faers: faersRows(ctx.faers, name, ctx.p.max_faers_events),
    labels: await boxedWarnings(deps, ctx.module, name),
  };
}

function sourcesBlock(faers: FaersOutcome, sider?: string, drugbank?: string) {
  return {
    sider: sider ? { status: 'used', snapshot_id: sider } : { status: 'not_available', reason: 'no sider snapshot is active' },
    drugbank: drugbank ? { status: 'used', snapshot_id: drugbank } : { status: 'not_available', reason: 'no drugbank snapshot is active: withdrawn status unknown' },
    faers: faers.kind === 'ok'
      ? { status: 'used', retrieval_mode: faers.retrieval_mode, snapshot_id: faers.snapshot_id ?? null, total_reports: faers.counts.total, reason: null }
      : { status: 'not_available', retrieval_mode: null, snapshot_id: null, total_reports: null, reason: faers.reason },
  };
}

export async function runSafety(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const p = safetyParameters(input);
  const module = deps.diseases.entry(p.disease)?.module;
  if (!module) return { kind: 'not_found', detail: `unknown disease module '${p.disease}'` };
  const g = (await deps.graph()).graph;
  const sider = g.snapshots.find((s) => s.resource === 'sider')?.snapshot_id;
  if (!sider) return { kind: 'not_available', reason: 'no SIDER side effects in the knowledge graph of the active snapshots: import the sider resource (meddra_all_se, meddra_freq, DrugBank\'s PubChem mapping)' };
  const picked = pickDrugs(deps, g, p);
  if ('detail' in picked) return { kind: 'not_found', detail: picked.detail };
  const drugbank = g.snapshots.find((s) => s.resource === 'drugbank')?.snapshot_id;
  await context.progress(20, 'counting openFDA FAERS reports');
  const faers = picked.nodes.length > 0 ? await faersCounts(deps, module, picked.nodes.map((n) => g.label(n)), p.max_faers_events) : { kind: 'not_available' as const, reason: 'no drugs to profile' };
  const drugs = [];
  for (const node of picked.nodes) drugs.push(await profile(deps, g, node, { module, p, faers, sider, drugbank }));
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: SAFETY_MODULE_ID, method: SAFETY_METHOD, disease: { curie: module.mondo_id, label: module.name, module_id: module.id },
      parameters: { ...p }, snapshots: g.snapshots.filter((s) => s.resource === 'sider' || s.resource === 'drugbank'),
      body: { sources: sourcesBlock(faers, sider, drugbank), note: drugs.length === 0 ? `no compound is indicated (TREATS) for ${module.name} in the knowledge graph` : null, drugs },
    }),
  };
}
