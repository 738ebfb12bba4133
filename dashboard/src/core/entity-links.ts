// Where an entity mention leads: its page in this dashboard (#entity/{id}), and where its identifiers
// lead outside (the resource's own page). An external link is made only for a real identifier of a
// known resource: never for a made-up record of the offline corpus (the caller says so), never for
// an id with characters a resource would not use.
import { curieTarget } from '../../../domain/biomed/curie-links';

export type EntityKind = 'drug' | 'target' | 'disease';

/** Knowledge-graph node types shown as the dashboard's kinds. */
export const KIND_OF_TYPE: Record<string, EntityKind> = { Compound: 'drug', Gene: 'target', Disease: 'disease' };

/** An entity page: a graph node id (DRUGBANK:DB01076, NCBIGene:3156, MONDO:0007915) or a dossier id (drug:belimumab). */
export function entityHref(id: string, context?: { run?: string; disease?: string }): string {
  const query = new URLSearchParams();
  if (context?.run) query.set('run', context.run);
  if (context?.disease) query.set('disease', context.disease);
  const qs = query.toString();
  return `#entity/${encodeURIComponent(id)}${qs ? `?${qs}` : ''}`;
}

const LOCAL_ID = /^[A-Za-z0-9_.-]{1,64}$/;

const EXTERNAL: Record<string, (id: string) => string> = {
  DRUGBANK: (id) => `https://go.drugbank.com/drugs/${id}`,
  CHEMBL: (id) => `https://www.ebi.ac.uk/chembl/compound_report_card/${id.startsWith('CHEMBL') ? id : `CHEMBL${id}`}/`,
  'CHEMBL.COMPOUND': (id) => `https://www.ebi.ac.uk/chembl/compound_report_card/${id}/`,
  ENSEMBL: (id) => `https://www.ensembl.org/id/${id}`,
  MONDO: (id) => `https://monarchinitiative.org/MONDO:${id}`,
  PMID: (id) => `https://pubmed.ncbi.nlm.nih.gov/${id}/`,
  PUBMED: (id) => `https://pubmed.ncbi.nlm.nih.gov/${id}/`,
  NCT: (id) => `https://clinicaltrials.gov/study/NCT${id}`,
};

/** The resource's page for a CURIE, or null (unknown vocabulary, odd id, or a synthetic record). */
export function externalUrl(curie: string, synthetic = false): string | null {
  if (synthetic) return null;
  const colon = curie.indexOf(':');
  if (colon <= 0) return null;
  const prefix = curie.slice(0, colon).toUpperCase();
  const id = curie.slice(colon + 1);
  if (!LOCAL_ID.test(id)) return null;
  const own = EXTERNAL[prefix];
  if (own) return own(encodeURIComponent(id));
  const shared = curieTarget(curie);
  return shared.kind === 'external' ? shared.href : null;
}

/** A trial or publication citation as the dossier writes it ("PMID:123", "NCT01234567"), as a CURIE. */
export function citationCurie(citation: string): string {
  const nct = /^NCT(\d{8})$/.exec(citation);
  return nct ? `NCT:${nct[1]}` : citation;
}
