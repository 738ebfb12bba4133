// The import resources of spec §1 CLI, each with its importer (infra/biomed/importers/registry.ts); a resource
// named here without one would make the CLI say plainly that it is not implemented yet.
export const BIOMED_RESOURCES = ['mondo', 'hp', 'hpoa', 'go', 'reactome', 'uberon', 'clinvar', 'openfda', 'legacy_curated', 'disease_ontology', 'pharmacotherapydb', 'ncbi_gene', 'drugbank', 'drugcentral', 'bindingdb', 'ppi', 'gwas_catalog', 'sider', 'bgee', 'surfaceome', 'hgnc', 'drugbank_vocabulary', 'chembl',
  'pubmed', 'pmc', 'clinical_trials', 'openfda_labels', 'faers'] as const;
export type BiomedResource = (typeof BIOMED_RESOURCES)[number];

export interface ResourceInfo {
  name: BiomedResource;
  description: string;
  /** What the command line takes for this resource. */
  inputs: string;
  implemented: boolean;
}

export const RESOURCE_INFO: Record<BiomedResource, ResourceInfo> = {
  mondo: { name: 'mondo', implemented: true, description: 'MONDO disease ontology terms plus its SSSOM exact-match mapping sets', inputs: 'one MONDO .obo[.gz] and any number of .sssom.tsv mapping sets' },
  hp: { name: 'hp', implemented: true, description: 'Human Phenotype Ontology terms and IS_A hierarchy', inputs: 'one hp .obo or .obo.gz' },
  hpoa: { name: 'hpoa', implemented: true, description: 'HPO disease-phenotype annotations (phenotype.hpoa) as HAS_PHENOTYPE claims', inputs: 'one phenotype.hpoa TSV' },
  go: { name: 'go', implemented: true, description: 'Gene Ontology terms (kind go_term) and IS_A hierarchy; not in conditions search', inputs: 'one GO .obo[.gz] (go-basic.obo or an import module)' },
  reactome: { name: 'reactome', implemented: true, description: 'Reactome pathways and gene sets', inputs: 'ReactomePathways.txt / .gmt' },
  uberon: { name: 'uberon', implemented: true, description: 'UBERON anatomy terms (kind anatomy) and IS_A hierarchy; not in conditions search', inputs: 'one UBERON .obo[.gz] (uberon-basic.obo, a subset or an import module)' },
  clinvar: { name: 'clinvar', implemented: true, description: 'Variant-interpretation archive (ClinVar variant_summary TSV or VCF): variants, variant-condition and condition-gene claims', inputs: 'one variant_summary.txt[.gz] or clinvar .vcf[.gz]' },
  legacy_curated: { name: 'legacy_curated', implemented: true, description: 'The Workspace\'s legacy curated knowledge graph as claims, for BIOMED_LEGACY_PROJECTION diagnostics only (never part of canonical reads)', inputs: 'curated knowledge-graph .json files (fixtures/kg/*.json)' },
  disease_ontology: { name: 'disease_ontology', implemented: true, description: 'Human Disease Ontology (DOID) terms, IS_A hierarchy and xrefs, with the exact MONDO–DOID mappings of MONDO\'s SSSOM set', inputs: 'one HumanDO.obo / doid.obo[.gz] and optionally mondo_exactmatch_doid.sssom.tsv' },
  pharmacotherapydb: { name: 'pharmacotherapydb', implemented: true, description: 'PharmacotherapyDB v1.0 physician-curated drug-disease pairs (CC0): TREATS (DM), PALLIATES (SYM) and TREATS contradicts (NOT) claims, diseases mapped DOID -> MONDO exactly', inputs: 'indications.tsv, optionally one MONDO-DOID .sssom.tsv mapping set' },
  ncbi_gene: { name: 'ncbi_gene', implemented: true, description: 'NCBI Gene human genes (gene_info): NCBIGene terms (kind gene) with symbol, synonyms, type and description, exact mappings to HGNC, ENSEMBL, OMIM and GENE_SYMBOL', inputs: 'one Homo_sapiens.gene_info[.gz]' },
  drugbank: { name: 'drugbank', implemented: true, description: 'DrugBank 4 drugs (CC BY-NC 4.0, non-commercial): DRUGBANK terms (kind drug) with description, InChIKey and ATC xrefs, type/group/ATC/category/InChI attributes, related mappings to PubChem CIDs (UniChem)', inputs: 'drugbank-slim.tsv, optionally the DrugBank-PubChem mapping (*pubchem*.tsv)' },
  drugcentral: { name: 'drugcentral', implemented: true, description: 'DrugCentral drug targets (CC BY-SA 4.0): TARGETS claims DRUGBANK -> NCBIGene with actions, sources and PubMed ids; drug terms', inputs: 'one targets.tsv (dhimmel/drugcentral rephetio)' },
  bindingdb: { name: 'bindingdb', implemented: true, description: 'BindingDB affinities of DrugBank compounds on genes (CC BY 3.0): BINDS claims DRUGBANK -> NCBIGene, supports at affinity <= 1000 nM (1 uM, as Hetionet), neutral above; drug terms', inputs: 'one bindings-drugbank-gene.tsv (dhimmel/bindingdb)' },
  ppi: { name: 'ppi', implemented: true, description: 'Hetionet human protein-protein interactions (dhimmel/ppi, CC BY 4.0): one symmetric INTERACTS_WITH claim per distinct gene pair (self-loops skipped, duplicate rows merged), genes on NCBIGene through gene_info when given, else HGNC', inputs: 'protein-interactions.txt[.gz], optionally one Homo_sapiens.gene_info[.gz] to map HGNC -> NCBIGene' },
  gwas_catalog: { name: 'gwas_catalog', implemented: true, description: 'GWAS Catalog disease-gene associations (dhimmel/gwas-catalog; GWAS Catalog terms of use): disease ASSOCIATES NCBIGene claims with HC/LC confidence, primary/secondary status and the locus\'s lead SNP (p-value, cases/controls, PubMed), diseases mapped DOID -> MONDO exactly', inputs: 'gene-associations.tsv and snp-associations.tsv, optionally one MONDO-DOID .sssom.tsv mapping set' },
  sider: { name: 'sider', implemented: true, description: 'SIDER 4.1 drug side effects (CC BY-NC-SA 4.0, non-commercial): CAUSES claims DrugBank compound -> UMLS side effect, compounds joined STITCH -> PubChem -> DrugBank (DrugBank mapping CC BY-NC 4.0), frequencies from meddra_freq', inputs: 'meddra_all_se.tsv[.gz], DrugBank mapping-pubchem.tsv, optionally meddra_freq.tsv[.gz]' },
  bgee: { name: 'bgee', implemented: true, description: 'Bgee adult human gene expression (CC0, dhimmel/bgee matrices): EXPRESSED_IN, UPREGULATED_IN and DOWNREGULATED_IN claims NCBIGene -> UBERON/CL anatomy', inputs: 'present-in-adult.tsv[.gz], optionally diffex.tsv[.gz]' },
  surfaceome: { name: 'surfaceome', implemented: true, description: 'The Cancer Surfaceome Atlas GESP scores (Hu et al., Nature Cancer 2021): HAS_SURFACE_EVIDENCE claims gene -> SURFACEOME:cell_surface with the per-resource evidence, Ensembl mapped to NCBIGene through gene_info', inputs: 'the TCSA GESP score .xlsx (or its .tsv form, as the seed slice has it), optionally Homo_sapiens.gene_info[.gz]' },
  hgnc: { name: 'hgnc', implemented: true, description: 'HGNC complete set (CC0): HGNC gene terms with previous symbols and aliases, exact mappings NCBIGene -> HGNC, UNIPROT and GENE_SYMBOL so UniProt-keyed drug targets land on NCBIGene nodes', inputs: 'one hgnc_complete_set.txt[.gz]' },
  drugbank_vocabulary: { name: 'drugbank_vocabulary', implemented: true, description: 'DrugBank open vocabulary (CC0): identity of every DrugBank entry, biologics included (name, synonyms, CAS, UNII, InChIKey, modality); no claims', inputs: 'one drugbank_vocabulary.csv' },
  chembl: { name: 'chembl', implemented: true, description: 'ChEMBL drug mechanisms and indications (CC BY-SA 3.0): TARGETS claims compound -> UNIPROT with action_type and mechanism, APPROVED_FOR (max_phase 4) / STUDIED_FOR (1-3) claims compound -> disease (EFO -> MONDO exactly); compounds joined to DrugBank through UniChem and exact DrugBank-vocabulary names, salts to their parent', inputs: 'mechanisms.csv, targets.csv, indications.csv, optionally *approved-drugs*.csv (names), unichem-chembl-drugbank.txt, drugbank_vocabulary.csv and MONDO .sssom.tsv sets (EFO, DOID)' },
  openfda: { name: 'openfda', implemented: true, description: 'Drug labels, FAERS adverse events and the harmonization table (openFDA JSON / JSON Lines): drugs, reactions, HAS_ADVERSE_EVENT claims', inputs: 'any number of openFDA .json[.gz] (download form, array or one event) and .jsonl[.gz] files' },
  pubmed: { name: 'pubmed', implemented: true, description: 'MEDLINE/PubMed citations (NLM terms) and PubMedQA abstracts: PMID, title, labelled abstract, journal, date, MeSH, publication types, DOI, PMCID, with a full-text index; update files replace and delete citations', inputs: 'MEDLINE/PubMed .xml[.gz] baseline then update files (PubmedArticleSet or MedlineCitationSet), PubMedQA .json' },
  pmc: { name: 'pmc', implemented: true, description: 'PubMed Central articles (Open Access subset, per-article licences): title, labelled abstract and body sections, with a full-text index', inputs: 'PMC<id>.abst files (Evidence Inference), .jsonl of {"pmcid","abst"} lines, or efetch db=pmc .xml[.gz]' },
  clinical_trials: { name: 'clinical_trials', implemented: true, description: 'ClinicalTrials.gov API v2 studies (public domain) with their results sections, with a full-text index', inputs: 'study .json[.gz] files: one study, a {"studies": [...]} page, or an array' },
  openfda_labels: { name: 'openfda_labels', implemented: true, description: 'openFDA drug labels (CC0) for offline label search, with a full-text index over names and indications', inputs: 'openFDA /drug/label .json[.gz] (API answer or bulk download partition)' },
  faers: { name: 'faers', implemented: true, description: 'openFDA FAERS adverse-event reports (CC0), whole, with a full-text index over drugs and MedDRA reactions', inputs: 'openFDA /drug/event .json[.gz] (API answer or bulk download partition)' },
};

export function isBiomedResource(name: string): name is BiomedResource {
  return (BIOMED_RESOURCES as readonly string[]).includes(name);
}
