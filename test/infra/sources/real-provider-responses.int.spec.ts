// The other live adapters on the providers' real recorded answers (../shared/data/responses, recorded by other
// projects' test suites): GWAS Catalog REST v2, ChEMBL mechanism, GTEx v2 gene search, Europe PMC search.
// Expected values were read by hand from the files. Skips with a message where the data is absent.
import fs from 'node:fs';
import { expect } from 'chai';
import { parseAssociations } from '../../../infra/sources/adapters/gwas';
import { parseMechanismCorpus } from '../../../infra/sources/adapters/chembl';
import { parseGenes } from '../../../infra/sources/adapters/gtex';
import { europePmcPreprintDois } from '../../../infra/sources/adapters/biorxiv';
import { countResults } from '../../../commands/analysis/drug-safety/openfda-faers';
import { requireSharedData, shared } from '../../biomed/support/biomed-env';

const json = (rel: string) => JSON.parse(fs.readFileSync(shared(rel), 'utf8')) as unknown;

describe('provider adapters on real recorded answers', function () {
  it('GWAS Catalog v2 /associations (TCF7L2): both associations field by field; p = 3e-1315 kept from mantissa and exponent (it printed "p = 0.0e+0")', function () {
    requireSharedData(this, 'responses/gwas/associations_gene_tcf7l2_v2_20260812.json');
    const records = parseAssociations(json('responses/gwas/associations_gene_tcf7l2_v2_20260812.json'), 'MONDO_0005148', 'type 2 diabetes mellitus');
    expect(records.map((r) => r.nativeId)).to.deep.equal(['164634754', '62204245']); // association_id
    const [first, second] = records;
    expect(first!.structured.targets).to.deep.equal(['TCF7L2']); // mapped_genes
    expect(first!.attributes).to.deep.include({ riskAllele: 'rs7903146-T', mappedGenes: ['TCF7L2'], effectDirection: 'unknown' }); // snp_effect_allele; no OR/beta
    expect(first!.title).to.contain('p = 3e-1315'); // pvalue_mantissa 3, pvalue_exponent -1315 (p_value 0 in the answer)
    expect(first!.text).to.contain('risk allele frequency 0.22941'); // risk_frequency
    expect(second!.attributes.riskAllele).to.equal('rs7903146-C');
    expect(second!.title).to.contain('p = 5e-420');
    expect(records.every((r) => r.attributes.pValue === 0)).to.equal(true); // below the smallest double: ranked first
  });

  it('ChEMBL /mechanism.json (pembrolizumab): the one mechanism, its action and target', function () {
    requireSharedData(this, 'responses/chembl/mechanisms_pembrolizumab_20260811.json');
    const [mechanism, ...rest] = parseMechanismCorpus(json('responses/chembl/mechanisms_pembrolizumab_20260811.json'));
    expect(rest).to.have.length(0); // page_meta.total_count 1
    expect(mechanism!.nativeId).to.equal('CHEMBL3137343/CHEMBL3307223'); // molecule_chembl_id / target_chembl_id
    expect(mechanism!.title).to.contain('Programmed cell death protein 1 inhibitor'); // mechanism_of_action
    expect(mechanism!.text).to.contain('action type INHIBITOR').and.to.contain('max phase 4');
    expect(mechanism!.url).to.equal('https://www.ebi.ac.uk/chembl/compound_report_card/CHEMBL3137343/');
  });

  it('GTEx v2 /reference/geneSearch: the versioned GENCODE id of the symbol asked for, none for a symbol not in the answer', function () {
    requireSharedData(this, 'responses/gtex/geneSearch-84bc16.json');
    const body = json('responses/gtex/geneSearch-84bc16.json');
    expect(parseGenes(body, ['CRPP1'])).to.deep.equal(['ENSG00000223603.1']); // geneSymbol CRPP1, gencodeId
    expect(parseGenes(body, ['ENSG00000223603'])).to.deep.equal(['ENSG00000223603.1']);
    expect(parseGenes(body, ['CRP'])).to.deep.equal([]); // the answer holds only the pseudogene
  });

  it('Europe PMC /search (core and lite, no results): journal articles (source MED) are never taken for bioRxiv preprints', function () {
    requireSharedData(this, 'responses/europepmc/search_cancer_core.json', 'responses/europepmc/search_cancer.json', 'responses/europepmc/search_no_results.json');
    expect(europePmcPreprintDois(json('responses/europepmc/search_cancer_core.json'))).to.deep.equal([]); // 25 results, all source MED
    expect(europePmcPreprintDois(json('responses/europepmc/search_cancer.json'))).to.deep.equal([]);
    expect(europePmcPreprintDois(json('responses/europepmc/search_no_results.json'))).to.deep.equal([]);
  });

  it('openFDA FAERS count answer (pembrolizumab reactions): the term and its report count', function () {
    requireSharedData(this, 'responses/openfda/faers_count_pembrolizumab_reaction_20260811.json');
    // results: [{"term":"MALIGNANT NEOPLASM PROGRESSION","count":12016}] (the recorder kept the top term only)
    expect(countResults(json('responses/openfda/faers_count_pembrolizumab_reaction_20260811.json'))).to.deep.equal([{ term: 'MALIGNANT NEOPLASM PROGRESSION', count: 12016 }]);
  });
});
