// Shared with the dashboard (bundled from here), so the API and the pages agree on where a CURIE leads.
// Where a CURIE shown on a store page leads: a condition page of this store for the vocabularies it
// serves pages for (MONDO, HP), the resource's own page for the well-known ones, and nowhere (plain
// text) otherwise — an in-app link to a term the store does not hold would only open a 404 page.
const STORE_PAGE_PREFIXES = new Set(['MONDO', 'HP']);

const EXTERNAL_PAGES: Record<string, (id: string) => string> = {
  DOID: (id) => `https://disease-ontology.org/?id=DOID:${id}`,
  OMIM: (id) => `https://omim.org/entry/${id}`,
  MESH: (id) => `https://meshb.nlm.nih.gov/record/ui?ui=${id}`,
  ORPHANET: (id) => `https://www.orpha.net/en/disease/detail/${id}`,
  ORPHA: (id) => `https://www.orpha.net/en/disease/detail/${id}`,
  EFO: (id) => `https://www.ebi.ac.uk/ols4/ontologies/efo/classes?obo_id=EFO:${id}`,
  NCIT: (id) => `https://evsexplore.semantics.cancer.gov/evsexplore/concept/ncit/${id}`,
  UMLS: (id) => `https://uts.nlm.nih.gov/uts/umls/concept/${id}`,
  MEDGEN: (id) => `https://www.ncbi.nlm.nih.gov/medgen/${id}`,
  NCBIGENE: (id) => `https://www.ncbi.nlm.nih.gov/gene/${id}`,
  GO: (id) => `https://amigo.geneontology.org/amigo/term/GO:${id}`,
  UBERON: (id) => `https://www.ebi.ac.uk/ols4/ontologies/uberon/classes?obo_id=UBERON:${id}`,
  REACTOME: (id) => `https://reactome.org/content/detail/${id}`,
};

const LOCAL_ID = /^[A-Za-z0-9_.-]{1,64}$/;

export type CurieTarget = { kind: 'store'; href: string } | { kind: 'external'; href: string } | { kind: 'text' };

export function curieTarget(curie: string): CurieTarget {
  const colon = curie.indexOf(':');
  if (colon <= 0) return { kind: 'text' };
  const prefix = curie.slice(0, colon);
  const id = curie.slice(colon + 1);
  if (!LOCAL_ID.test(id)) return { kind: 'text' };
  if (STORE_PAGE_PREFIXES.has(prefix)) return { kind: 'store', href: `#biomed/conditions/${encodeURIComponent(curie)}` };
  const external = EXTERNAL_PAGES[prefix.toUpperCase()];
  return external ? { kind: 'external', href: external(encodeURIComponent(id)) } : { kind: 'text' };
}
