// The store graph bench:ranking's repurposing question reads (issue 28 §2): the indication resources imported
// through the service's own import path into a scratch database — Disease Ontology (DOID → MONDO), PharmacotherapyDB
// (TREATS: physician-curated indications), DrugBank and its vocabulary (compound names the candidates link to) and
// ChEMBL (APPROVED_FOR: indications at max phase 4) — so that "already indicated" is the service's answer, not the
// bench's. These define "already indicated" for a repurposing question; the efficacy AUROC never reads them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withScratchDatabase } from './scratch-database';
import { KG_IMPORTS } from './kg-imports';
import { importSnapshot } from '../commands/biomed/import-snapshot';
import { openRuntime } from '../app/runtime';
import { loadSettings } from '../infra/config/settings';
import { silentLogger } from '../infra/logging/logger';
import type { StoreGraphParts } from '../commands/workspace/research-with-store-graph';

/** The resources that say which drugs are indicated for a disease, and the vocabularies that link to them. */
export const INDICATION_RESOURCES = ['disease_ontology', 'pharmacotherapydb', 'drugbank', 'drugbank_vocabulary', 'chembl'];

/**
 * Runs `work` with a store holding the indication resources; `undefined` parts (and the reason) when the
 * database or a file is missing, so the bench still measures the efficacy AUROC.
 */
export async function withIndicationStore<T>(work: (parts: StoreGraphParts | undefined, note: string) => Promise<T>): Promise<T> {
  const imports = KG_IMPORTS.filter(([resource]) => INDICATION_RESOURCES.includes(resource));
  const missing = imports.flatMap(([, files]) => files).filter((f) => !fs.existsSync(f));
  if (missing.length > 0) return work(undefined, `no_store_graph_missing_${path.basename(missing[0]!)}`);
  try {
    return await withScratchDatabase('bench_ranking', async (databaseUrl) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ranking-'));
      const settings = { ...loadSettings({ ...process.env, LOG_LEVEL: 'silent', BIOMED_SEED: 'false' }), databaseUrl, dataDir };
      const runtime = await openRuntime(settings, silentLogger);
      try {
        const started = Date.now();
        for (const [resource, files] of imports) {
          const result = await importSnapshot({ knex: runtime.db.knex, store: runtime.store, logInDatabase: true }, { resource, files });
          if (result.outcome !== 'imported') throw new Error(`${resource}: ${result.outcome}`);
        }
        console.log(`store graph: imported ${imports.map(([r]) => r).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return await work({ db: runtime.db }, 'store_graph');
      } finally {
        await runtime.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  } catch (error) {
    if (error instanceof Error && /ECONNREFUSED|connect/i.test(error.message)) return work(undefined, 'no_store_graph_no_database');
    throw error;
  }
}
