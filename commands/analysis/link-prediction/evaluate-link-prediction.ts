// `evidence ml evaluate`: the link-prediction model cross-validated on the active snapshots, by held-out
// pair and by held-out disease (domain/link-prediction/cross-validate.ts), with Project Rephetio's published
// figures for their own evaluation sets beside ours. Trains nothing that is cached: every fold refits.
import type { CompoundUniverse } from '../../../domain/link-prediction/model-scope';
import type { Knex } from 'knex';
import { FeatureComputer } from '../../../domain/link-prediction/feature-set';
import { evaluateByDiseases, evaluateByPairs, HeldOutResult } from '../../../domain/link-prediction/cross-validate';
import { REPHETIO_PUBLISHED } from '../../../domain/link-prediction/rephetio-published';
import type { Progress } from '../../../domain/link-prediction/train-model';
import type { ServedGraph } from '../../../infra/kg/store-graph-cache';
import { drive } from './drive';
import { externalEvaluation, ExternalOutcome } from './external-evaluation';
import { linkTrainingData, unavailableReason } from './link-model';

export interface LinkEvaluationReport {
  version: string;
  snapshots: { snapshot_id: string; resource: string }[];
  folds: number;
  seed: number;
  training: { positives: number; curated_negatives: number; sampled_negatives: number; compounds: number; diseases: number; compound_universe: CompoundUniverse | null };
  held_out_pairs: HeldOutResult;
  held_out_diseases: HeldOutResult;
  /** ChEMBL approved indications absent from PharmacotherapyDB, scored by the model of the active snapshots. */
  external: ExternalOutcome;
  rephetio_published: typeof REPHETIO_PUBLISHED;
  note: string;
}

export type LinkEvaluationOutcome = { kind: 'ok'; report: LinkEvaluationReport } | { kind: 'not_available'; reason: string } | { kind: 'invalid'; reason: string };

export async function evaluateLinkPrediction(
  served: ServedGraph, db: Knex, options: { folds: number; seed: number; externalDataDir?: string }, onProgress?: (p: Progress) => void,
): Promise<LinkEvaluationOutcome> {
  if (!Number.isInteger(options.folds) || options.folds < 2 || options.folds > 10) return { kind: 'invalid', reason: '--folds must be an integer from 2 to 10' };
  if (!Number.isInteger(options.seed) || options.seed < 0 || options.seed > 0xffffffff) return { kind: 'invalid', reason: '--seed must be an integer from 0 to 4294967295' };
  const reason = unavailableReason(served.graph);
  if (reason) return { kind: 'not_available', reason };
  const data = await linkTrainingData(served, db, options);
  const computer = new FeatureComputer(data.view, data.set.compounds);
  const pairs = await drive(evaluateByPairs(computer, data.set), onProgress);
  const diseases = await drive(evaluateByDiseases(computer, data.set, options.seed), onProgress);
  const external: ExternalOutcome = options.externalDataDir
    ? await externalEvaluation(served, db, options.externalDataDir)
    : { status: 'not_available', reason: 'no shared data directory given for the external hold-out' };
  const count = (origin: string) => data.set.origin.filter((o) => o === origin).length;
  return {
    kind: 'ok',
    report: {
      version: served.key,
      snapshots: served.graph.snapshots.map((s) => ({ snapshot_id: s.snapshot_id, resource: s.resource })),
      folds: options.folds, seed: options.seed,
      training: { positives: count('treats'), curated_negatives: count('curated_not'), sampled_negatives: count('sampled'), compounds: data.set.compounds.length, diseases: data.set.diseases.length, compound_universe: data.set.universe },
      held_out_pairs: pairs, held_out_diseases: diseases, external,
      rephetio_published: REPHETIO_PUBLISHED,
      note: 'Ours: pooled out-of-fold predictions on our hold-outs of the active snapshots (held-out treatments removed from the graph before features). '
        + 'Rephetio: their published AUROCs for their own model on their own evaluation sets; not a like-for-like comparison.',
    },
  };
}
