// One entry for the ontology importers: an OBO 1.4 file (.obo[.gz]) or an OBO Graphs JSON document
// (.json[.gz]), both read as the same stream of OboTerm.
import { OboReadOptions, OboStats, OboTerm, parseObo } from './obo';
import { isOboGraphsFile, parseOboGraphs } from './obographs';

export const ONTOLOGY_FILE = /\.(obo|json)(\.gz)?$/i;

export function parseOntologyFile(path: string, stats?: OboStats, options?: OboReadOptions): AsyncGenerator<OboTerm> {
  return isOboGraphsFile(path) ? parseOboGraphs(path, stats, options) : parseObo(path, stats, options);
}
