// clinvar: one ClinVar variant_summary.txt[.gz] or clinvar.vcf[.gz] as variant and gene terms and claims.
// - Each variant (VariationID) becomes a term CLINVAR:<VariationID> of kind `variant` (label: the HGVS
//   name), xrefs its AlleleID and dbSNP id. variant_summary repeats each variant per assembly: rows of
//   GRCh37 / NCBI36 are counted and skipped, GRCh38 (and location-less "na") rows are kept.
// - Per condition of the row: a VARIANT_ASSOCIATED_WITH claim variant -> condition, direction from the
//   clinical significance (domain/biomed/clinical-significance.ts). The condition is the record's own
//   cross-reference, preferring MONDO, then OMIM, Orphanet, HP, MedGen, then any other; never its name.
//   A condition with no id, or only MedGen's placeholders "not specified" / "not provided", gets no claim.
// - Per gene of a SUPPORTING (pathogenic / likely pathogenic) row and condition: ASSOCIATED_WITH_GENE
//   condition -> GENE_SYMBOL:<symbol> (the reactome importer's gene CURIEs), via the variant. Benign or
//   uncertain variants say nothing about the gene, so they give no gene claim.
// - mondo_curie: the condition itself when MONDO, else the one MONDO id the active mondo snapshot maps it
//   to exactly (as hpoa does). Variant and gene terms are kept out of conditions search.
import path from 'node:path';
import { canonicalCurie } from '../../../domain/biomed/curie';
import { significanceDirection, primarySignificance } from '../../../domain/biomed/clinical-significance';
import { ImportRefusedError } from '../artifacts';
import { ClinvarMeta, ClinvarRecord, parseClinvar } from '../parsers/clinvar';
import { BulkInserter, Column } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { mondoIndex } from './hpoa';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { geneCurie } from './reactome';

const TERM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'label', type: 'text' },
  { name: 'kind', type: 'text' }, { name: 'definition', type: 'text' }, { name: 'synonyms', type: 'jsonb' },
  { name: 'xrefs', type: 'jsonb' }, { name: 'replaced_by', type: 'jsonb' }, { name: 'obsolete', type: 'boolean' },
  { name: 'search_text', type: 'text' }, { name: 'source_line', type: 'integer' },
];

export const VARIANT_ASSOCIATED_WITH = 'VARIANT_ASSOCIATED_WITH';
export const ASSOCIATED_WITH_GENE = 'ASSOCIATED_WITH_GENE';
const SKIPPED_ASSEMBLIES = new Set(['GRCh37', 'NCBI36']);
/** MedGen concepts ClinVar uses for "not specified" and "not provided": not conditions. */
export const PLACEHOLDER_CONDITIONS = new Set(['MEDGEN:CN169374', 'MEDGEN:CN517202']);
const PREFERENCE = ['MONDO', 'OMIM', 'Orphanet', 'HP', 'MEDGEN'];

export const variantCurie = (variationId: string) => `CLINVAR:${variationId}`;

/** The condition id a claim names: the most preferred prefix among the record's own ids. */
export function conditionCurie(ids: readonly string[]): string | null {
  const usable = ids.filter((id) => !PLACEHOLDER_CONDITIONS.has(id));
  for (const prefix of PREFERENCE) {
    const hit = usable.find((id) => id.startsWith(`${prefix}:`));
    if (hit) return hit;
  }
  return usable[0] ?? null;
}

export const clinvarImporter: ResourceImporter = {
  resource: 'clinvar',
  classify(paths) {
    if (paths.length !== 1 || !/\.(txt|tsv|vcf)(\.gz)?$/i.test(paths[0]!)) {
      throw new ImportRefusedError('bad_input', 'clinvar takes exactly one ClinVar file: variant_summary.txt[.gz] or a .vcf[.gz]');
    }
    return [{ path: paths[0]!, role: 'annotations' }];
  },
  async load(context) {
    const filePath = context.artifacts[0]!.path;
    const file = path.basename(filePath);
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, TERM_COLUMNS);
    const index = await mondoIndex(context.trx);
    const meta: ClinvarMeta = {};
    const variants = new Set<number>();
    const genes = new Map<string, { symbol: string; geneId: string | null; line: number }>();
    const counts = {
      rows: 0, rows_other_assembly: 0, rows_repeating_a_variant: 0, variants: 0, conditions_without_id: 0, placeholder_conditions: 0,
      variant_condition_claims: 0, gene_claims: 0, supports: 0, contradicts: 0, neutral: 0, claims_mapped_to_mondo: 0,
    };
    const significance: Record<string, number> = {};
    const mondoOf = (curie: string) => (curie.startsWith('MONDO:') ? curie : index.byObject.get(canonicalCurie(curie)) ?? null);

    const loadRecord = async (record: ClinvarRecord) => {
      const variant = variantCurie(record.variationId);
      const id = Number(record.variationId);
      if (variants.has(id)) { counts.rows_repeating_a_variant++; return; }
      variants.add(id);
      const xrefs = [
        ...(record.alleleId ? [{ id: `CLINVAR_ALLELE:${record.alleleId}`, source: null }] : []),
        ...(record.rsId ? [{ id: `dbSNP:${record.rsId}`, source: null }] : []),
      ];
      await terms.add([context.snapshotId, variant, record.name, 'variant', null, [], xrefs, null, false, '', record.line]);
      const direction = significanceDirection(record.significance);
      const primary = primarySignificance(record.significance);
      significance[primary] = (significance[primary] ?? 0) + 1;
      for (const gene of record.genes) {
        const curie = geneCurie(gene.symbol);
        if (!genes.has(curie)) genes.set(curie, { ...gene, line: record.line });
      }
      for (const condition of record.conditions) {
        const object = conditionCurie(condition.ids);
        if (!object) {
          if (condition.ids.some((i) => PLACEHOLDER_CONDITIONS.has(i))) counts.placeholder_conditions++; else counts.conditions_without_id++;
          continue;
        }
        const mondo = mondoOf(object);
        const evidence = { file, line: record.line, reference: condition.rcv ?? variant, evidenceCode: record.reviewStatus };
        counts.variant_condition_claims++;
        counts[direction]++;
        if (mondo) counts.claims_mapped_to_mondo++;
        await writers.claim({
          subject: variant, predicate: VARIANT_ASSOCIATED_WITH, object, direction, mondoCurie: mondo,
          qualifiers: {
            clinical_significance: record.significance, ...(condition.name ? { condition_name: condition.name } : {}),
            condition_ids: condition.ids, ...(record.variantType ? { variant_type: record.variantType } : {}),
            ...(record.assembly ? { assembly: record.assembly } : {}), ...(record.location ? { location: record.location } : {}),
          },
          evidence,
        });
        if (direction !== 'supports') continue;
        for (const gene of record.genes) {
          counts.gene_claims++;
          await writers.claim({
            subject: object, predicate: ASSOCIATED_WITH_GENE, object: geneCurie(gene.symbol), direction: 'supports', mondoCurie: mondo,
            qualifiers: { via_variant: variant, clinical_significance: record.significance, ...(condition.name ? { condition_name: condition.name } : {}) },
            evidence,
          });
        }
      }
    };

    for await (const record of parseClinvar(filePath, meta)) {
      counts.rows++;
      if (record.assembly && SKIPPED_ASSEMBLIES.has(record.assembly) && meta.format === 'variant_summary') counts.rows_other_assembly++;
      else await loadRecord(record);
      if (counts.rows % PROGRESS_EVERY === 0) context.progress(file, counts.rows);
    }
    context.progress(file, counts.rows);
    for (const [curie, gene] of genes) {
      await terms.add([context.snapshotId, curie, gene.symbol, 'gene', null, [], gene.geneId ? [{ id: `NCBIGene:${gene.geneId}`, source: null }] : [], null, false, '', gene.line]);
    }
    await terms.flush();
    await writers.flush();
    counts.variants = variants.size;
    if (!index.snapshotId) context.warn('no active mondo snapshot: only conditions named by a MONDO id carry a mondo_curie (import mondo first to map OMIM/Orphanet ids)');
    if (counts.conditions_without_id > 0) context.warn(`${counts.conditions_without_id} condition(s) without any database id: no claim (names are never matched)`);
    return {
      version: meta.fileDate ?? null,
      counts: { ...writers.counts(), terms: terms.written, genes: genes.size, ...counts },
      details: {
        format: meta.format, file_date: meta.fileDate ?? null, reference: meta.reference ?? null, rows_by_significance: significance,
        skipped_assemblies: [...SKIPPED_ASSEMBLIES], mondo_mapping_snapshot_id: index.snapshotId,
      },
    };
  },
};
