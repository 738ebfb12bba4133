// hp: the Human Phenotype Ontology (.obo or .obo.gz) as phenotype terms with their IS_A hierarchy.
import { ImportRefusedError } from '../artifacts';
import { ONTOLOGY_FILE } from '../parsers/ontology-file';
import { SnapshotWriters } from '../store/snapshot-writers';
import { ResourceImporter } from './importer';
import { loadOboTerms } from './obo-terms';

export const hpImporter: ResourceImporter = {
  resource: 'hp',
  classify(paths) {
    if (paths.length !== 1 || !ONTOLOGY_FILE.test(paths[0]!)) {
      throw new ImportRefusedError('bad_input', 'hp takes exactly one .obo[.gz] or OBO Graphs .json[.gz] file');
    }
    return [{ path: paths[0]!, role: 'terms' }];
  },
  async load(context) {
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const { header, counts } = await loadOboTerms(context, writers, context.artifacts[0]!.path, 'phenotype');
    await writers.flush();
    return {
      version: header.dataVersion,
      counts: { ...counts, ...writers.counts() },
      details: { format_version: header.formatVersion, data_version: header.dataVersion, ontology: header.ontology },
    };
  },
};
