// The external hold-out of `evidence ml evaluate`: the model of the active snapshots (trained on PharmacotherapyDB's
// disease-modifying pairs, link-model.ts) scores every compound for each treated disease that has ChEMBL approved
// indications outside PharmacotherapyDB (domain/link-prediction/external-holdout.ts); pooled and within-disease AUROC
// of those indications against every other unlabelled pair of the same diseases. Reads the shared data directory.
import type { Knex } from 'knex';
import { auroc, averagePrecision, withinGroupAuroc } from '../../../domain/link-prediction/classification-metrics';
import { buildHoldOut } from '../../../domain/link-prediction/external-holdout';
import { pairKey } from '../../../domain/link-prediction/hetnet-view';
import { scoreCompounds } from '../../../domain/link-prediction/predict';
import { readChemblHoldOutFiles } from '../../../infra/biomed/chembl-holdout-files';
import type { ServedGraph } from '../../../infra/kg/store-graph-cache';
import { linkModel } from './link-model';

export const EXTERNAL_SOURCE = 'ChEMBL drug_indication rows with max_phase_for_ind = 4 (approved for the indication), ChEMBL → DrugBank by UniChem, '
  + 'EFO → MONDO by MONDO\'s exact matches, restricted to the treated diseases the model learned from, minus every PharmacotherapyDB pair (DM, SYM, NOT)';

export interface ExternalEvaluation {
  status: 'evaluated';
  source: string;
  files: string[];
  auroc: number;
  within_disease_auroc: { mean: number; median: number; diseases: number };
  auprc: number;
  positives: number;
  negatives: number;
  diseases: number;
  mapping: ReturnType<typeof buildHoldOut>['counts'];
}

export type ExternalOutcome = ExternalEvaluation | { status: 'not_available'; reason: string };

export async function externalEvaluation(served: ServedGraph, db: Knex, dataDir: string): Promise<ExternalOutcome> {
  const files = readChemblHoldOutFiles(dataDir);
  if ('missing' in files) return { status: 'not_available', reason: `the external hold-out needs ${files.missing}` };
  const outcome = await linkModel(served, db);
  if (outcome.kind === 'not_available') return { status: 'not_available', reason: outcome.reason };
  const { trained } = outcome;
  const g = served.graph;
  const { view, model, predictor } = trained;
  const n = view.nodeCount;
  const compoundRow = new Map<string, number>();
  predictor.compounds.forEach((c, row) => compoundRow.set(g.id(c), row));
  const diseaseNode = new Map<string, number>();
  for (const d of trained.set.diseases) diseaseNode.set(g.id(d), d);
  const labelled = (row: number, d: number) => {
    const c = predictor.compounds[row]!;
    const key = pairKey(c, d, n);
    return trained.palliates.has(key) || trained.curatedNot.has(key) || view.neighbours('CtD', false, d).includes(c);
  };
  const holdOut = buildHoldOut({ indications: files.indications, efoToMondo: files.efoToMondo, chemblToDrugbank: files.chemblToDrugbank, compoundRow, diseaseNode, labelled });
  const scores: number[] = [];
  const labels: number[] = [];
  const groups: number[] = [];
  for (const [d, positives] of [...holdOut.positives].sort((a, b) => a[0] - b[0])) {
    const s = scoreCompounds(model, predictor, view, d);
    for (let row = 0; row < s.compounds.length; row++) {
      if (labelled(row, d)) continue;
      scores.push(s.logit[row]!);
      labels.push(positives.has(row) ? 1 : 0);
      groups.push(d);
    }
  }
  const within = withinGroupAuroc(scores, labels, groups);
  const positives = labels.reduce((a, b) => a + b, 0);
  return {
    status: 'evaluated', source: EXTERNAL_SOURCE, files: files.files,
    auroc: auroc(scores, labels), within_disease_auroc: { mean: within.mean, median: within.median, diseases: within.groups },
    auprc: averagePrecision(scores, labels), positives, negatives: labels.length - positives, diseases: holdOut.positives.size, mapping: holdOut.counts,
  };
}
