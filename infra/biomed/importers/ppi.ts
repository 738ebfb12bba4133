// ppi: the human protein-protein interactome compiled for Hetionet (dhimmel/ppi,
// download/hetio/protein-interactions.txt.gz: HI-II-14, Lit-BM-13 and more; CC BY 4.0), optionally with
// NCBI Gene's Homo_sapiens.gene_info[.gz] in the same command to put the genes on NCBIGene ids.
// - Genes: the file names them by HGNC id. With gene_info, an HGNC id becomes NCBIGene:<GeneID> when
//   exactly one tax_id 9606 gene lists it in dbXrefs (`HGNC:HGNC:5`); with none or several it stays
//   HGNC:<n> (counted, warned). Without gene_info every gene stays HGNC:<n>. Symbols are never matched.
// - INTERACTS_WITH is symmetric: one claim per distinct UNORDERED gene pair, subject = the
//   lexicographically smaller CURIE (plain string order, so NCBIGene:10 < NCBIGene:9), object the other,
//   direction supports, qualifier symmetric: true. The file's source/target order carries no meaning.
// - A row whose two genes are the same (after mapping) is a self-loop: skipped and counted. Rows naming a
//   pair already seen (A-B again, B-A, or two HGNC ids mapped to one gene) are duplicates: they add to
//   the pair's ONE claim: its qualifiers collect every row's methods, interaction types and PubMed ids
//   (arrays, distinct, first-seen order), and each row gets its own evidence link (file, line, reference
//   PMID:<the row's first PubMed id> or null, evidence code = the row's first detection method as written).
// - Qualifiers: symmetric, methods, interaction_types, pubmed_ids, symbols and hgnc_ids (subject first),
//   source_rows, source 'Hetionet PPI (dhimmel/ppi)', license 'CC BY 4.0'.
// No terms and no mappings: gene identity is the ncbi_gene resource's.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { parseGeneInfo } from '../parsers/gene-info';
import { parseProteinInteractions, PpiRow } from '../parsers/ppi';
import { EvidenceRef, SnapshotWriters } from '../store/snapshot-writers';
import { ImportContext, PROGRESS_EVERY, ResourceImporter } from './importer';
import { HUMAN_TAX_ID, ncbiGeneCurie, normaliseGeneXref } from './ncbi-gene';

export const INTERACTS_WITH = 'INTERACTS_WITH';
export const PPI_SOURCE = 'Hetionet PPI (dhimmel/ppi)';
export const PPI_LICENSE = 'CC BY 4.0';
const USAGE = 'ppi takes one protein-interactions TSV (protein-interactions.txt[.gz]) and optionally one NCBI Gene gene_info[.gz] to map HGNC ids to NCBIGene';

/** HGNC id -> the GeneIDs of the tax_id 9606 genes that list it in dbXrefs. */
async function hgncIndex(file: string, context: ImportContext): Promise<{ byHgnc: Map<string, string[]>; rows: number }> {
  const byHgnc = new Map<string, string[]>();
  let rows = 0;
  for await (const row of parseGeneInfo(file)) {
    rows++;
    if (rows % PROGRESS_EVERY === 0) context.progress(path.basename(file), rows);
    if (row.taxId !== HUMAN_TAX_ID) continue;
    for (const raw of row.dbXrefs) {
      if (!raw.startsWith('HGNC:')) continue;
      const x = normaliseGeneXref(raw);
      if (!x) continue;
      const genes = byHgnc.get(x.curie) ?? [];
      if (!genes.includes(row.geneId)) genes.push(row.geneId);
      byHgnc.set(x.curie, genes);
    }
  }
  return { byHgnc, rows };
}

interface Pair {
  subject: string; object: string; symbols: [string, string]; hgnc: [string, string];
  methods: string[]; types: string[]; pubmed: string[]; evidence: EvidenceRef[];
}

const addAll = (into: string[], items: readonly string[]) => { for (const i of items) if (!into.includes(i)) into.push(i); };

class GeneMapper {
  readonly status = new Map<string, 'ncbigene' | 'unmapped' | 'ambiguous' | 'hgnc'>();
  constructor(private readonly byHgnc: Map<string, string[]> | null) {}

  curie(hgnc: string): string {
    const genes = this.byHgnc?.get(hgnc);
    if (!this.byHgnc) this.status.set(hgnc, 'hgnc');
    else if (genes?.length === 1) this.status.set(hgnc, 'ncbigene');
    else this.status.set(hgnc, genes ? 'ambiguous' : 'unmapped');
    return genes?.length === 1 ? ncbiGeneCurie(genes[0]!) : hgnc;
  }

  tally(): Record<'ncbigene' | 'unmapped' | 'ambiguous' | 'hgnc', string[]> {
    const out = { ncbigene: [] as string[], unmapped: [] as string[], ambiguous: [] as string[], hgnc: [] as string[] };
    for (const [hgnc, s] of this.status) out[s].push(hgnc);
    return out;
  }
}

function pairOf(row: PpiRow, a: string, b: string): Pair {
  const forward = a < b;
  return {
    subject: forward ? a : b, object: forward ? b : a,
    symbols: forward ? [row.sourceSymbol, row.targetSymbol] : [row.targetSymbol, row.sourceSymbol],
    hgnc: forward ? [row.sourceCode, row.targetCode] : [row.targetCode, row.sourceCode],
    methods: [], types: [], pubmed: [], evidence: [],
  };
}

export const ppiImporter: ResourceImporter = {
  resource: 'ppi',
  classify(paths) {
    const geneInfo = paths.filter((p) => /gene_info(\.gz)?$/i.test(p));
    const rest = paths.filter((p) => !/gene_info(\.gz)?$/i.test(p));
    if (rest.length !== 1 || geneInfo.length > 1) throw new ImportRefusedError('bad_input', USAGE);
    return [{ path: rest[0]!, role: 'annotations' }, ...geneInfo.map((p) => ({ path: p, role: 'mappings' as const }))];
  },
  async load(context) {
    const tablePath = context.artifacts.find((a) => a.role === 'annotations')!.path;
    const geneInfo = context.artifacts.find((a) => a.role === 'mappings');
    const file = path.basename(tablePath);
    const index = geneInfo ? await hgncIndex(geneInfo.path, context) : null;
    if (!index) context.warn('no gene_info file given: every gene stays an HGNC id (HGNC:<n>)');
    const mapper = new GeneMapper(index?.byHgnc ?? null);
    const pairs = new Map<string, Pair>();
    const counts = { rows: 0, self_loops: 0, duplicate_rows: 0, rows_without_pubmed: 0, rows_without_method: 0, rows_without_interaction_type: 0, invalid_pubmed_items: 0 };

    for await (const row of parseProteinInteractions(tablePath)) {
      counts.rows++;
      if (counts.rows % PROGRESS_EVERY === 0) context.progress(file, counts.rows);
      const a = mapper.curie(row.sourceCode);
      const b = mapper.curie(row.targetCode);
      if (a === b) { counts.self_loops++; continue; }
      const key = a < b ? `${a}\t${b}` : `${b}\t${a}`;
      let pair = pairs.get(key);
      if (pair) counts.duplicate_rows++;
      else pairs.set(key, pair = pairOf(row, a, b));
      addAll(pair.methods, row.methods);
      addAll(pair.types, row.interactionTypes);
      addAll(pair.pubmed, row.pubmedIds);
      pair.evidence.push({ file, line: row.line, reference: row.pubmedIds.length > 0 ? `PMID:${row.pubmedIds[0]}` : null, evidenceCode: row.methods[0] ?? null });
      if (row.pubmedIds.length === 0) counts.rows_without_pubmed++;
      if (row.methods.length === 0) counts.rows_without_method++;
      if (row.interactionTypes.length === 0) counts.rows_without_interaction_type++;
      if (row.invalidPubmed.length > 0) {
        counts.invalid_pubmed_items += row.invalidPubmed.length;
        context.warn(`${file} line ${row.line}: pubmed item(s) ${row.invalidPubmed.map((p) => `'${p}'`).join(', ')} are not PubMed ids; left out`);
      }
    }
    context.progress(file, counts.rows);

    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const genes = new Set<string>();
    let claimsOnNcbiGene = 0;
    for (const p of pairs.values()) {
      genes.add(p.subject).add(p.object);
      if (p.subject.startsWith('NCBIGene:') && p.object.startsWith('NCBIGene:')) claimsOnNcbiGene++;
      await writers.claim({
        subject: p.subject, predicate: INTERACTS_WITH, object: p.object, direction: 'supports', mondoCurie: null,
        qualifiers: {
          symmetric: true, methods: p.methods, interaction_types: p.types, pubmed_ids: p.pubmed, symbols: p.symbols, hgnc_ids: p.hgnc,
          source_rows: p.evidence.length, source: PPI_SOURCE, license: PPI_LICENSE,
        },
        evidence: p.evidence,
      });
    }
    await writers.flush();

    const tally = mapper.tally();
    const sample = (ids: string[]) => ids.slice(0, 10).join(', ') + (ids.length > 10 ? ', ...' : '');
    if (tally.unmapped.length > 0) context.warn(`${tally.unmapped.length} HGNC id(s) are in no human gene_info row's dbXrefs: kept as HGNC ids (${sample(tally.unmapped)})`);
    if (tally.ambiguous.length > 0) context.warn(`${tally.ambiguous.length} HGNC id(s) are listed by several genes in gene_info: kept as HGNC ids (${sample(tally.ambiguous)})`);
    if (counts.self_loops > 0) context.warn(`${counts.self_loops} row(s) pair a gene with itself: skipped (no self-interaction claims)`);
    if (counts.duplicate_rows > 0) context.warn(`${counts.duplicate_rows} row(s) repeat a gene pair already listed: merged into that pair's claim (one evidence link per row)`);
    const written = writers.counts();
    return {
      version: null,
      counts: {
        ...written, ...counts, distinct_pairs: pairs.size, genes: genes.size, hgnc_ids: mapper.status.size,
        hgnc_mapped_to_ncbigene: tally.ncbigene.length, hgnc_unmapped: tally.unmapped.length, hgnc_ambiguous: tally.ambiguous.length,
        claims_on_ncbigene: claimsOnNcbiGene, claims_with_hgnc: pairs.size - claimsOnNcbiGene,
        ...(index ? { gene_info_rows: index.rows } : {}),
      },
      details: {
        source: { name: PPI_SOURCE, license: PPI_LICENSE, origin: 'dhimmel/ppi download/hetio/protein-interactions.txt.gz' },
        predicate: INTERACTS_WITH, symmetric: true, subject_order: 'lexicographically smaller CURIE is the subject',
        gene_mapping: geneInfo ? { file: path.basename(geneInfo.path), hgnc_unmapped: tally.unmapped, hgnc_ambiguous: tally.ambiguous } : null,
      },
    };
  },
};
