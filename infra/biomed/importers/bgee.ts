// bgee: Bgee gene expression in adult human anatomy (Bastian et al., NAR 2021, doi:10.1093/nar/gkaa793;
// CC0 1.0) as processed for Hetionet by dhimmel/bgee (doi:10.5281/zenodo.47157): a gene x anatomy matrix
// present-in-adult.tsv.gz (1 = expressed, 0 = not called) and optionally diffex.tsv.gz (1 over-, -1
// under-expressed, 0 neither).
// - Each 1 of the presence matrix: `NCBIGene:<id>` EXPRESSED_IN `<UBERON:…|CL:…>` supports, evidence code
//   `present`; each 1 of diffex: UPREGULATED_IN (`over`), each -1: DOWNREGULATED_IN (`under`). A 0 writes
//   nothing: it is an absent call, not a contradiction.
// - Evidence link: the file and the gene's line, reference the Bgee paper. Qualifiers: one small constant
//   object per predicate ({source, license}); the claims are 1.68 million rows, so nothing per row.
// - Anatomy columns are checked to be UBERON/CL CURIEs by the parser (a bad header fails the import);
//   malformed rows are counted and skipped, a gene repeated in a file keeps its first row (counted).
// - No terms: genes come from ncbi_gene, anatomy from uberon.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { MatrixHeader, parseExpressionMatrix } from '../parsers/bgee';
import { SnapshotWriters } from '../store/snapshot-writers';
import { ImportContext, ResourceImporter } from './importer';
import { RowSkips } from './importer-support';
import { ncbiGeneCurie } from './ncbi-gene';

export const EXPRESSED_IN = 'EXPRESSED_IN';
export const UPREGULATED_IN = 'UPREGULATED_IN';
export const DOWNREGULATED_IN = 'DOWNREGULATED_IN';
export const BGEE_DOI = 'doi:10.1093/nar/gkaa793';
export const BGEE_PROCESSING_DOI = 'doi:10.5281/zenodo.47157';
export const BGEE_SOURCE = 'Bgee';
export const BGEE_LICENSE = 'CC0 1.0';
/** Claims per COPY statement (and evidence links per INSERT): fewer round trips than the default 20k; measured. */
const CLAIM_BATCH = 50_000;

/** Matrix value -> claim, per file kind; values not listed write nothing. */
export const BGEE_VALUE_CLAIMS = {
  presence: { '1': { predicate: EXPRESSED_IN, evidenceCode: 'present' } },
  diffex: { '1': { predicate: UPREGULATED_IN, evidenceCode: 'over' }, '-1': { predicate: DOWNREGULATED_IN, evidenceCode: 'under' } },
} as const;
const ALLOWED = { presence: new Set(['0', '1']), diffex: new Set(['-1', '0', '1']) };

type Kind = keyof typeof BGEE_VALUE_CLAIMS;

interface FileCounts { rows: number; genes: number; repeated_genes: number; skipped: number; anatomy_columns: number; claims: Record<string, number> }

async function loadMatrix(context: ImportContext, writers: SnapshotWriters, filePath: string, kind: Kind, genes: Set<string>): Promise<FileCounts> {
  const file = path.basename(filePath);
  const skips = new RowSkips(file, context.warn);
  const ruleList: [string, { predicate: string; evidenceCode: string }][] = Object.entries(BGEE_VALUE_CLAIMS[kind]);
  const claims: Record<string, number> = Object.fromEntries(ruleList.map(([, r]) => [r.predicate, 0]));
  const seen = new Set<string>();
  const counts: FileCounts = { rows: 0, genes: 0, repeated_genes: 0, skipped: 0, anatomy_columns: 0, claims };
  let header: MatrixHeader | null = null;
  for await (const batch of parseExpressionMatrix(filePath, ALLOWED[kind], skips.handler)) {
    header = batch.header;
    const anatomy = header.anatomy;
    for (const row of batch.rows) {
      counts.rows++;
      if (seen.has(row.geneId)) {
        if (++counts.repeated_genes <= 5) context.warn(`${file} line ${row.line}: gene ${row.geneId} repeated; kept its first row`);
        continue;
      }
      seen.add(row.geneId);
      genes.add(row.geneId);
      const subject = ncbiGeneCurie(row.geneId);
      for (const [value, rule] of ruleList) {
        const objects: string[] = [];
        const values = row.values;
        for (let i = 0; i < values.length; i++) if (values[i] === value) objects.push(anatomy[i]!);
        claims[rule.predicate]! += objects.length;
        const p = writers.claimRun({ subject, predicate: rule.predicate, objects, direction: 'supports', qualifiers: null,
          evidence: { file, line: row.line, reference: BGEE_DOI, evidenceCode: rule.evidenceCode } });
        if (p) await p;
      }
    }
    context.progress(file, counts.rows);
  }
  skips.summarize();
  if (counts.repeated_genes > 5) context.warn(`${file}: ${counts.repeated_genes} repeated gene row(s) skipped in all`);
  counts.genes = seen.size;
  counts.skipped = skips.count;
  counts.anatomy_columns = header?.anatomy.length ?? 0;
  return counts;
}

function classify(paths: readonly string[]) {
  const diffex = paths.filter((p) => /diffex/i.test(path.basename(p)));
  const presence = paths.filter((p) => !/diffex/i.test(path.basename(p)));
  if (presence.length !== 1 || diffex.length > 1) {
    throw new ImportRefusedError('bad_input', 'bgee takes one presence matrix (present-in-adult.tsv.gz) and optionally one differential-expression matrix (diffex.tsv.gz)');
  }
  return [{ path: presence[0]!, role: 'annotations' as const }, ...diffex.map((p) => ({ path: p, role: 'annotations' as const }))];
}

export const bgeeImporter: ResourceImporter = {
  resource: 'bgee',
  classify,
  async load(context) {
    const presencePath = context.artifacts.find((a) => !/diffex/i.test(a.file))!.path;
    const diffexPath = context.artifacts.find((a) => /diffex/i.test(a.file))?.path ?? null;
    const writers = new SnapshotWriters(context.queue, context.snapshotId, { claimBatch: CLAIM_BATCH });
    const genes = new Set<string>();
    const presence = await loadMatrix(context, writers, presencePath, 'presence', genes);
    const diffex = diffexPath ? await loadMatrix(context, writers, diffexPath, 'diffex', genes) : null;
    await writers.flush();
    if (!diffexPath) context.warn('no diffex matrix given: no UPREGULATED_IN / DOWNREGULATED_IN claims');
    const perFile = (c: FileCounts) => ({ rows: c.rows, genes: c.genes, anatomy_columns: c.anatomy_columns, rows_skipped_malformed: c.skipped, repeated_genes: c.repeated_genes });
    return {
      version: null,
      counts: {
        ...writers.counts(),
        expressed_in: presence.claims[EXPRESSED_IN]!, upregulated_in: diffex?.claims[UPREGULATED_IN] ?? 0, downregulated_in: diffex?.claims[DOWNREGULATED_IN] ?? 0,
        genes: genes.size, presence_rows: presence.rows, presence_genes: presence.genes, presence_anatomy_columns: presence.anatomy_columns,
        presence_rows_skipped: presence.skipped + presence.repeated_genes,
        ...(diffex ? { diffex_rows: diffex.rows, diffex_genes: diffex.genes, diffex_anatomy_columns: diffex.anatomy_columns, diffex_rows_skipped: diffex.skipped + diffex.repeated_genes } : {}),
      },
      details: {
        source: { name: BGEE_SOURCE, license: BGEE_LICENSE, doi: BGEE_DOI, processing: `dhimmel/bgee (${BGEE_PROCESSING_DOI})` },
        value_claims: BGEE_VALUE_CLAIMS,
        files: { presence: perFile(presence), ...(diffex ? { diffex: perFile(diffex) } : {}) },
      },
    };
  },
};
