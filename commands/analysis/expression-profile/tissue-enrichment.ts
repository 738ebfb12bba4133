// Tissues enriched for over-expressed disease genes: over-representation (one-sided hypergeometric, BH
// FDR; domain/enrichment/over-representation.ts) of the disease's genes among the genes Bgee calls over-
// expressed in each anatomy term, against the genes with at least one differential-expression call
// (over or under, anywhere). Genes with no call at all are outside the test: Bgee's diffex matrix writes
// nothing for a 0, so the graph cannot tell "tested, no difference" from "not tested".
import type { ExpressionCalls } from '../../../domain/expression/expression-calls';
import { overRepresentation, OraRow } from '../../../domain/enrichment/over-representation';

export const TISSUE_BACKGROUND = 'genes with at least one Bgee differential-expression call (over- or under-expressed in some anatomy term)';

export interface TissueEnrichment { background: number; query: number[]; rows: OraRow[] }

export function tissueEnrichment(calls: ExpressionCalls, diseaseGenes: readonly number[]): TissueEnrichment {
  const background = new Set<number>([...calls.byGene.over.keys(), ...calls.byGene.under.keys()]);
  const query = diseaseGenes.filter((x) => background.has(x));
  const sets = [...calls.byAnatomy.over].map(([anatomy, members]) => ({ key: anatomy, members }));
  return { background: background.size, query, rows: query.length > 0 ? overRepresentation(query, background.size, sets) : [] };
}
