// mondo: MONDO disease terms from one OBO file plus any number of SSSOM mapping sets. Only
// skos:exactMatch rows become mappings (the other predicates are counted and skipped): disease
// identity across resources rests on exact published mappings, never on label similarity.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { ONTOLOGY_FILE } from '../parsers/ontology-file';
import { parseSssom, SssomMeta } from '../parsers/sssom';
import { SnapshotWriters } from '../store/snapshot-writers';
import { ImportContext, PROGRESS_EVERY, ResourceImporter } from './importer';
import { loadOboTerms } from './obo-terms';

export const EXACT_MATCH = 'skos:exactMatch';

async function loadMappingSet(context: ImportContext, writers: SnapshotWriters, filePath: string) {
  const file = path.basename(filePath);
  const meta: SssomMeta = {};
  let rows = 0;
  let exact = 0;
  const skipped: Record<string, number> = {};
  for await (const row of parseSssom(filePath, meta)) {
    rows++;
    if (row.predicateId !== EXACT_MATCH) {
      skipped[row.predicateId] = (skipped[row.predicateId] ?? 0) + 1;
    } else {
      exact++;
      await writers.mapping({ ...row, source: 'sssom', file, line: row.line });
    }
    if (rows % PROGRESS_EVERY === 0) context.progress(file, rows);
  }
  context.progress(file, rows);
  const scalar = (key: string) => (typeof meta[key] === 'string' ? meta[key] as string : null);
  return { file, mapping_set_id: scalar('mapping_set_id'), mapping_set_version: scalar('mapping_set_version'), license: scalar('license'), rows, exact_match_rows: exact, skipped_non_exact: skipped };
}

export const mondoImporter: ResourceImporter = {
  resource: 'mondo',
  classify(paths) {
    const obo = paths.filter((p) => ONTOLOGY_FILE.test(p));
    const sssom = paths.filter((p) => /\.tsv(\.gz)?$/i.test(p));
    if (obo.length !== 1 || obo.length + sssom.length !== paths.length) {
      throw new ImportRefusedError('bad_input', 'mondo takes exactly one MONDO .obo[.gz] or OBO Graphs .json[.gz] file plus any number of SSSOM .sssom.tsv mapping sets');
    }
    return [{ path: obo[0]!, role: 'terms' }, ...sssom.map((p) => ({ path: p, role: 'mappings' as const }))];
  },
  async load(context) {
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = context.artifacts.find((a) => a.role === 'terms')!;
    const { header, counts } = await loadOboTerms(context, writers, terms.path, 'disease');
    const sets = [];
    for (const artifact of context.artifacts.filter((a) => a.role === 'mappings')) sets.push(await loadMappingSet(context, writers, artifact.path));
    await writers.flush();
    const sssomExact = sets.reduce((n, s) => n + s.exact_match_rows, 0);
    const sssomSkipped = sets.reduce((n, s) => n + Object.values(s.skipped_non_exact).reduce((a, b) => a + b, 0), 0);
    return {
      version: header.dataVersion,
      counts: { ...counts, sssom_exact_mappings: sssomExact, sssom_skipped_non_exact: sssomSkipped, ...writers.counts() },
      details: { format_version: header.formatVersion, data_version: header.dataVersion, ontology: header.ontology, mapping_sets: sets },
    };
  },
};
