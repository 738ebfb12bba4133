// uberon: UBERON anatomy terms (one .obo[.gz] file: uberon-basic.obo, a subset such as efo-slim, or
// MONDO's Uberon import module) as terms of kind `anatomy` with their IS_A hierarchy. Every [Term] of the
// file gets that kind, including the few CL/GO/CHEBI/BFO upper terms an Uberon module carries. Anatomy
// terms are not conditions: empty search text, so conditions search never returns them.
import { oboOntologyImporter } from './obo-ontology';

export const uberonImporter = oboOntologyImporter('uberon', 'anatomy', 'uberon takes exactly one UBERON .obo[.gz] or OBO Graphs .json[.gz] file');
