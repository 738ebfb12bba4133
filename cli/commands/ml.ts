// `evidence ml evaluate [--folds 5] [--seed N] [--json]`: cross-validated AUROC and AUPRC of the link-prediction
// model on the active snapshots (held-out pairs, held-out diseases), with Project Rephetio's published figures
// for their own evaluation sets beside them, labelled as theirs.
import type { Command } from 'commander';
import { evaluateLinkPrediction } from '../../commands/analysis/link-prediction/evaluate-link-prediction';
import { ANALYSIS_DISCLAIMER } from '../../domain/analysis/result-envelope';
import { LINK_PREDICTION_DEFAULTS } from '../../domain/link-prediction/train-model';
import { storeGraphCache } from '../../infra/kg/store-graph-cache';
import { printTable } from '../print';
import { withBiomed } from './biomed';

const fixed = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : 'n/a');

/** Where the external hold-out's files are: --external-data, else SHARED_DATA_DIR, else ../shared/data. */
const externalDir = (option?: string) => option ?? process.env.SHARED_DATA_DIR ?? '../shared/data';

export async function mlEvaluate(options: { folds?: string; seed?: string; json?: boolean; externalData?: string; external?: boolean }): Promise<void> {
  const folds = options.folds === undefined ? LINK_PREDICTION_DEFAULTS.folds : Number(options.folds);
  const seed = options.seed === undefined ? LINK_PREDICTION_DEFAULTS.seed : Number(options.seed);
  const outcome = await withBiomed(async ({ knex }) => {
    const served = await storeGraphCache(knex).current();
    let last = '';
    return evaluateLinkPrediction(served, knex, { folds, seed, externalDataDir: options.external === false ? undefined : externalDir(options.externalData) }, (p) => {
      if (!options.json && process.stderr.isTTY && p.message !== last) { last = p.message; process.stderr.write(`\r\x1b[K${p.message}`); }
    });
  });
  if (!options.json && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  if (outcome.kind !== 'ok') {
    console.error(outcome.reason);
    process.exit(outcome.kind === 'invalid' ? 2 : 1);
  }
  const r = outcome.report;
  if (options.json) { console.log(JSON.stringify({ ...r, disclaimer: ANALYSIS_DISCLAIMER }, null, 2)); return; }
  console.log(`Link prediction, ${r.folds}-fold cross-validation (seed ${r.seed}) on the active snapshots:`);
  console.log(`  ${r.training.positives} treatments, ${r.training.curated_negatives} curated and ${r.training.sampled_negatives} sampled negatives; ${r.training.compounds} compounds, ${r.training.diseases} treated diseases`);
  const u = r.training.compound_universe;
  if (u) console.log(`  compound universe: feature set ${u.feature_set} (${u.resources.join(', ')}): ${u.compounds} compounds, ${u.excluded_compounds} compound nodes without a Rephetio-era edge left out`);
  console.log('\nOURS, measured on our hold-outs:');
  printTable(['hold-out', 'AUROC pooled', 'AUROC within disease (mean / median, diseases)', 'AUPRC', 'positives', 'negatives', 'λ per fold'], [r.held_out_pairs, r.held_out_diseases].map((h) => [
    h.scheme === 'pairs' ? 'held-out pairs' : 'held-out diseases', fixed(h.auroc),
    `${fixed(h.within_disease_auroc.mean)} / ${fixed(h.within_disease_auroc.median)} (${h.within_disease_auroc.diseases})`,
    fixed(h.auprc), String(h.positives), String(h.negatives), h.lambdas.map((l) => l.toPrecision(3)).join(', '),
  ]));
  const x = r.external;
  console.log('\nOURS, external hold-out (ChEMBL approved indications not in PharmacotherapyDB; the model trained on all PharmacotherapyDB DM pairs):');
  if (x.status === 'evaluated') {
    printTable(['hold-out', 'AUROC pooled', 'AUROC within disease (mean / median, diseases)', 'AUPRC', 'positives', 'negatives', 'diseases'], [[
      'external (ChEMBL phase 4)', fixed(x.auroc), `${fixed(x.within_disease_auroc.mean)} / ${fixed(x.within_disease_auroc.median)} (${x.within_disease_auroc.diseases})`,
      fixed(x.auprc), String(x.positives), String(x.negatives), String(x.diseases),
    ]]);
    console.log(`  mapping: ${JSON.stringify(x.mapping)}`);
  } else console.log(`  not evaluated: ${x.reason}`);
  console.log('\nTHEIRS, Project Rephetio (Himmelstein et al., eLife 2017) as published, their model on their evaluation sets:');
  printTable(['their evaluation set', 'AUROC'], r.rephetio_published.map((p) => [p.set, fixed(p.auroc)]));
  console.log(`\n${r.note}`);
  console.log(`computed from: ${r.snapshots.map((s) => s.snapshot_id).join(', ')}`);
  console.log(ANALYSIS_DISCLAIMER);
}

/** Registers `evidence ml …` on the program (called once by cli/main.ts). */
export function registerMlCommands(program: Command): void {
  const ml = program.command('ml').description('link prediction: which compounds treat which diseases (research use only)');
  ml.command('evaluate').description('cross-validated AUROC and AUPRC by held-out pair and held-out disease, next to Project Rephetio\'s published figures')
    .option('--folds <n>', `number of folds (2-10, default ${LINK_PREDICTION_DEFAULTS.folds})`)
    .option('--seed <n>', `seed of the negative sample and the folds (default ${LINK_PREDICTION_DEFAULTS.seed})`)
    .option('--json', 'print JSON')
    .option('--no-external', 'skip the external hold-out (it is a yardstick: look at it once per served-model change)')
    .option('--external-data <dir>', 'shared data directory holding chembl/ and mondo/ for the external hold-out (default SHARED_DATA_DIR or ../shared/data)')
    .action(mlEvaluate);
}
