// A curated indication on the candidate's graph path, counted once as clinical evidence (docs/scoring.md §2).
// A drug→disease indication edge (the curated graph's `treats`, the knowledge graph's TREATS / PALLIATES:
// PharmacotherapyDB's physician-curated disease-modifying and symptomatic indications, label-derived edges)
// is a source record like any other: it states that the drug treats the disease. It counts once — not when the
// drug's own retrieved label already counts (the edge then restates that label), and never from ChEMBL, whose
// indications are the ranking bench's yardstick and say nothing the graph's curators did not. Only a direct
// edge into the question's disease, or into a disease below it (IS_A steps walked forward: an indication for
// ulcerative colitis is one in IBD), is an indication; a path through a target or another disease is not.
import type { GraphExplanation } from './dossier-types';
import type { CountedRecord } from './candidate-evidence';

export const INDICATION_RELATIONS = ['treats', 'TREATS', 'PALLIATES'];
/** Resources whose indication edges are never counted as evidence (the bench's yardstick). */
export const UNCOUNTED_INDICATION_RESOURCES = ['chembl'];
/**
 * The record score of a curated indication: that of an approved label naming the disease (quality.ts rule
 * label-indication, 0.90), the evidence such an indication is curated from.
 */
export const CURATED_INDICATION_SCORE = 0.9;

export interface CuratedIndication {
  relation: string;
  /** Who states it: the edge's provenance (its resources for a knowledge-graph edge). */
  provenance: string;
  score: number;
}

/** The indication the explanation's path states, when it counts (header); undefined otherwise. */
export function curatedIndication(explanation: GraphExplanation | undefined, counted: readonly CountedRecord[]): CuratedIndication | undefined {
  if (explanation?.status !== 'found' || !explanation.path) return undefined;
  const [first, ...rest] = explanation.path.relationships;
  if (!first || !INDICATION_RELATIONS.includes(first.relation) || first.direction === 'reverse') return undefined;
  if (!rest.every((r) => r.relation === 'IS_A' && r.direction !== 'reverse')) return undefined;
  const resources = first.citations?.map((c) => c.resource).filter((r) => !UNCOUNTED_INDICATION_RESOURCES.includes(r)) ?? [];
  if (first.citations && resources.length === 0) return undefined;
  if (!first.citations && /chembl/i.test(first.provenance)) return undefined;
  // The drug's own label already counts this indication: the edge restates it.
  if (counted.some((c) => c.pull === 'favourable' && c.ne.record.recordType === 'drug_label' && c.ne.record.attributes.indicationMatch === true)) return undefined;
  const provenance = first.citations ? [...new Set(resources)].sort().join(', ') : first.provenance;
  return { relation: first.relation, provenance, score: CURATED_INDICATION_SCORE };
}
