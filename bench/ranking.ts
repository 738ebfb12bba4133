// npm run bench:ranking — how well the dossier's efficacy ranking finds the drugs ChEMBL lists as approved
// (max phase 4) for the disease (issue 28 §5). For every seed disease (fixtures/diseases): an offline efficacy
// dossier (candidate_type drugs); AUROC of its drug ranking (rank order, shared ranks tied) against ChEMBL's
// phase-4 indications among the ranked candidates (Mann–Whitney, domain/link-prediction/classification-metrics.ts);
// and for a repurposing question, the share of those approved drugs the answer keeps apart as "already
// indicated". Goal: mean AUROC ≥ 0.80 over diseases with at least five approved drugs among the candidates.
// The yardstick walks the disease hierarchy the service walks (bench/disease-descendants.ts: an indication for a
// disease below the question's, ulcerative colitis in IBD, counts); auroc_own_term_yardstick is the figure against the
// disease's own EFO id and names only. Records about another seed disease are left out as the service leaves them out
// (the disease modules' names are passed as the registry's are: domain/workspace/other-disease.ts).
// Prints each disease with the candidates behind its number (+ approved, +(below) approved only below it, − not). Reads
// ../shared/data/chembl directly (SHARED_DATA_DIR overrides). BENCH_SMOKE=1: SLE only.
// Offline mode reads the real literature mirror (EVIDENCE_MIRROR_DIR, default the bundled fixtures/seed/literature;
// infra/literature/mirror.ts), never the synthetic corpus. The bundled mirror is small, so each disease line says how
// many real records the dossier rested on, and a disease with fewer than THIN_RECORDS of them is marked thin_coverage:
// its AUROC says little about the method.
// The repurposing share: the repurposing question runs as the service runs it, over the store graph of the
// indication resources (bench/ranking-store.ts: PharmacotherapyDB TREATS, ChEMBL phase-4 APPROVED_FOR, imported into
// a scratch database), so the drugs it sets apart as "already indicated" are the service's. Those resources are the
// question's definition of "already indicated". The efficacy question runs over the same store graph, as the
// service runs it: a curated indication on a candidate's path (PharmacotherapyDB TREATS/PALLIATES) counts once as
// evidence, ChEMBL's indications never (curated-indication.ts; APPROVED_FOR is not an explanation edge either).
// PharmacotherapyDB is not ChEMBL, but both catalogue indications: the AUROC over the store graph is agreement with
// a second indication resource as much as it is the method's. auroc_seed_graph is the same question over the
// curated seed graph (fixtures/kg: hand-written FDA-label treats edges). Without a database only the seed graph
// figure exists and the repurposing share falls back to retrieved labels only; the final line says so.
import fs from 'node:fs';
import path from 'node:path';
import type { DiseaseModule } from '../domain/diseases/disease-module';
import type { Dossier, ResearchRequest } from '../domain/workspace/dossier-types';
import type { DiseaseNames } from '../domain/workspace/other-disease';
import { SOURCE_NAMES } from '../domain/workspace/sources';
import { auroc } from '../domain/link-prediction/classification-metrics';
import { fixedClock } from '../infra/clock/clock';
import { loadDefaultGraph } from '../test/support/curated-graph/load-graph';
import { ALL_ADAPTERS } from '../infra/sources/adapters';
import { findProjectRoot } from '../infra/sources/offline-reader';
import { runResearchPipeline } from '../commands/workspace/research-pipeline';
import { readChemblIndications } from './chembl-indications';
import { defaultMirrorDir, mirrorAt } from '../infra/literature/mirror';
import { researchWithStoreGraph, type StoreGraphParts } from '../commands/workspace/research-with-store-graph';
import { withIndicationStore } from './ranking-store';
import { readDiseaseHierarchy } from './disease-descendants';

const ROOT = findProjectRoot();
const SHARED = process.env.SHARED_DATA_DIR ?? path.resolve(ROOT, '..', 'shared', 'data');
const SMOKE = process.env.BENCH_SMOKE === '1';
const MIRROR_DIR = process.env.EVIDENCE_MIRROR_DIR ? path.resolve(process.env.EVIDENCE_MIRROR_DIR) : defaultMirrorDir();
const MIRROR = mirrorAt(MIRROR_DIR);
/** Fewer real records than this behind a disease's dossier: its figure is marked thin_coverage. */
const THIN_RECORDS = 20;

let diseaseNames: DiseaseNames[] | undefined;
/** Every seed disease's names, as the service's registry gives them (a record about another one is left out). */
function allDiseases(): DiseaseNames[] {
  const dir = path.join(ROOT, 'fixtures', 'diseases');
  return (diseaseNames ??= fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as DiseaseModule)
    .map((m) => ({ id: m.id, name: m.name, synonyms: m.synonyms })));
}

/** An offline dossier; over the store graph when `store` is given (as the service runs a question). */
async function dossierFor(disease: DiseaseModule, question: string, store?: StoreGraphParts): Promise<Dossier> {
  const request: ResearchRequest = {
    disease_id: disease.id, question, sources: [...SOURCE_NAMES], date_from: null, date_to: null,
    candidate_type: 'drugs', max_evidence: 200, enable_llm: false,
  };
  const at = new Date('2026-11-27T12:00:00Z');
  const run = { runId: `bench_${disease.id}`, request, disease, startedAt: at, otherDiseases: allDiseases() };
  const deps = { adapters: ALL_ADAPTERS, sourceOptions: () => ({ mode: 'offline' as const, ...(MIRROR ? { mirror: MIRROR } : {}) }), llm: { baseUrl: undefined, apiKey: undefined, model: 'none', timeoutMs: 1000 }, clock: fixedClock(at) };
  const { dossier } = store ? await researchWithStoreGraph(store, run, deps) : await runResearchPipeline({ ...run, graph: loadDefaultGraph() }, deps);
  return dossier;
}

const fmt = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(3));

async function main(): Promise<void> {
  const chemblDir = path.join(SHARED, 'chembl');
  if (!fs.existsSync(path.join(chemblDir, 'indications.csv'))) {
    console.log(`ranking: skipped=1 reason=no_chembl_files_at_${chemblDir}`);
    return;
  }
  if (MIRROR === null) {
    console.log(`ranking: skipped=1 reason=no_literature_mirror_at_${MIRROR_DIR}`);
    return;
  }
  await withIndicationStore((store, basis) => measure(chemblDir, store, basis));
}

async function measure(chemblDir: string, store: StoreGraphParts | undefined, repurposingBasis: string): Promise<void> {
  const chembl = readChemblIndications(chemblDir);
  const hierarchy = await readDiseaseHierarchy(SHARED);
  const diseaseDir = path.join(ROOT, 'fixtures', 'diseases');
  const ids = SMOKE ? ['sle'] : fs.readdirSync(diseaseDir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
  const results: { id: string; auc: number; ownTermAuc: number; ownTermApproved: number; seedAuc: number; approved: number; candidates: number; keptApart: number; approvedInRepurposing: number; realRecords: number; thin: boolean }[] = [];
  for (const id of ids) {
    const disease = JSON.parse(fs.readFileSync(path.join(diseaseDir, `${id}.json`), 'utf8')) as DiseaseModule;
    // The yardstick walks the disease hierarchy the service walks (an indication for ulcerative colitis is one in
    // IBD); `approvedOwnTerm` is the yardstick before (the disease's own EFO id and names), printed beside it.
    const approvedOwnTerm = chembl.approvedFor(disease.efo_id, [disease.name, ...disease.synonyms]);
    const approved = chembl.approvedFor(disease.efo_id, [disease.name, ...disease.synonyms], hierarchy.below(disease.mondo_id).ids);
    const question = `Which drugs show the strongest evidence of efficacy in ${disease.name}?`;
    // As the service runs it: over the store graph when there is one (its curated indications count once,
    // never ChEMBL's: curated-indication.ts); the curated seed graph's figure is printed beside it.
    const seedEfficacy = await dossierFor(disease, question);
    const efficacy = store ? await dossierFor(disease, question, store) : seedEfficacy;
    const aucOf = (d: Dossier) => auroc(d.drug_rankings.map((r) => -r.rank), d.drug_rankings.map((r) => (approved.has(r.label.toLowerCase()) ? 1 : 0)));
    const seedAuc = aucOf(seedEfficacy);
    const ranked = efficacy.drug_rankings;
    const labels = ranked.map((r) => (approved.has(r.label.toLowerCase()) ? 1 : 0));
    const auc = auroc(ranked.map((r) => -r.rank), labels);
    const ownTermLabels = ranked.map((r) => (approvedOwnTerm.has(r.label.toLowerCase()) ? 1 : 0));
    const ownTermAuc = auroc(ranked.map((r) => -r.rank), ownTermLabels);
    const ownTermPositives = ownTermLabels.reduce<number>((a, b) => a + b, 0);
    const positives = labels.reduce<number>((a, b) => a + b, 0);
    const indicated = ranked.filter((r) => r.explanation.includes('Curated indication (')).length;
    // What the dossier rested on: real (mirror) records versus synthetic ones, so thin coverage is shown, not hidden.
    const realRecords = efficacy.evidence.filter((e) => e.provenance?.synthetic !== true).length;
    const syntheticRecords = efficacy.evidence.length - realRecords;
    const thin = realRecords < THIN_RECORDS;
    const repurposing = await dossierFor(disease, `Which existing drugs could be repurposed for ${disease.name}?`, store);
    const apart = new Set(repurposing.answer?.set_apart.filter((s) => s.reason === 'already_indicated').map((s) => s.label.toLowerCase()) ?? []);
    const approvedThere = [...repurposing.drug_rankings.map((r) => r.label), ...(repurposing.answer?.set_apart.map((s) => s.label) ?? [])].map((l) => l.toLowerCase()).filter((l) => approved.has(l));
    const keptApart = approvedThere.filter((l) => apart.has(l)).length;
    results.push({ id, auc, ownTermAuc, ownTermApproved: ownTermPositives, seedAuc, approved: positives, candidates: ranked.length, keptApart, approvedInRepurposing: approvedThere.length, realRecords, thin });
    console.log(`${id}: auroc=${fmt(auc)} auroc_own_term_yardstick=${fmt(ownTermAuc)} (approved ${ownTermPositives}) auroc_seed_graph=${fmt(seedAuc)} curated_indications_counted=${indicated} candidates=${ranked.length} approved=${positives} repurposing_kept_apart=${keptApart}/${approvedThere.length} `
      + `real_records=${realRecords} synthetic_records=${syntheticRecords}${thin ? ` thin_coverage=1 (fewer than ${THIN_RECORDS} real records: this figure says little)` : ''}`);
    console.log(`  ${ranked.map((r) => `${r.rank}.${r.label}${approved.has(r.label.toLowerCase()) ? (approvedOwnTerm.has(r.label.toLowerCase()) ? '+' : '+(below)') : '-'}(${r.score.toFixed(1)})`).join(' ')}`);
    const notApart = approvedThere.filter((l) => !apart.has(l));
    if (approvedThere.length > 0) console.log(`  repurposing: kept apart ${[...apart].join(', ') || 'none'}; approved but ranked as new: ${notApart.join(', ') || 'none'}`);
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const scored = results.filter((r) => !Number.isNaN(r.auc));
  const five = scored.filter((r) => r.approved >= 5);
  const fiveOwn = results.filter((r) => !Number.isNaN(r.ownTermAuc) && r.ownTermApproved >= 5);
  const apartTotal = results.reduce((s, r) => s + r.keptApart, 0);
  const approvedTotal = results.reduce((s, r) => s + r.approvedInRepurposing, 0);
  const thinIds = results.filter((r) => r.thin).map((r) => r.id);
  if (thinIds.length > 0) console.log(`thin coverage (fewer than ${THIN_RECORDS} real records in the mirror): ${thinIds.join(', ')}`);
  console.log(`ranking: diseases=${results.length} with_auroc=${scored.length} auroc_mean=${fmt(mean(scored.map((r) => r.auc)))} `
    + `diseases_5plus_approved=${five.length} auroc_mean_5plus=${fmt(mean(five.map((r) => r.auc)))} `
    + `own_term_yardstick_diseases_5plus=${fiveOwn.length} own_term_yardstick_auroc_mean_5plus=${fmt(mean(fiveOwn.map((r) => r.ownTermAuc)))} auroc_mean_5plus_seed_graph=${fmt(mean(five.map((r) => r.seedAuc)))} goal_5plus=0.80 `
    + `efficacy_graph=${store ? 'store_graph' : 'curated_seed_graph'} `
    + `repurposing_kept_apart_share=${fmt(approvedTotal ? apartTotal / approvedTotal : NaN)} thin_coverage_diseases=${thinIds.length} repurposing_basis=${store ? 'store_graph_pharmacotherapydb_chembl_phase4_and_labels' : `retrieved_labels_only_${repurposingBasis}`} corpus=mirror`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
