// surfaceome: The Cancer Surfaceome Atlas (Hu et al., Nature Cancer 2021, doi:10.1038/s43018-021-00282-w),
// Figure 1's GESP score workbook (fcgportal/TCSA Figure1_GESPscore.xlsx): genes encoding surface proteins
// (GESPs) with a score combining nine surfaceome resources. Published supplementary data: cite the paper.
// The table is the workbook itself or its tab-separated form (the seed slice fixtures/seed/surfaceome/,
// written from the workbook by scripts/derive-seed.ts); both give the same rows.
// Optionally NCBI Gene's Homo_sapiens.gene_info[.gz] in the same command to put the genes on NCBIGene.
// - One claim per workbook gene row: subject the gene, HAS_SURFACE_EVIDENCE, object
//   `SURFACEOME:cell_surface`, supports. The object is not an ontology term: it stands for "the atlas
//   lists this gene as encoding a cell-surface protein", and is written as one term of kind
//   `surface_location` in this snapshot so reads can show its label.
// - Subject: the row's Ensembl gene id mapped through gene_info's dbXrefs (`Ensembl:ENSG…`, tax_id 9606
//   rows) when exactly one Entrez gene lists it -> `NCBIGene:<id>`; none or several -> `ENSEMBL:ENSG…`
//   kept, counted and warned (never matched by symbol). Without gene_info every subject is ENSEMBL.
// - Qualifiers: gesp_score (number), evidence (each resource column's cell as given: its weight, or null
//   when empty), resource_weights, symbol, ensembl_id, genomic_location, source, license. Evidence link:
//   the workbook file and row number, reference the paper's DOI, evidence code `GESP`.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { parseGeneInfo } from '../parsers/gene-info';
import { parseSurfaceomeWorkbook, SurfaceomeSheet } from '../parsers/surfaceome';
import { parseSurfaceomeTsv } from '../parsers/surfaceome-tsv';
import { BulkInserter } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { PLAIN_TERM_COLUMNS, plainTermRow, RowSkips } from './importer-support';
import { HUMAN_TAX_ID, ncbiGeneCurie } from './ncbi-gene';

export const HAS_SURFACE_EVIDENCE = 'HAS_SURFACE_EVIDENCE';
export const CELL_SURFACE = 'SURFACEOME:cell_surface';
export const SURFACEOME_DOI = 'doi:10.1038/s43018-021-00282-w';
export const SURFACEOME_SOURCE = 'The Cancer Surfaceome Atlas (Hu et al., Nature Cancer 2021)';
export const SURFACEOME_LICENSE = 'published supplementary data; cite the paper';
export const ensemblCurie = (id: string) => `ENSEMBL:${id}`;

/** Ensembl gene id -> the Entrez GeneIDs of tax_id 9606 rows whose dbXrefs list it. */
async function ensemblIndex(file: string): Promise<{ byEnsembl: Map<string, string[]>; rows: number }> {
  const byEnsembl = new Map<string, string[]>();
  let rows = 0;
  for await (const row of parseGeneInfo(file)) {
    rows++;
    if (row.taxId !== HUMAN_TAX_ID) continue;
    for (const x of row.dbXrefs) {
      if (!x.startsWith('Ensembl:')) continue;
      const id = x.slice('Ensembl:'.length);
      const list = byEnsembl.get(id);
      if (!list) byEnsembl.set(id, [row.geneId]);
      else if (!list.includes(row.geneId)) list.push(row.geneId);
    }
  }
  return { byEnsembl, rows };
}

const isTsv = (file: string) => /\.tsv$/i.test(file);

function classify(paths: readonly string[]) {
  const workbook = paths.filter((p) => /\.xlsx$/i.test(p) || isTsv(p));
  const geneInfo = paths.filter((p) => /gene_info(\.gz)?$/i.test(p));
  if (workbook.length !== 1 || geneInfo.length > 1 || workbook.length + geneInfo.length !== paths.length) {
    throw new ImportRefusedError('bad_input', 'surfaceome takes the TCSA GESP score workbook (.xlsx, or its .tsv form as the seed slice has it) and optionally one NCBI Gene gene_info file (Homo_sapiens.gene_info.gz) to map Ensembl -> NCBIGene');
  }
  return [{ path: workbook[0]!, role: 'annotations' as const }, ...geneInfo.map((p) => ({ path: p, role: 'mappings' as const }))];
}

export const surfaceomeImporter: ResourceImporter = {
  resource: 'surfaceome',
  classify,
  async load(context) {
    const workbookPath = context.artifacts.find((a) => a.role === 'annotations')!.path;
    const geneInfoPath = context.artifacts.find((a) => a.role === 'mappings')?.path ?? null;
    const file = path.basename(workbookPath);
    const index = geneInfoPath ? await ensemblIndex(geneInfoPath) : null;
    if (!index) context.warn('no gene_info file given: every gene stays an ENSEMBL CURIE');
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, PLAIN_TERM_COLUMNS);
    const skips = new RowSkips(file, context.warn);
    const counts = { rows: 0, claims_on_ncbigene: 0, claims_on_ensembl: 0, ensembl_without_entrez: 0, ensembl_with_several_entrez: 0, repeated_ensembl_ids: 0, zero_score_rows: 0 };
    const seen = new Set<string>();
    const subjects = new Map<string, number>();
    let sheet: SurfaceomeSheet | null = null;
    let weights: Record<string, number> = {};
    const unmapped: string[] = [];
    const parse = isTsv(workbookPath) ? parseSurfaceomeTsv : parseSurfaceomeWorkbook;
    for await (const row of parse(workbookPath, skips.handler, (s) => { sheet = s; weights = Object.fromEntries(s.resources.map((r) => [r.resource, r.weight])); })) {
      counts.rows++;
      if (seen.has(row.ensemblId)) counts.repeated_ensembl_ids++;
      seen.add(row.ensemblId);
      if (row.gespScore === 0) counts.zero_score_rows++;
      const entrez = index?.byEnsembl.get(row.ensemblId) ?? [];
      let subject: string;
      if (entrez.length === 1) { subject = ncbiGeneCurie(entrez[0]!); counts.claims_on_ncbigene++; } else {
        subject = ensemblCurie(row.ensemblId);
        counts.claims_on_ensembl++;
        if (index) {
          if (entrez.length === 0) counts.ensembl_without_entrez++; else counts.ensembl_with_several_entrez++;
          if (unmapped.length < 10) unmapped.push(`${row.ensemblId} (${row.symbol}: ${entrez.length === 0 ? 'no' : entrez.length} Entrez ids)`);
        }
      }
      subjects.set(subject, (subjects.get(subject) ?? 0) + 1);
      await writers.claim({
        subject, predicate: HAS_SURFACE_EVIDENCE, object: CELL_SURFACE, direction: 'supports', mondoCurie: null,
        qualifiers: {
          gesp_score: row.gespScore, evidence: row.evidence, resource_weights: weights, symbol: row.symbol, ensembl_id: row.ensemblId,
          genomic_location: row.genomicLocation, source: SURFACEOME_SOURCE, license: SURFACEOME_LICENSE,
        },
        evidence: { file, line: row.line, reference: SURFACEOME_DOI, evidenceCode: 'GESP' },
      });
      if (counts.rows % PROGRESS_EVERY === 0) context.progress(file, counts.rows);
    }
    context.progress(file, counts.rows);
    skips.summarize();
    await terms.add(plainTermRow(context.snapshotId, CELL_SURFACE, 'cell surface (gene encodes a surface protein, The Cancer Surfaceome Atlas)', 'surface_location', 1,
      'Object of HAS_SURFACE_EVIDENCE claims: the atlas lists the subject gene as encoding a cell-surface protein, with its GESP score in the claim qualifiers.'));
    await terms.flush();
    await writers.flush();
    if (index && counts.claims_on_ensembl > 0) {
      context.warn(`${counts.claims_on_ensembl} Ensembl id(s) have no single Entrez gene in ${path.basename(geneInfoPath!)} (${counts.ensembl_without_entrez} none, ${counts.ensembl_with_several_entrez} several): their claims keep ENSEMBL:…; e.g. ${unmapped.join(', ')}`);
    }
    const sharedSubjects = [...subjects.values()].filter((n) => n > 1).length;
    if (sharedSubjects > 0) context.warn(`${sharedSubjects} subject(s) get claims from several workbook rows (two Ensembl ids of one Entrez gene)`);
    return {
      version: null,
      counts: { ...writers.counts(), terms: terms.written, ...counts, rows_skipped_malformed: skips.count, subjects: subjects.size, subjects_with_several_rows: sharedSubjects, ...(index ? { gene_info_rows: index.rows } : {}) },
      details: {
        source: { name: SURFACEOME_SOURCE, license: SURFACEOME_LICENSE, doi: SURFACEOME_DOI },
        sheet, resource_weights: weights, object: CELL_SURFACE, gene_mapping: index ? { file: path.basename(geneInfoPath!), rule: 'Ensembl dbXref of exactly one tax_id 9606 gene' } : null,
      },
    };
  },
};
