// SIDER 4.1 side-effect files and DrugBank's PubChem mapping, streamed line by line (never a whole file
// as one string; gzip detected by its magic bytes):
// - meddra_all_se.tsv[.gz], no header, 6 columns: STITCH flat id (CID1…), STITCH stereo id (CID0…), UMLS id
//   of the term on the label, MedDRA concept type (LLT, PT; empty for the few terms that are neither),
//   UMLS id of the MedDRA term (empty with an empty type), side-effect name;
// - meddra_freq.tsv[.gz], no header, 10 columns: flat id, stereo id, UMLS id on the label, 'placebo' or
//   empty, frequency text ('postmarketing', 'rare', '21%', …), lower bound, upper bound, then the MedDRA
//   type, UMLS id and name as in meddra_all_se;
// - DrugBank's mapping/pubchem.tsv (dhimmel/drugbank): header `drugbank_id <TAB> pubchem_id`, CRLF lines.
// A row that does not have this shape (column count, id patterns, a bound that is not a number) is not
// guessed at: it goes to `onSkip(line, reason)` and the caller counts and warns. A mapping file without
// its header fails with a ParseError naming the file (it is then not the file this importer joins on).
import path from 'node:path';
import { ParseError, readLineBatches, SkipHandler } from './line-reader';

export interface SiderSideEffectRow {
  line: number;
  stitchFlat: string;
  stitchStereo: string;
  umlsLabel: string;
  /** 'LLT', 'PT' or '' (neither). */
  meddraType: string;
  /** UMLS id of the MedDRA term, null when the file gives none (the rows whose type is neither LLT nor PT). */
  umlsMeddra: string | null;
  name: string;
}

export interface SiderFrequencyRow {
  line: number;
  stitchFlat: string;
  stitchStereo: string;
  umlsLabel: string;
  placebo: boolean;
  frequency: string;
  lower: number;
  upper: number;
  meddraType: string;
  umlsMeddra: string | null;
  name: string;
}

export interface PubchemMappingRow { line: number; drugbankId: string; pubchemCid: string }

const FLAT = /^CID1\d{8}$/;
const STEREO = /^CID0\d{8}$/;
const UMLS = /^C\d{7}$/;
const MEDDRA_TYPES = new Set(['LLT', 'PT', '']);
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * PubChem CID of a STITCH compound id, as SIDER's README says (label_mapping: "take absolute value, for flat
 * compound ids subtract 100000000"): flat CID1xxxxxxxx -> the number minus 100,000,000; stereo CID0xxxxxxxx
 * -> the number. Null for anything else.
 */
export function stitchToPubchem(stitchId: string): number | null {
  if (FLAT.test(stitchId)) return Number(stitchId.slice(3)) - 100_000_000;
  if (STEREO.test(stitchId)) return Number(stitchId.slice(3));
  return null;
}

/** Shape problem of the STITCH / MedDRA columns shared by both SIDER files, or null. */
function siderIdProblem(flat: string, stereo: string, umlsLabel: string, type: string, umlsMeddra: string): string | null {
  if (!FLAT.test(flat)) return `flat STITCH id '${flat}' is not CID1 + 8 digits`;
  if (!STEREO.test(stereo)) return `stereo STITCH id '${stereo}' is not CID0 + 8 digits`;
  if (!UMLS.test(umlsLabel)) return `label UMLS id '${umlsLabel}' is not C + 7 digits`;
  if (!MEDDRA_TYPES.has(type)) return `MedDRA concept type '${type}' is none of LLT, PT or empty`;
  if (umlsMeddra !== '' && !UMLS.test(umlsMeddra)) return `MedDRA UMLS id '${umlsMeddra}' is not C + 7 digits`;
  if (type !== '' && umlsMeddra === '') return `MedDRA type ${type} without a MedDRA UMLS id`;
  return null;
}

export async function* parseSiderSideEffects(file: string, onSkip: SkipHandler): AsyncGenerator<SiderSideEffectRow[]> {
  let line = 0;
  for await (const batch of readLineBatches(file)) {
    const out: SiderSideEffectRow[] = [];
    for (const text of batch) {
      line++;
      if (text === '') continue;
      const c = text.split('\t');
      if (c.length !== 6) { onSkip(line, `expected 6 tab-separated columns, found ${c.length}`); continue; }
      const problem = siderIdProblem(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!);
      if (problem) { onSkip(line, problem); continue; }
      out.push({ line, stitchFlat: c[0]!, stitchStereo: c[1]!, umlsLabel: c[2]!, meddraType: c[3]!, umlsMeddra: c[4] === '' ? null : c[4]!, name: c[5]! });
    }
    if (out.length > 0) yield out;
  }
}

export async function* parseSiderFrequencies(file: string, onSkip: SkipHandler): AsyncGenerator<SiderFrequencyRow[]> {
  let line = 0;
  for await (const batch of readLineBatches(file)) {
    const out: SiderFrequencyRow[] = [];
    for (const text of batch) {
      line++;
      if (text === '') continue;
      const c = text.split('\t');
      if (c.length !== 10) { onSkip(line, `expected 10 tab-separated columns, found ${c.length}`); continue; }
      const problem = siderIdProblem(c[0]!, c[1]!, c[2]!, c[7]!, c[8]!);
      if (problem) { onSkip(line, problem); continue; }
      if (c[3] !== '' && c[3] !== 'placebo') { onSkip(line, `placebo column '${c[3]}' is neither 'placebo' nor empty`); continue; }
      if (!NUMBER.test(c[5]!) || !NUMBER.test(c[6]!)) { onSkip(line, `frequency bounds '${c[5]}' / '${c[6]}' are not numbers`); continue; }
      out.push({
        line, stitchFlat: c[0]!, stitchStereo: c[1]!, umlsLabel: c[2]!, placebo: c[3] === 'placebo', frequency: c[4]!,
        lower: Number(c[5]), upper: Number(c[6]), meddraType: c[7]!, umlsMeddra: c[8] === '' ? null : c[8]!, name: c[9]!,
      });
    }
    if (out.length > 0) yield out;
  }
}

/** DrugBank's pubchem.tsv: rows `DB… <TAB> <CID>`; other rows are skipped through onSkip. */
export async function* parsePubchemMapping(file: string, onSkip: SkipHandler): AsyncGenerator<PubchemMappingRow[]> {
  let line = 0;
  let header = false;
  for await (const batch of readLineBatches(file)) {
    const out: PubchemMappingRow[] = [];
    for (const text of batch) {
      line++;
      if (text === '') continue;
      const c = text.split('\t');
      if (!header) {
        if (c[0] !== 'drugbank_id' || c[1] !== 'pubchem_id') {
          throw new ParseError(path.basename(file), line, 'expected the header "drugbank_id <TAB> pubchem_id" (DrugBank mapping/pubchem.tsv)');
        }
        header = true;
        continue;
      }
      if (c.length !== 2 || !/^DB\d{5}$/.test(c[0]!) || !/^\d+$/.test(c[1]!)) { onSkip(line, 'expected "DB<5 digits> <TAB> <PubChem CID>"'); continue; }
      out.push({ line, drugbankId: c[0]!, pubchemCid: c[1]! });
    }
    if (out.length > 0) yield out;
  }
  if (!header) throw new ParseError(path.basename(file), line, 'empty file: expected the header "drugbank_id <TAB> pubchem_id"');
}
