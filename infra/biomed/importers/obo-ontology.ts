// A plain OBO ontology importer (one .obo[.gz] file; terms, IS_A edges and IS_A claims), shared by go
// and uberon. Terms of these kinds are kept out of conditions search (see obo-terms.ts).
import type { BiomedResource } from '../../../domain/biomed/resources';
import { ImportRefusedError } from '../artifacts';
import { ONTOLOGY_FILE } from '../parsers/ontology-file';
import { SnapshotWriters } from '../store/snapshot-writers';
import { ResourceImporter } from './importer';
import { loadOboTerms, OboTermKind } from './obo-terms';

export function oboOntologyImporter(resource: BiomedResource, kind: OboTermKind, usage: string): ResourceImporter {
  return {
    resource,
    classify(paths) {
      if (paths.length !== 1 || !ONTOLOGY_FILE.test(paths[0]!)) throw new ImportRefusedError('bad_input', usage);
      return [{ path: paths[0]!, role: 'terms' }];
    },
    async load(context) {
      const writers = new SnapshotWriters(context.queue, context.snapshotId);
      const { header, counts } = await loadOboTerms(context, writers, context.artifacts[0]!.path, kind);
      await writers.flush();
      return {
        version: header.dataVersion,
        // writers wrote no term rows here (obo-terms wrote them itself): the term counts are the file's.
        counts: { ...writers.counts(), ...counts },
        details: { format_version: header.formatVersion, data_version: header.dataVersion, ontology: header.ontology, term_kind: kind },
      };
    },
  };
}
