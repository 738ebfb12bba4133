// Streaming readers of ClinVar's two download forms, both yielding one ClinvarRecord per variant row:
// - variant_summary.txt[.gz]: tab-separated, header line "#AlleleID\tType\tName...", columns found by
//   name (ClinVar adds columns over time); conditions are the "|"-separated groups of PhenotypeIDS
//   (ids of one condition separated by ",") aligned with PhenotypeList and RCVaccession;
// - clinvar.vcf[.gz]: "##" meta lines, the "#CHROM" header, then CHROM POS ID REF ALT QUAL FILTER INFO
//   with ID = the VariationID and INFO keys ALLELEID, CLNSIG, CLNREVSTAT, CLNDN, CLNDISDB, GENEINFO,
//   RS, CLNHGVS, CLNVC ("_" stands for a space in the INFO values).
// Condition ids are only the record's own cross-references, normalised to CURIEs here.
import { ParseError, readLineBatches } from './line-reader';

export interface ClinvarCondition { ids: string[]; name: string | null; rcv: string | null }

export interface ClinvarRecord {
  line: number;
  variationId: string;
  alleleId: string | null;
  name: string | null;
  variantType: string | null;
  genes: { symbol: string; geneId: string | null }[];
  /** As written (VCF underscores turned into spaces). */
  significance: string;
  reviewStatus: string | null;
  conditions: ClinvarCondition[];
  rsId: string | null;
  assembly: string | null;
  location: string | null;
}

export interface ClinvarMeta { format?: 'variant_summary' | 'vcf'; fileDate?: string; reference?: string; source?: string }

/** A ClinVar database:id cross-reference as a CURIE (MONDO:MONDO:0000001 -> MONDO:0000001, MedGen:C1 -> MEDGEN:C1). */
export function clinvarConditionCurie(raw: string): string | null {
  const text = raw.trim();
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) return null;
  const db = text.slice(0, colon);
  const rest = text.slice(colon + 1);
  switch (db.toLowerCase()) {
    case 'mondo': return rest.startsWith('MONDO:') ? rest : `MONDO:${rest}`;
    case 'human_phenotype_ontology': case 'hp': return rest.startsWith('HP:') ? rest : `HP:${rest}`;
    case 'omim': return `OMIM:${rest}`;
    case 'orphanet': return `Orphanet:${rest.replace(/^ORPHA:?/i, '')}`;
    case 'medgen': return `MEDGEN:${rest}`;
    case 'mesh': return `MESH:${rest}`;
    case 'efo': return `EFO:${rest.replace(/^EFO[:_]/, '')}`;
    default: return `${db}:${rest}`;
  }
}

function idsOf(group: string): string[] {
  return group.split(',').map(clinvarConditionCurie).filter((id): id is string => id !== null);
}

const present = (value: string | undefined): string | null => (value === undefined || value === '' || value === '-' || value === 'na' || value === '-1' ? null : value);

// ---------------------------------------------------------------- variant_summary

const SUMMARY_COLUMNS = {
  alleleId: '#AlleleID', type: 'Type', name: 'Name', geneId: 'GeneID', geneSymbol: 'GeneSymbol', significance: 'ClinicalSignificance',
  rs: 'RS# (dbSNP)', rcv: 'RCVaccession', phenotypeIds: 'PhenotypeIDS', phenotypeList: 'PhenotypeList', assembly: 'Assembly',
  chromosome: 'Chromosome', start: 'Start', reviewStatus: 'ReviewStatus', variationId: 'VariationID',
} as const;
type SummaryKey = keyof typeof SUMMARY_COLUMNS;

function summaryGenes(symbols: string | undefined, geneId: string | undefined): ClinvarRecord['genes'] {
  const names = (present(symbols) ?? '').split(';').map((s) => s.trim()).filter((s) => s && s !== '-' && !/^(subset of|covers)\b/i.test(s));
  return names.map((symbol) => ({ symbol, geneId: names.length === 1 ? present(geneId) : null }));
}

async function* parseSummary(path: string, lines: AsyncGenerator<string[]>, first: { line: string; no: number }): AsyncGenerator<ClinvarRecord> {
  const header = first.line.split('\t');
  const index = {} as Record<SummaryKey, number>;
  for (const [key, name] of Object.entries(SUMMARY_COLUMNS) as [SummaryKey, string][]) {
    const at = header.indexOf(name);
    if (at < 0) throw new ParseError(path, first.no, `variant_summary header lacks the column "${name}"`);
    index[key] = at;
  }
  let lineNo = first.no;
  for await (const batch of lines) for (const line of batch) {
    lineNo++;
    if (line.length === 0) continue;
    const cells = line.split('\t');
    if (cells.length !== header.length) throw new ParseError(path, lineNo, `expected ${header.length} tab-separated columns, found ${cells.length}`);
    const cell = (key: SummaryKey) => cells[index[key]]!;
    const variationId = cell('variationId');
    if (!/^\d+$/.test(variationId)) throw new ParseError(path, lineNo, `VariationID "${variationId}" is not a number`);
    const ids = (present(cell('phenotypeIds')) ?? '').split('|');
    const names = cell('phenotypeList').split('|');
    const rcvs = cell('rcv').split('|');
    const conditions = present(cell('phenotypeIds')) === null ? [] : ids.map((group, i) => ({
      ids: idsOf(group), name: present(names.length === ids.length ? names[i] : undefined) ?? null, rcv: rcvs.length === ids.length ? rcvs[i]! : null,
    }));
    const rs = present(cell('rs'));
    const chromosome = present(cell('chromosome'));
    yield {
      line: lineNo, variationId, alleleId: present(cell('alleleId')), name: present(cell('name')), variantType: present(cell('type')),
      genes: summaryGenes(cell('geneSymbol'), cell('geneId')), significance: cell('significance'), reviewStatus: present(cell('reviewStatus')),
      conditions, rsId: rs ? `rs${rs}` : null, assembly: present(cell('assembly')),
      location: chromosome ? `${chromosome}:${cell('start')}` : null,
    };
  }
}

// ---------------------------------------------------------------- VCF

const VCF_COLUMNS = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO'];
const unescape = (value: string) => value.replace(/_/g, ' ');

function infoOf(field: string): Map<string, string> {
  const info = new Map<string, string>();
  for (const entry of field.split(';')) {
    const eq = entry.indexOf('=');
    if (eq > 0) info.set(entry.slice(0, eq), entry.slice(eq + 1));
    else if (entry) info.set(entry, '');
  }
  return info;
}

async function* parseVcf(path: string, lines: AsyncGenerator<string[]>, first: { line: string; no: number }, meta: ClinvarMeta): AsyncGenerator<ClinvarRecord> {
  let lineNo = first.no - 1;
  let header = false;
  const pending = [[first.line]];
  const all = async function* () { yield* pending; yield* lines; };
  for await (const batch of all()) for (const line of batch) {
    lineNo++;
    if (line.length === 0) continue;
    if (line.startsWith('##')) {
      const eq = line.indexOf('=');
      const key = line.slice(2, eq);
      if (key === 'fileDate') meta.fileDate = line.slice(eq + 1);
      else if (key === 'reference') meta.reference = line.slice(eq + 1);
      else if (key === 'source') meta.source = line.slice(eq + 1);
      continue;
    }
    if (line.startsWith('#')) {
      const columns = line.split('\t');
      if (VCF_COLUMNS.some((c, i) => columns[i] !== c)) throw new ParseError(path, lineNo, `VCF header must start with ${VCF_COLUMNS.join(' ')}`);
      header = true;
      continue;
    }
    if (!header) throw new ParseError(path, lineNo, 'VCF data line before the #CHROM header line');
    const cells = line.split('\t');
    if (cells.length < 8) throw new ParseError(path, lineNo, `expected 8 tab-separated VCF columns (CHROM POS ID REF ALT QUAL FILTER INFO), found ${cells.length}`);
    const [chrom, pos, id, ref, alt, , , infoField] = cells as [string, string, string, string, string, string, string, string];
    if (!/^\d+$/.test(pos)) throw new ParseError(path, lineNo, `POS "${pos}" is not a number`);
    if (!/^\d+$/.test(id)) throw new ParseError(path, lineNo, `ID "${id}" is not a ClinVar VariationID`);
    const info = infoOf(infoField);
    const dbs = (info.get('CLNDISDB') ?? '').split('|');
    const names = (info.get('CLNDN') ?? '').split('|');
    const conditions = info.has('CLNDISDB') ? dbs.map((group, i) => ({
      ids: idsOf(group), name: names.length === dbs.length && names[i] ? unescape(names[i]!) : null, rcv: null,
    })) : [];
    const genes = (info.get('GENEINFO') ?? '').split('|').filter(Boolean).map((g) => {
      const colon = g.lastIndexOf(':');
      return colon > 0 ? { symbol: g.slice(0, colon), geneId: g.slice(colon + 1) || null } : { symbol: g, geneId: null };
    });
    const rs = info.get('RS');
    yield {
      line: lineNo, variationId: id, alleleId: info.get('ALLELEID') ?? null, name: info.get('CLNHGVS') ?? `${chrom}:${pos}${ref}>${alt}`,
      variantType: info.has('CLNVC') ? unescape(info.get('CLNVC')!) : null, genes,
      significance: unescape(info.get('CLNSIG') ?? 'not provided'), reviewStatus: info.has('CLNREVSTAT') ? unescape(info.get('CLNREVSTAT')!) : null,
      conditions, rsId: rs ? `rs${rs.split('|')[0]}` : null, assembly: meta.reference ?? null, location: `${chrom}:${pos}`,
    };
  }
  if (!header) throw new ParseError(path, lineNo, 'no #CHROM header line found');
}

/**
 * Records of a ClinVar file, its form told by its first line: "##fileformat=VCF..." or the
 * "#AlleleID" header of variant_summary. Anything else is refused.
 */
export async function* parseClinvar(path: string, meta: ClinvarMeta = {}): AsyncGenerator<ClinvarRecord> {
  const lines = readLineBatches(path);
  let no = 0;
  for await (const batch of lines) {
    for (let i = 0; i < batch.length; i++) {
      no++;
      const line = batch[i]!;
      if (line.length === 0) continue;
      const rest = async function* () { if (i + 1 < batch.length) yield batch.slice(i + 1); yield* lines; };
      if (line.startsWith('#AlleleID\t')) { meta.format = 'variant_summary'; yield* parseSummary(path, rest(), { line, no }); return; }
      if (line.startsWith('##fileformat=VCF')) { meta.format = 'vcf'; yield* parseVcf(path, rest(), { line, no }, meta); return; }
      throw new ParseError(path, no, 'not a ClinVar file: expected the variant_summary header "#AlleleID\\t..." or "##fileformat=VCF" on the first line');
    }
  }
  throw new ParseError(path, no, 'empty file: no ClinVar header');
}
