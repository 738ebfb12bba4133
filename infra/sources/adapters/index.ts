// Every evidence-source adapter, by source name.
import type { SourceName } from '../../../domain/workspace/sources';
import type { SourceAdapter } from '../source-adapter';
import { biorxivAdapter } from './biorxiv';
import { chemblAdapter } from './chembl';
import { clinicalTrialsAdapter } from './clinical_trials';
import { fdaLabelsAdapter } from './fda_labels';
import { gtexAdapter } from './gtex';
import { gwasAdapter } from './gwas';
import { opentargetsAdapter } from './opentargets';
import { pubmedAdapter } from './pubmed';

export const ALL_ADAPTERS: Record<SourceName, SourceAdapter> = {
  pubmed: pubmedAdapter,
  clinical_trials: clinicalTrialsAdapter,
  gwas: gwasAdapter,
  fda_labels: fdaLabelsAdapter,
  opentargets: opentargetsAdapter,
  gtex: gtexAdapter,
  biorxiv: biorxivAdapter,
  chembl: chemblAdapter,
};

export { biorxivAdapter, chemblAdapter, clinicalTrialsAdapter, fdaLabelsAdapter, gtexAdapter, gwasAdapter, opentargetsAdapter, pubmedAdapter };
