// go: Gene Ontology terms (one .obo[.gz] file, e.g. go-basic.obo or MONDO's GO import module) as terms of
// kind `go_term` with their IS_A hierarchy (edges plus an IS_A claim per edge). GO terms are not
// conditions: they get an empty search text, so conditions search never returns them (as for reactome);
// GET /api/v1/conditions/{curie} and the hierarchy endpoint still find them.
import { oboOntologyImporter } from './obo-ontology';

export const goImporter = oboOntologyImporter('go', 'go_term', 'go takes exactly one GO .obo[.gz] or OBO Graphs .json[.gz] file');
