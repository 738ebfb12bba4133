import { expect } from 'chai';
import { BiomedEnv, shared } from './biomed-env';

// The drug-gene-disease resources of ../shared/data and the files each import takes, for the real-data
// specs that need the whole knowledge graph (each picks the resources it uses, in this order).
const SSSOM = 'mondo/mondo_exactmatch_doid.sssom.tsv';
const GENE_INFO = 'ncbi-gene/Homo_sapiens.gene_info.gz';

const ALL: [string, string[]][] = [
  ['disease_ontology', ['disease-ontology/HumanDO.obo', SSSOM]],
  ['pharmacotherapydb', ['pharmacotherapydb/indications.tsv', SSSOM]],
  ['ncbi_gene', [GENE_INFO]],
  ['drugbank', ['drugbank/drugbank-slim.tsv', 'drugbank/mapping-pubchem.tsv']],
  ['drugcentral', ['drugcentral/targets.tsv']],
  ['bindingdb', ['bindingdb/bindings-drugbank-gene.tsv']],
  ['gwas_catalog', ['gwas-catalog/gene-associations.tsv', 'gwas-catalog/snp-associations.tsv', SSSOM]],
  ['ppi', ['ppi/protein-interactions.txt.gz', GENE_INFO]],
  ['reactome', ['reactome/ReactomePathways.txt', 'reactome/ReactomePathways.gmt']],
  ['sider', ['sider4/meddra_all_se.tsv.gz', 'sider4/meddra_freq.tsv.gz', 'drugbank/mapping-pubchem.tsv']],
  ['bgee', ['bgee/present-in-adult.tsv.gz', 'bgee/diffex.tsv.gz']],
];

/** The imports of the named resources (paths relative to shared/data), in dependency order. */
export function realImports(resources: readonly string[]): [string, string[]][] {
  const unknown = resources.filter((r) => !ALL.some(([name]) => name === r));
  if (unknown.length > 0) throw new Error(`no real import for ${unknown.join(', ')}`);
  return ALL.filter(([name]) => resources.includes(name));
}

/** Imports each of `imports` into `env`, failing the spec on any outcome but `imported`; `after` hears each one. */
export async function importReal(env: BiomedEnv, imports: readonly [string, string[]][], after?: (resource: string, ms: number) => void): Promise<void> {
  for (const [resource, files] of imports) {
    const started = Date.now();
    const result = await env.import({ resource, files: files.map(shared) });
    expect(result.outcome, `${resource}: ${'message' in result ? result.message : ''}`).to.equal('imported');
    after?.(resource, Date.now() - started);
  }
}
