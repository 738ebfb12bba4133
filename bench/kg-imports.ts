// The drug-gene-disease resources of ../shared/data and the files each import takes (bench:kg, bench:modules).
// Under BENCH_SMOKE=1 those benches import the seed slice instead (fixtures/seed, real rows of the same
// resources for the curated diseases, through the same import path): the whole path in seconds, no shared data.
import path from 'node:path';
import { readSeedList } from '../commands/biomed/seed-store';
import { SHARED_DATA_DIR as SHARED, SMOKE } from './smoke';

const S = (rel: string) => path.join(SHARED, rel);
const SSSOM = S('mondo/mondo_exactmatch_doid.sssom.tsv');
const GENE_INFO = S('ncbi-gene/Homo_sapiens.gene_info.gz');
export const KG_IMPORTS: [string, string[]][] = [
  ['disease_ontology', [S('disease-ontology/HumanDO.obo'), SSSOM]],
  ['pharmacotherapydb', [S('pharmacotherapydb/indications.tsv'), SSSOM]],
  ['ncbi_gene', [GENE_INFO]],
  ['drugbank', [S('drugbank/drugbank-slim.tsv'), S('drugbank/mapping-pubchem.tsv')]],
  ['drugcentral', [S('drugcentral/targets.tsv')]],
  ['bindingdb', [S('bindingdb/bindings-drugbank-gene.tsv')]],
  ['gwas_catalog', [S('gwas-catalog/gene-associations.tsv'), S('gwas-catalog/snp-associations.tsv'), SSSOM]],
  ['ppi', [S('ppi/protein-interactions.txt.gz'), GENE_INFO]],
  ['reactome', [S('reactome/ReactomePathways.txt'), S('reactome/ReactomePathways.gmt')]],
  ['sider', [S('sider4/meddra_all_se.tsv.gz'), S('sider4/meddra_freq.tsv.gz'), S('drugbank/mapping-pubchem.tsv')]],
  ['bgee', [S('bgee/present-in-adult.tsv.gz'), S('bgee/diffex.tsv.gz')]],
  ['surfaceome', [S('surfaceome/TCSA-Figure1_GESPscore.xlsx'), GENE_INFO]],
  // Today's drugs (issue 25): HGNC for UniProt -> NCBIGene, the DrugBank open vocabulary, ChEMBL.
  ['hgnc', [S('hgnc/hgnc_complete_set.txt.gz')]],
  ['drugbank_vocabulary', [S('drugbank/drugbank_vocabulary.csv')]],
  ['chembl', ['mechanisms.csv', 'targets.csv', 'indications.csv', 'chembl36-approved-drugs.csv', 'chembl36-approved-drug-targets.csv', 'unichem-chembl-drugbank.txt'].map((f) => S(`chembl/${f}`))
    .concat([S('drugbank/drugbank_vocabulary.csv'), S('mondo/mondo_exactmatch_efo.sssom.tsv')])],
];


/** What bench:kg and bench:modules import: the full resources, or the seed slice under BENCH_SMOKE=1. */
export function benchImports(): [string, string[]][] {
  return SMOKE ? readSeedList().map((entry): [string, string[]] => [entry.resource, entry.files]) : KG_IMPORTS;
}
