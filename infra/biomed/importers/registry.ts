// Resource name -> importer. Resources of spec §1 without an importer yet answer "not implemented yet".
import { BiomedResource, isBiomedResource, RESOURCE_INFO, BIOMED_RESOURCES } from '../../../domain/biomed/resources';
import { ImportRefusedError } from '../artifacts';
import { bgeeImporter } from './bgee';
import { bindingdbImporter } from './bindingdb';
import { chemblImporter } from './chembl';
import { clinicalTrialsImporter } from './clinical-trials';
import { clinvarImporter } from './clinvar';
import { diseaseOntologyImporter } from './disease-ontology';
import { drugbankImporter } from './drugbank';
import { drugbankVocabularyImporter } from './drugbank-vocabulary';
import { drugcentralImporter } from './drugcentral';
import { goImporter } from './go';
import { gwasCatalogImporter } from './gwas-catalog';
import { hgncImporter } from './hgnc';
import { hpImporter } from './hp';
import { hpoaImporter } from './hpoa';
import type { ResourceImporter } from './importer';
import { legacyCuratedImporter } from './legacy-curated';
import { mondoImporter } from './mondo';
import { ncbiGeneImporter } from './ncbi-gene';
import { openfdaImporter } from './openfda';
import { faersImporter, openfdaLabelsImporter } from './openfda-records';
import { pharmacotherapydbImporter } from './pharmacotherapydb';
import { pmcImporter } from './pmc';
import { ppiImporter } from './ppi';
import { pubmedImporter } from './pubmed';
import { reactomeImporter } from './reactome';
import { siderImporter } from './sider';
import { surfaceomeImporter } from './surfaceome';
import { uberonImporter } from './uberon';

const IMPORTERS: Partial<Record<BiomedResource, ResourceImporter>> = {
  hp: hpImporter, hpoa: hpoaImporter, mondo: mondoImporter, reactome: reactomeImporter,
  go: goImporter, uberon: uberonImporter, clinvar: clinvarImporter, openfda: openfdaImporter,
  legacy_curated: legacyCuratedImporter, disease_ontology: diseaseOntologyImporter, pharmacotherapydb: pharmacotherapydbImporter, ncbi_gene: ncbiGeneImporter,
  drugbank: drugbankImporter, drugcentral: drugcentralImporter, bindingdb: bindingdbImporter,
  ppi: ppiImporter, gwas_catalog: gwasCatalogImporter,
  sider: siderImporter, bgee: bgeeImporter, surfaceome: surfaceomeImporter,
  hgnc: hgncImporter, drugbank_vocabulary: drugbankVocabularyImporter, chembl: chemblImporter,
  pubmed: pubmedImporter, pmc: pmcImporter, clinical_trials: clinicalTrialsImporter, openfda_labels: openfdaLabelsImporter, faers: faersImporter,
};

export function importerFor(resource: string): ResourceImporter {
  if (!isBiomedResource(resource)) {
    throw new ImportRefusedError('unknown_resource', `unknown resource '${resource}'; known: ${BIOMED_RESOURCES.join(', ')}`);
  }
  const importer = IMPORTERS[resource];
  if (!importer) {
    const info = RESOURCE_INFO[resource];
    throw new ImportRefusedError('not_implemented', `resource '${resource}' (${info.description}) is not implemented yet; `
      + `implemented: ${Object.keys(IMPORTERS).join(', ')}`);
  }
  return importer;
}
