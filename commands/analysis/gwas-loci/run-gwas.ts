// The GWAS use case: a disease's loci and genes from the active GWAS Catalog snapshot (its ASSOCIATES claims
// and their qualifiers), with the lead SNP, p, cases/controls, PubMed ids, confidence and mapped vs reported
// genes. A summary of the catalog, not a new statistic: the p-values are the Catalog's.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { GWAS_CITATION, GWAS_PROCESSING } from '../../../infra/biomed/importers/gwas-catalog';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { readGwasAssociations } from '../gene-evidence/gwas-associations';
import { resolveDisease } from '../resolve-disease';
import { genesView, lociView, studiesView } from './gwas-views';

export const GWAS_MODULE_ID = 'gwas-loci';
export const GWAS_METHOD = 'GWAS Catalog look-up (Buniello et al., Nucleic Acids Res 2019): the disease\'s genome-wide significant loci as '
  + 'processed for Project Rephetio (Himmelstein, dhimmel/gwas-catalog: loci merged within LD windows, high confidence = p ≤ 5e-8 and '
  + '≥ 1,000 samples), each with its lead SNP (strongest high-confidence association), the Catalog\'s p-value, cases/controls and PubMed ids, '
  + 'and its genes as mapped by the Catalog or reported by the authors';

export interface GwasParameters { disease_id: string; max_studies: number; no_cache: boolean }


export async function runGwas(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = input as unknown as GwasParameters;
  const g = (await deps.graph()).graph;
  const resolved = resolveDisease(deps.diseases, g, parameters.disease_id);
  if (resolved.kind === 'not_found') return { kind: 'not_found', detail: resolved.detail };
  const snapshot = g.snapshots.find((s) => s.resource === 'gwas_catalog');
  if (!snapshot) {
    return { kind: 'not_available', reason: 'no gwas_catalog snapshot is active: import the GWAS Catalog (gene-associations.tsv and snp-associations.tsv, '
      + 'with the MONDO-DOID SSSOM set) to list a disease\'s loci' };
  }
  await context.progress(20, 'reading the disease\'s GWAS Catalog associations');
  const rows = await readGwasAssociations(deps.db, g, resolved.node);
  const loci = lociView(g, rows);
  const genes = genesView(g, rows);
  const studies = studiesView(loci);
  const body = {
    source: { resource: 'gwas_catalog', snapshot_id: snapshot.snapshot_id, citation: GWAS_CITATION, processing: GWAS_PROCESSING },
    counts: {
      associations: rows.length, loci: loci.length, hc_loci: loci.filter((l) => l.confidence === 'HC').length,
      lc_loci: loci.filter((l) => l.confidence === 'LC').length, genes: genes.length,
      genes_mapped_and_reported: genes.filter((x) => x.evidence === 'mapped and reported').length,
      genes_mapped_only: genes.filter((x) => x.evidence === 'mapped only').length,
      genes_reported_only: genes.filter((x) => x.evidence === 'reported only').length,
      studies: studies.length, studies_listed: Math.min(studies.length, parameters.max_studies),
    },
    note: rows.length === 0 ? `${resolved.label} has no GWAS Catalog loci in the active snapshot (no ASSOCIATES claims): nothing was imported for it, which is not evidence of no association` : null,
    loci, genes, studies: studies.slice(0, parameters.max_studies),
  };
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: GWAS_MODULE_ID, method: GWAS_METHOD, disease: { curie: resolved.curie, label: resolved.label, module_id: resolved.module_id },
      parameters: { ...parameters }, snapshots: g.snapshots, body,
    }),
  };
}
