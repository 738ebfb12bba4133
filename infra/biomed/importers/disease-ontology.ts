// disease_ontology: the Human Disease Ontology (HumanDO.obo / doid.obo[.gz]) as disease terms with their IS_A
// hierarchy, every xref as a mapping row of predicate oboInOwl:hasDbXref (DO xrefs are cross-references,
// often broader or narrower: never exact matches), plus, optionally, MONDO's exact-match set to DOID
// (mondo_exactmatch_doid.sssom.tsv): its skos:exactMatch rows pairing a MONDO id with a DOID become exact
// mapping rows, so a DOID resolves to its MONDO id through the ordinary identity reads, and the IS_A
// claims of a DOID with exactly one MONDO match record that MONDO id. A DOID with no exact MONDO match (or
// several) stays a DOID: never matched by label. Rows of the set not pairing MONDO with DOID, and
// non-exact predicates, are counted and skipped.
import path from 'node:path';
import { prefixOf } from '../../../domain/biomed/curie';
import { ImportRefusedError } from '../artifacts';
import { ONTOLOGY_FILE } from '../parsers/ontology-file';
import { parseSssom, SssomMeta } from '../parsers/sssom';
import { SnapshotWriters } from '../store/snapshot-writers';
import { ImportContext, PROGRESS_EVERY, ResourceImporter } from './importer';
import { EXACT_MATCH } from './mondo';
import { loadOboTerms } from './obo-terms';

const USAGE = 'disease_ontology takes exactly one Disease Ontology .obo[.gz] (HumanDO.obo, doid.obo) and at most one MONDO–DOID SSSOM .sssom.tsv mapping set';

/** Exact MONDO–DOID rows of the set, written as mapping rows; `mondoByDoid` collects the MONDO ids of each DOID. */
async function loadDoidMappings(context: ImportContext, writers: SnapshotWriters, filePath: string, mondoByDoid: Map<string, Set<string>>) {
  const file = path.basename(filePath);
  const meta: SssomMeta = {};
  let rows = 0;
  let exact = 0;
  let notMondoDoid = 0;
  const skipped: Record<string, number> = {};
  for await (const row of parseSssom(filePath, meta)) {
    rows++;
    if (rows % PROGRESS_EVERY === 0) context.progress(file, rows);
    if (row.predicateId !== EXACT_MATCH) {
      skipped[row.predicateId] = (skipped[row.predicateId] ?? 0) + 1;
      continue;
    }
    const [s, o] = [prefixOf(row.subjectId), prefixOf(row.objectId)];
    const pair = s === 'MONDO' && o === 'DOID' ? [row.subjectId, row.objectId] : s === 'DOID' && o === 'MONDO' ? [row.objectId, row.subjectId] : null;
    if (!pair) { notMondoDoid++; continue; }
    exact++;
    const [mondo, doid] = pair as [string, string];
    const set = mondoByDoid.get(doid) ?? new Set<string>();
    set.add(mondo);
    mondoByDoid.set(doid, set);
    await writers.mapping({ ...row, source: 'sssom', file, line: row.line });
  }
  context.progress(file, rows);
  const scalar = (key: string) => (typeof meta[key] === 'string' ? meta[key] as string : null);
  return {
    file, mapping_set_id: scalar('mapping_set_id'), mapping_set_version: scalar('mapping_set_version'), license: scalar('license'),
    rows, exact_match_rows: exact, skipped_not_mondo_doid: notMondoDoid, skipped_non_exact: skipped,
  };
}

export const diseaseOntologyImporter: ResourceImporter = {
  resource: 'disease_ontology',
  classify(paths) {
    const obo = paths.filter((p) => ONTOLOGY_FILE.test(p));
    const sssom = paths.filter((p) => /\.tsv(\.gz)?$/i.test(p));
    if (obo.length !== 1 || sssom.length > 1 || obo.length + sssom.length !== paths.length) throw new ImportRefusedError('bad_input', USAGE);
    return [{ path: obo[0]!, role: 'terms' }, ...sssom.map((p) => ({ path: p, role: 'mappings' as const }))];
  },
  async load(context) {
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const mondoByDoid = new Map<string, Set<string>>();
    const mappingArtifact = context.artifacts.find((a) => a.role === 'mappings');
    const set = mappingArtifact ? await loadDoidMappings(context, writers, mappingArtifact.path, mondoByDoid) : null;
    const mondoOf = (doid: string) => {
      const mondos = mondoByDoid.get(doid);
      return mondos && mondos.size === 1 ? [...mondos][0]! : null;
    };
    const terms = context.artifacts.find((a) => a.role === 'terms')!;
    const { header, counts } = await loadOboTerms(context, writers, terms.path, 'disease', { mondoOf, dbXrefMappings: true });
    await writers.flush();
    const ambiguous = [...mondoByDoid.values()].filter((m) => m.size > 1).length;
    return {
      version: header.dataVersion,
      counts: {
        ...counts, sssom_exact_mappings: set?.exact_match_rows ?? 0, doids_with_one_mondo: mondoByDoid.size - ambiguous, doids_with_several_mondo: ambiguous,
        ...writers.counts(),
      },
      details: { format_version: header.formatVersion, data_version: header.dataVersion, ontology: header.ontology, mapping_sets: set ? [set] : [] },
    };
  },
};
