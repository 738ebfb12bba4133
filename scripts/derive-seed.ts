// Derives the embedded default's seed slice (fixtures/seed/) from the real public files of ../shared/data:
// the curated diseases below, their PharmacotherapyDB indications, those drugs (DrugBank names, DrugCentral
// targets, BindingDB affinities, SIDER side effects), the diseases' GWAS Catalog genes, the genes' NCBI Gene
// records, interactions among the seed genes, their Reactome pathways, Bgee expression and Cancer Surfaceome
// Atlas rows, and the Disease Ontology terms (with ancestors) and MONDO exact mappings of the seed diseases.
// Rows are copied unchanged and in file order (only filtered), so the slice reads like the original and
// every run writes byte-identical files. The one exception is the surfaceome workbook (.xlsx): its rows are
// read with the importer's own parser and written as tab-separated text (surfaceomeSlice below). It then
// pins the slice's SHA-256s (form "seed") in fixtures/biomed/pinned-checksums.json.
// Run: npm run seed:derive [-- <shared/data dir>]
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { distinctiveSynonym } from '../domain/workspace/entity-linking/terms';
import { parseSurfaceomeWorkbook, SurfaceomeRow, SurfaceomeSheet } from '../infra/biomed/parsers/surfaceome';
import { modernDrugSlices } from './seed-modern-drugs';

const ROOT = path.resolve(__dirname, '../..');
const SHARED = path.resolve(process.argv[2] ?? process.env.SHARED_DATA_DIR ?? path.join(ROOT, '..', 'shared', 'data'));
/** SEED_OUT_DIR: write the slice elsewhere and leave the pins alone (the reproducibility test does). */
const OUT = process.env.SEED_OUT_DIR ? path.resolve(process.env.SEED_OUT_DIR) : path.join(ROOT, 'fixtures', 'seed');
const PINNED = path.join(ROOT, 'fixtures', 'biomed', 'pinned-checksums.json');

/** The curated diseases of the seed (DOIDs as PharmacotherapyDB and the GWAS Catalog files name them). */
export const SEED_DISEASES: Record<string, string> = {
  'DOID:9074': 'systemic lupus erythematosus', 'DOID:7148': 'rheumatoid arthritis', 'DOID:2377': 'multiple sclerosis',
  'DOID:8893': 'psoriasis', 'DOID:2841': 'asthma', 'DOID:9352': 'type 2 diabetes mellitus', 'DOID:8778': 'Crohn\'s disease',
  'DOID:14330': 'Parkinson\'s disease',
};

function read(rel: string): string[] {
  const file = path.join(SHARED, rel);
  const raw = fs.readFileSync(file);
  const text = rel.endsWith('.gz') ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Files that other resources' imports take too (a mapping set, a join table), pinned for each of them. */
const ALSO_PINNED_FOR: Record<string, string[]> = {
  'mondo/mondo_exactmatch_doid.seed.sssom.tsv': ['pharmacotherapydb', 'gwas_catalog'],
  'drugbank/mapping-pubchem.seed.tsv': ['sider'],
  'ncbi-gene/Homo_sapiens.seed.gene_info': ['ppi', 'surfaceome'],
  'drugbank/drugbank_vocabulary.seed.csv': ['chembl'],
};

const written: { resource: string; rel: string; description: string }[] = [];
function write(resource: string, rel: string, lines: string[], description: string): void {
  const file = path.join(OUT, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = Buffer.from(lines.join('\n') + '\n');
  // gzip output carries no timestamp or name (Node writes mtime 0), so it stays byte-identical across runs.
  fs.writeFileSync(file, rel.endsWith('.gz') ? zlib.gzipSync(text, { level: 9 }) : text);
  written.push({ resource, rel, description: `${description} (${lines.length} lines)` });
  for (const other of ALSO_PINNED_FOR[rel] ?? []) written.push({ resource: other, rel, description: `${description} (${lines.length} lines)` });
}

/**
 * drugbank-slim.tsv quotes descriptions that span several lines: split it into records at newlines outside
 * double quotes, each record kept with its own bytes (inner line breaks included).
 */
function quotedRecords(rel: string): string[] {
  const text = fs.readFileSync(path.join(SHARED, rel), 'utf8');
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' && !quoted) {
      records.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

/** TSV with a header: the header plus the rows `keep` accepts. */
function filterTsv(lines: string[], keep: (cells: string[], col: (name: string) => number) => boolean): string[] {
  const header = lines[0]!.split('\t');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`no column ${name}`);
    return i;
  };
  return [lines[0]!, ...lines.slice(1).filter((l) => keep(l.split('\t'), col))];
}

/** The workbook's source, as fixtures/seed/README.md and the shared data README name it. */
const SURFACEOME_WORKBOOK = 'surfaceome/TCSA-Figure1_GESPscore.xlsx';
const SURFACEOME_ORIGIN = [
  '# The Cancer Surfaceome Atlas (TCSA), Figure 1 GESP score workbook: fcgportal/TCSA Figure1_GESPscore.xlsx @ 57978cf (2021-09-06),',
  '# sheet GESP score; Hu, Yuan et al., Nature Cancer 2021, doi:10.1038/s43018-021-00282-w.',
  '# Licence: published supplementary data; cite Hu, Yuan et al., Nature Cancer 2021.',
  '# Seed slice written by scripts/derive-seed.ts: the workbook rows of the seed genes (Ensembl id in their NCBI Gene record),',
  '# in workbook order, with the workbook\'s column names; the Functional annotation column is left out. An empty resource cell:',
  '# that resource does not list the gene.',
];

/** A number cell as text that reads back as the same number (the TSV reader takes plain decimals only). */
function numberText(n: number): string {
  const text = String(n);
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`${SURFACEOME_WORKBOOK}: ${text} has no plain decimal form`);
  return text;
}

/** A text cell, refused if it holds what TSV cannot carry unquoted. */
function textCell(text: string): string {
  if (/[\t\r\n"]/.test(text)) throw new Error(`${SURFACEOME_WORKBOOK}: cell '${text}' holds a tab, line end or quote`);
  return text;
}

/**
 * The surfaceome rows of the seed genes, read with the importer's workbook parser (exceljs) and written as
 * TSV: comment lines naming the source and licence, the header, one row per gene. The rows are the workbook
 * rows whose Ensembl id is an `Ensembl:` dbXref of a seed gene's NCBI Gene record.
 */
async function surfaceomeSlice(ensemblIds: ReadonlySet<string>): Promise<{ lines: string[]; genes: number }> {
  let sheet: SurfaceomeSheet | null = null;
  const rows: SurfaceomeRow[] = [];
  const skipped: string[] = [];
  for await (const row of parseSurfaceomeWorkbook(path.join(SHARED, SURFACEOME_WORKBOOK), (line, reason) => skipped.push(`row ${line}: ${reason}`), (s) => { sheet = s; })) {
    if (ensemblIds.has(row.ensemblId)) rows.push(row);
  }
  if (skipped.length > 0) throw new Error(`${SURFACEOME_WORKBOOK}: rows the parser skips: ${skipped.join('; ')}`);
  const resources = (sheet as SurfaceomeSheet | null)?.resources ?? [];
  const header = ['Ensembl ID', 'Gene Name', 'Genomic location', 'Core Score', ...resources.map((r) => r.header)];
  const lines = rows.map((r) => [r.ensemblId, textCell(r.symbol), textCell(r.genomicLocation ?? ''), numberText(r.gespScore),
    ...resources.map((c) => { const v = r.evidence[c.resource]; return v === null || v === undefined ? '' : numberText(v); })].join('\t'));
  return { lines: [...SURFACEOME_ORIGIN, header.join('\t'), ...lines], genes: rows.length };
}

async function main(): Promise<void> {
  const seedDoids = new Set(Object.keys(SEED_DISEASES));

  // Indications, and the seed drugs: every drug of those rows (DM, SYM and NOT alike).
  const indications = filterTsv(read('pharmacotherapydb/indications.tsv'), (c, col) => seedDoids.has(c[col('doid_id')]!));
  const drugs = new Set(indications.slice(1).map((l) => l.split('\t')[filterColumn(indications, 'drugbank_id')]!));

  // GWAS Catalog rows of the seed diseases.
  const geneAssociations = filterTsv(read('gwas-catalog/gene-associations.tsv'), (c, col) => seedDoids.has(c[col('doid_code')]!));
  const snpAssociations = filterTsv(read('gwas-catalog/snp-associations.tsv'), (c, col) => seedDoids.has(c[col('doid_code')]!));

  // Drug targets and affinities of the seed drugs.
  const targets = filterTsv(read('drugcentral/targets.tsv'), (c, col) => drugs.has(c[col('drugbank_id')]!));
  const bindings = filterTsv(read('bindingdb/bindings-drugbank-gene.tsv'), (c, col) => drugs.has(c[col('drugbank_id')]!));

  // Seed genes (Entrez): GWAS genes, DrugCentral targets, BindingDB genes.
  const genes = new Set<string>([
    ...geneAssociations.slice(1).map((l) => l.split('\t')[filterColumn(geneAssociations, 'gene')]!),
    ...targets.slice(1).map((l) => l.split('\t')[filterColumn(targets, 'GeneID')]!),
    ...bindings.slice(1).map((l) => l.split('\t')[filterColumn(bindings, 'entrez_gene')]!),
  ].filter((g) => /^\d+$/.test(g)));

  // NCBI Gene records of the seed genes (the #Format header line kept), and their HGNC ids and symbols.
  const geneInfo = read('ncbi-gene/Homo_sapiens.gene_info.gz');
  const seedGeneRows = geneInfo.filter((l, i) => i === 0 || (!l.startsWith('#') && genes.has(l.split('\t')[1]!)));
  const hgnc = new Set<string>();
  const symbols = new Set<string>();
  const ensembl = new Set<string>();
  for (const l of seedGeneRows.slice(1)) {
    const c = l.split('\t');
    symbols.add(c[2]!);
    for (const x of c[5]!.split('|')) {
      if (x.startsWith('HGNC:HGNC:')) hgnc.add(x.slice('HGNC:'.length));
      if (x.startsWith('Ensembl:')) ensembl.add(x.slice('Ensembl:'.length));
    }
  }

  // Interactions among seed genes only.
  const ppi = filterTsv(read('ppi/protein-interactions.txt.gz'), (c, col) => hgnc.has(c[col('source_code')]!) && hgnc.has(c[col('target_code')]!));

  // Reactome: the pathway list (human only) and, per pathway with a seed gene, its seed-gene members.
  const gmt: string[] = [];
  const pathways = new Set<string>();
  for (const l of read('reactome/ReactomePathways.gmt')) {
    const [name, id, ...members] = l.split('\t');
    const kept = members.filter((m) => symbols.has(m));
    if (kept.length > 0) {
      gmt.push([name, id, ...kept].join('\t'));
      pathways.add(id!);
    }
  }
  const pathwayList = read('reactome/ReactomePathways.txt').filter((l) => pathways.has(l.split('\t')[0]!));

  // DrugBank rows and PubChem mappings of the seed drugs; SIDER rows of the CIDs that map to them.
  const drugbank = filterTsv(quotedRecords('drugbank/drugbank-slim.tsv'), (c, col) => drugs.has(c[col('drugbank_id')]!));
  // SIDER rows are joined to DrugBank on the STITCH stereo id (CID0…: the PubChem CID as is), as Hetionet and
  // the sider importer do; the mapping rows kept are the seed drugs' CIDs that SIDER uses
  // (mapping-pubchem.tsv has CRLF line endings: rows are copied as they are, ids compared without the CR).
  const siderAll = read('sider4/meddra_all_se.tsv.gz');
  const stereoCid = (l: string) => String(Number(l.split('\t')[1]!.slice(3)));
  const siderCids = new Set(siderAll.map(stereoCid));
  const pubchem = filterTsv(read('drugbank/mapping-pubchem.tsv'), (c, col) => drugs.has(c[col('drugbank_id')]!) && siderCids.has(c[1]!.trimEnd()));
  const cids = new Set(pubchem.slice(1).map((l) => l.split('\t')[1]!.trimEnd()));
  const siderKeep = (l: string) => cids.has(stereoCid(l));
  const siderSe = siderAll.filter(siderKeep);
  const siderFreq = read('sider4/meddra_freq.tsv.gz').filter(siderKeep);

  // Disease Ontology: the header, every [Typedef], and the [Term]s of the seed diseases and their ancestors.
  const obo = read('disease-ontology/HumanDO.obo');
  const stanzas: string[][] = [[]];
  for (const l of obo) {
    if (l.startsWith('[')) stanzas.push([]);
    stanzas[stanzas.length - 1]!.push(l);
  }
  const idOf = (s: string[]) => s.find((l) => l.startsWith('id: '))?.slice(4);
  const parents = new Map<string, string[]>();
  for (const s of stanzas) {
    const id = idOf(s);
    if (id) parents.set(id, s.filter((l) => l.startsWith('is_a: ')).map((l) => l.slice(6).split(' ')[0]!));
  }
  const keepTerms = new Set<string>();
  const visit = (id: string) => {
    if (keepTerms.has(id)) return;
    keepTerms.add(id);
    for (const p of parents.get(id) ?? []) visit(p);
  };
  for (const d of seedDoids) visit(d);
  const doSlice = stanzas.flatMap((s, i) => (i === 0 || s[0] === '[Typedef]' || (s[0] === '[Term]' && keepTerms.has(idOf(s)!)) ? s : []));

  // MONDO exact DOID mappings of the kept DO terms (metadata lines kept).
  const sssom = read('mondo/mondo_exactmatch_doid.sssom.tsv');
  const sssomHeader = sssom.findIndex((l) => !l.startsWith('#'));
  const objectCol = sssom[sssomHeader]!.split('\t').indexOf('object_id');
  const sssomSlice = [...sssom.slice(0, sssomHeader + 1), ...sssom.slice(sssomHeader + 1).filter((l) => keepTerms.has(l.split('\t')[objectCol]!))];

  // Modern drugs (issue 25): ChEMBL phase >= 3 indications of the seed diseases, their targets and identity rows.
  const seedMondos = new Set(sssomSlice.slice(sssomHeader + 1).map((l) => l.split('\t')).filter((c) => seedDoids.has(c[objectCol]!) && c[2] === 'skos:exactMatch').map((c) => c[0]!));
  const modern = modernDrugSlices(read, seedMondos, genes);

  // The entity linker's genes and the modern drugs' targets are added to the gene records (not to the
  // interactome and pathway slices, which stay among the seed genes).
  const recordGenes = new Set([...linkerGenes(geneInfo, genes), ...modern.targetEntrez]);
  const geneRows = geneInfo.filter((l, i) => i === 0 || (!l.startsWith('#') && recordGenes.has(l.split('\t')[1]!)));

  // Bgee expression rows (every anatomy column) and Cancer Surfaceome Atlas rows (by Ensembl id) of the seed
  // genes and of the modern drugs' targets: CAR-T's surface gate and normal-tissue term need the antigens of
  // the drugs approved or in trials for the seed diseases (CD20/MS4A1, BCMA/TNFRSF17), not only GWAS genes.
  const expressed = new Set([...genes, ...modern.targetEntrez]);
  const present = read('bgee/present-in-adult.tsv.gz').filter((l, i) => i === 0 || expressed.has(l.split('\t')[0]!));
  const diffex = read('bgee/diffex.tsv.gz').filter((l, i) => i === 0 || expressed.has(l.split('\t')[0]!));
  const surfaceome = await surfaceomeSlice(new Set([...ensembl, ...modern.targetEnsembl]));

  write('disease_ontology', 'disease-ontology/HumanDO.seed.obo', doSlice, `Disease Ontology (HumanDO.obo 2016-09-09): ${keepTerms.size} terms, the seed diseases and their ancestors`);
  write('disease_ontology', 'mondo/mondo_exactmatch_doid.seed.sssom.tsv', sssomSlice, 'MONDO exact MONDO-DOID mappings of those terms');
  write('pharmacotherapydb', 'pharmacotherapydb/indications.seed.tsv', indications, `PharmacotherapyDB v1.0 indications of the ${seedDoids.size} seed diseases (${drugs.size} drugs)`);
  write('ncbi_gene', 'ncbi-gene/Homo_sapiens.seed.gene_info', geneRows, `NCBI Gene records of the ${genes.size} seed genes, the entity linker's genes and the modern drugs' ${modern.targetEntrez.size} targets`);
  write('drugbank', 'drugbank/drugbank-slim.seed.tsv', drugbank, 'DrugBank 4 slim rows of the seed drugs');
  write('drugbank', 'drugbank/mapping-pubchem.seed.tsv', pubchem, 'DrugBank -> PubChem CID rows of the seed drugs, for the CIDs SIDER uses');
  write('drugcentral', 'drugcentral/targets.seed.tsv', targets, 'DrugCentral targets of the seed drugs');
  write('bindingdb', 'bindingdb/bindings-drugbank-gene.seed.tsv', bindings, 'BindingDB affinities of the seed drugs');
  write('gwas_catalog', 'gwas-catalog/gene-associations.seed.tsv', geneAssociations, 'GWAS Catalog gene associations of the seed diseases');
  write('gwas_catalog', 'gwas-catalog/snp-associations.seed.tsv', snpAssociations, 'GWAS Catalog lead SNPs of the seed diseases');
  write('ppi', 'ppi/protein-interactions.seed.tsv', ppi, 'Hetionet interactome rows among the seed genes');
  write('reactome', 'reactome/ReactomePathways.seed.txt', pathwayList, 'Reactome pathway list rows of those pathways');
  write('reactome', 'reactome/ReactomePathways.seed.gmt', gmt, 'Reactome pathways with a seed gene, members restricted to seed genes');
  write('sider', 'sider4/meddra_all_se.seed.tsv.gz', siderSe, 'SIDER 4.1 side effects of the seed drugs\' PubChem compounds');
  write('sider', 'sider4/meddra_freq.seed.tsv.gz', siderFreq, 'SIDER 4.1 side-effect frequencies of those compounds');
  write('bgee', 'bgee/present-in-adult.seed.tsv.gz', present, 'Bgee adult expression presence of the seed genes and the modern drugs\' targets');
  write('bgee', 'bgee/diffex.seed.tsv.gz', diffex, 'Bgee differential expression of the seed genes and the modern drugs\' targets');
  write('surfaceome', 'surfaceome/TCSA-Figure1_GESPscore.seed.tsv', surfaceome.lines,
    `The Cancer Surfaceome Atlas GESP score rows of the ${surfaceome.genes} seed genes and modern drugs' targets it lists, as TSV (published supplementary data; cite Hu, Yuan et al., Nature Cancer 2021)`);
  for (const slice of modern.slices) write(slice.resource, slice.rel, slice.lines, slice.description);
  if (!process.env.SEED_OUT_DIR) pin();
  for (const w of written) console.log(`${w.resource}: ${w.rel}: ${w.description}`);
}

/** Genes the entity linker must know beyond the seed genes: English-word symbols its tests exercise. */
const LINKER_EXTRA_SYMBOLS = ['CAT', 'SET', 'MET', 'ACE', 'IL2', 'IL2RA', 'JAK2', 'CRP'];

/**
 * The entity linker's genes (docs/entity-linking.md): the seed genes, the curated knowledge graph's targets
 * (fixtures/kg, by HGNC symbol), LINKER_EXTRA_SYMBOLS, and every gene whose symbol or distinctive synonym
 * equals a distinctive synonym of one of those, so the linker can see (and drop) a synonym two genes share.
 */
function linkerGenes(geneInfo: string[], seedGenes: ReadonlySet<string>): Set<string> {
  if (linkerGeneCache) return linkerGeneCache;
  const rows = geneInfo.filter((l) => !l.startsWith('#')).map((l) => l.split('\t'));
  const wanted = new Set([...kgTargetSymbols(), ...LINKER_EXTRA_SYMBOLS]);
  const core = new Set(rows.filter((c) => seedGenes.has(c[1]!) || wanted.has(c[2]!)).map((c) => c[1]!));
  const names = new Set(rows.filter((c) => core.has(c[1]!)).flatMap((c) => c[4]!.split('|').filter(distinctiveSynonym)));
  const out = new Set(core);
  for (const c of rows) {
    if (names.has(c[2]!) || c[4]!.split('|').some((s) => distinctiveSynonym(s) && names.has(s))) out.add(c[1]!);
  }
  return (linkerGeneCache = out);
}
let linkerGeneCache: Set<string> | undefined;

/** HGNC symbols (else labels) of the target nodes of the curated knowledge graph, fixtures/kg/*.json. */
function kgTargetSymbols(): string[] {
  const dir = path.join(ROOT, 'fixtures', 'kg');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().flatMap((f) => {
    const fixture = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { nodes: { kind: string; label: string; xrefs?: Record<string, string> }[] };
    return fixture.nodes.filter((n) => n.kind === 'target').map((n) => n.xrefs?.hgnc_symbol ?? n.label);
  });
}

function filterColumn(lines: string[], name: string): number {
  return lines[0]!.split('\t').indexOf(name);
}

/** Replaces the form "seed" entries of pinned-checksums.json with the files just written. */
function pin(): void {
  const pinned = JSON.parse(fs.readFileSync(PINNED, 'utf8')) as Record<string, unknown>;
  for (const [resource, entries] of Object.entries(pinned)) {
    if (Array.isArray(entries)) pinned[resource] = entries.filter((e: { form?: string }) => e.form !== 'seed');
  }
  for (const w of written) {
    const sha256 = crypto.createHash('sha256').update(fs.readFileSync(path.join(OUT, w.rel))).digest('hex');
    const list = (pinned[w.resource] ??= []) as unknown[];
    list.push({ sha256, form: 'seed', file: path.basename(w.rel), description: `Seed slice fixtures/seed/${w.rel}: ${w.description}; derived by scripts/derive-seed.ts` });
  }
  fs.writeFileSync(PINNED, JSON.stringify(pinned, null, 2) + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
