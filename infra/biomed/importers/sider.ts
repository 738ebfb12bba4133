// sider: SIDER 4.1 drug side effects (Kuhn et al., NAR 2016, doi:10.1093/nar/gkv1075; CC BY-NC-SA 4.0) as
// Compound -CAUSES-> SideEffect claims, the way Hetionet built its Compound–causes–SideEffect edges
// (Himmelstein et al., eLife 2017; dhimmel/SIDER4 SIDER4.ipynb, checked against its source):
// - Inputs in one command: meddra_all_se.tsv.gz, DrugBank's mapping/pubchem.tsv (CC BY-NC 4.0) and
//   optionally meddra_freq.tsv.gz for the frequency qualifiers.
// - Compound join: the STITCH **stereo** id (CID0…) is the PubChem CID as is (Hetionet's
//   stitch_stereo_to_pubchem; SIDER's README: flat ids are the CID + 100,000,000), and the CID -> DrugBank
//   through pubchem.tsv. A compound whose CID has no DrugBank id is counted and skipped (one warning with
//   the count); a CID with several DrugBank ids (salt forms, UniChem's many-to-one) gives a claim for
//   EACH (as Hetionet's merge does), counted.
// - Side effect: the UMLS id of the MedDRA term (column 5) of every row that has one, LLT and PT rows
//   alike, as Hetionet (its side-effect nodes are these ids; it does not filter on PT). The rows whose
//   concept is neither LLT nor PT carry no MedDRA UMLS id and are counted and skipped (Hetionet's
//   dropna()). Each distinct id is a term `UMLS:C…` of kind `side_effect`, label the name, empty search
//   text.
// - One claim per (DrugBank compound, side effect) pair: `DRUGBANK:DB…` CAUSES `UMLS:C…`, supports.
//   Qualifiers: meddra_type (the types the pair's rows carry), side_effect_name, stitch_flat,
//   stitch_stereo, pubchem_cid (all the pair's rows), frequency and placebo_frequency from meddra_freq
//   (kept apart: placebo rows never mix with the drug's), source, license. Evidence link: the pair's
//   first meddra_all_se line, reference the SIDER 4 paper, evidence code its MedDRA type.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { parsePubchemMapping, parseSiderFrequencies, parseSiderSideEffects, SiderFrequencyRow, SiderSideEffectRow, stitchToPubchem } from '../parsers/sider';
import { BulkInserter } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { ImportContext, ResourceImporter } from './importer';
import { PLAIN_TERM_COLUMNS, plainTermRow, RowSkips } from './importer-support';
import { drugbankCurie } from './pharmacotherapydb';

export const CAUSES = 'CAUSES';
export const SIDER_SOURCE = 'SIDER 4.1';
export const SIDER_LICENSE = 'CC BY-NC-SA 4.0';
export const DRUGBANK_MAPPING_LICENSE = 'CC BY-NC 4.0';
export const SIDER_DOI = 'doi:10.1093/nar/gkv1075';
export const umlsCurie = (cui: string) => `UMLS:${cui}`;

/** Frequencies of one pair from meddra_freq: distinct texts in file order, smallest lower and largest upper bound. */
export interface FrequencySummary { texts: string[]; lower: number; upper: number }

interface Pair {
  drugbankId: string; umls: string; name: string; line: number; evidenceType: string;
  types: string[]; flat: string[]; stereo: string[];
  frequency: FrequencySummary | null; placebo: FrequencySummary | null;
}

const pushNew = <V>(list: V[], value: V) => { if (!list.includes(value)) list.push(value); };
/** The list with the value added when new, as a new exact-size array (150k pairs: push() would reserve 17 slots each). */
const withNew = <V>(list: V[], value: V): V[] => (list.includes(value) ? list : [...list, value]);

function addFrequency(summary: FrequencySummary | null, row: SiderFrequencyRow): FrequencySummary {
  if (!summary) return { texts: [row.frequency], lower: row.lower, upper: row.upper };
  summary.texts = withNew(summary.texts, row.frequency);
  if (row.lower < summary.lower) summary.lower = row.lower;
  if (row.upper > summary.upper) summary.upper = row.upper;
  return summary;
}

/** PubChem CID -> DrugBank ids, from pubchem.tsv. */
async function readPubchemMapping(file: string, context: ImportContext): Promise<{ byCid: Map<string, string[]>; rows: number; skipped: number }> {
  const skips = new RowSkips(path.basename(file), context.warn);
  const byCid = new Map<string, string[]>();
  let rows = 0;
  for await (const batch of parsePubchemMapping(file, skips.handler)) {
    for (const row of batch) {
      rows++;
      const list = byCid.get(row.pubchemCid);
      if (list) pushNew(list, row.drugbankId); else byCid.set(row.pubchemCid, [row.drugbankId]);
    }
  }
  skips.summarize();
  return { byCid, rows, skipped: skips.count };
}

class SiderJoin {
  readonly pairs = new Map<string, Pair>();
  readonly sideEffects = new Map<string, { name: string; line: number }>();
  readonly mappedCompounds = new Set<string>();
  readonly unmappedCompounds = new Set<string>();
  readonly multiMapped = new Set<string>();
  readonly unmappedButFlatMaps = new Set<string>();
  readonly counts = { se_rows: 0, rows_without_meddra_id: 0, rows_of_unmapped_compounds: 0, side_effect_name_conflicts: 0, freq_rows: 0, freq_rows_without_meddra_id: 0, freq_rows_of_unmapped_compounds: 0, freq_rows_without_pair: 0, freq_placebo_rows: 0 };

  constructor(private readonly byCid: Map<string, string[]>, private readonly context: ImportContext, private readonly seFile: string) {}

  private drugbankIds(stereo: string, flat: string): string[] | undefined {
    const ids = this.byCid.get(String(stitchToPubchem(stereo)));
    if (ids) {
      this.mappedCompounds.add(stereo);
      if (ids.length > 1) this.multiMapped.add(stereo);
    } else {
      this.unmappedCompounds.add(stereo);
      if (this.byCid.has(String(stitchToPubchem(flat)))) this.unmappedButFlatMaps.add(stereo);
    }
    return ids;
  }

  sideEffect(row: SiderSideEffectRow): void {
    this.counts.se_rows++;
    const dbs = this.drugbankIds(row.stitchStereo, row.stitchFlat);
    if (row.umlsMeddra === null) { this.counts.rows_without_meddra_id++; return; }
    const known = this.sideEffects.get(row.umlsMeddra);
    if (!known) this.sideEffects.set(row.umlsMeddra, { name: row.name, line: row.line });
    else if (known.name !== row.name && ++this.counts.side_effect_name_conflicts <= 5) {
      this.context.warn(`${this.seFile} line ${row.line}: ${umlsCurie(row.umlsMeddra)} is named '${row.name}', earlier '${known.name}'; the term keeps the first`);
    }
    if (!dbs) { this.counts.rows_of_unmapped_compounds++; return; }
    for (const drugbankId of dbs) {
      const key = `${drugbankId}\t${row.umlsMeddra}`;
      let pair = this.pairs.get(key);
      if (!pair) {
        pair = { drugbankId, umls: row.umlsMeddra, name: row.name, line: row.line, evidenceType: row.meddraType, types: [row.meddraType], flat: [row.stitchFlat], stereo: [row.stitchStereo], frequency: null, placebo: null };
        this.pairs.set(key, pair);
        continue;
      }
      pair.types = withNew(pair.types, row.meddraType);
      pair.flat = withNew(pair.flat, row.stitchFlat);
      pair.stereo = withNew(pair.stereo, row.stitchStereo);
    }
  }

  frequency(row: SiderFrequencyRow): void {
    this.counts.freq_rows++;
    if (row.placebo) this.counts.freq_placebo_rows++;
    if (row.umlsMeddra === null) { this.counts.freq_rows_without_meddra_id++; return; }
    const dbs = this.byCid.get(String(stitchToPubchem(row.stitchStereo)));
    if (!dbs) { this.counts.freq_rows_of_unmapped_compounds++; return; }
    let matched = false;
    for (const drugbankId of dbs) {
      const pair = this.pairs.get(`${drugbankId}\t${row.umlsMeddra}`);
      if (!pair) continue;
      matched = true;
      if (row.placebo) pair.placebo = addFrequency(pair.placebo, row);
      else pair.frequency = addFrequency(pair.frequency, row);
    }
    if (!matched) this.counts.freq_rows_without_pair++;
  }
}

function qualifiersOf(pair: Pair): Record<string, unknown> {
  return {
    meddra_type: [...pair.types].sort(), side_effect_name: pair.name, stitch_flat: pair.flat, stitch_stereo: pair.stereo, pubchem_cid: pair.stereo.map((id) => stitchToPubchem(id)),
    frequency: pair.frequency, placebo_frequency: pair.placebo, source: SIDER_SOURCE, license: SIDER_LICENSE,
  };
}

function classify(paths: readonly string[]) {
  const se = paths.filter((p) => /meddra_all_se/i.test(path.basename(p)));
  const freq = paths.filter((p) => /meddra_freq/i.test(path.basename(p)));
  const mapping = paths.filter((p) => /pubchem/i.test(path.basename(p)));
  if (se.length !== 1 || freq.length > 1 || mapping.length !== 1 || se.length + freq.length + mapping.length !== paths.length) {
    throw new ImportRefusedError('bad_input', 'sider takes meddra_all_se.tsv[.gz], DrugBank\'s PubChem mapping (mapping-pubchem.tsv) and optionally meddra_freq.tsv[.gz]');
  }
  return [{ path: se[0]!, role: 'annotations' as const }, ...freq.map((p) => ({ path: p, role: 'annotations' as const })), { path: mapping[0]!, role: 'mappings' as const }];
}

export const siderImporter: ResourceImporter = {
  resource: 'sider',
  classify,
  async load(context) {
    const sePath = context.artifacts.find((a) => /meddra_all_se/i.test(a.file))!.path;
    const freqPath = context.artifacts.find((a) => /meddra_freq/i.test(a.file))?.path ?? null;
    const mappingPath = context.artifacts.find((a) => a.role === 'mappings')!.path;
    const seFile = path.basename(sePath);
    const mapping = await readPubchemMapping(mappingPath, context);
    const join = new SiderJoin(mapping.byCid, context, seFile);

    const seSkips = new RowSkips(seFile, context.warn);
    for await (const batch of parseSiderSideEffects(sePath, seSkips.handler)) {
      for (const row of batch) join.sideEffect(row);
      context.progress(seFile, join.counts.se_rows);
    }
    seSkips.summarize();
    const freqSkips = freqPath ? new RowSkips(path.basename(freqPath), context.warn) : null;
    if (freqPath) {
      for await (const batch of parseSiderFrequencies(freqPath, freqSkips!.handler)) {
        for (const row of batch) join.frequency(row);
        context.progress(path.basename(freqPath), join.counts.freq_rows);
      }
      freqSkips!.summarize();
    } else {
      context.warn('no meddra_freq file given: claims carry no frequency qualifiers');
    }

    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, PLAIN_TERM_COLUMNS);
    const claimed = new Set<string>();
    const drugs = new Set<string>();
    let withFrequency = 0;
    let withPlacebo = 0;
    for (const pair of join.pairs.values()) {
      claimed.add(pair.umls);
      drugs.add(pair.drugbankId);
      if (pair.frequency) withFrequency++;
      if (pair.placebo) withPlacebo++;
      const p = writers.claim({
        subject: drugbankCurie(pair.drugbankId), predicate: CAUSES, object: umlsCurie(pair.umls), direction: 'supports', mondoCurie: null,
        qualifiers: qualifiersOf(pair), evidence: { file: seFile, line: pair.line, reference: SIDER_DOI, evidenceCode: pair.evidenceType },
      });
      if (p) await p;
    }
    for (const [cui, se] of join.sideEffects) {
      const p = terms.add(plainTermRow(context.snapshotId, umlsCurie(cui), se.name, 'side_effect', se.line));
      if (p) await p;
    }
    await terms.flush();
    await writers.flush();

    if (join.unmappedCompounds.size > 0) {
      context.warn(`${join.unmappedCompounds.size} SIDER compound(s) (stereo STITCH ids, ${join.counts.rows_of_unmapped_compounds} rows) have no DrugBank id through ${path.basename(mappingPath)}: skipped`);
    }
    if (join.multiMapped.size > 0) context.warn(`${join.multiMapped.size} SIDER compound(s) map to several DrugBank ids: each DrugBank id gets its own claims`);
    if (join.counts.rows_without_meddra_id > 0) context.warn(`${join.counts.rows_without_meddra_id} ${seFile} row(s) name a term that is neither LLT nor PT and give no MedDRA UMLS id: skipped`);
    const written = writers.counts();
    const pinned = context.artifacts.every((a) => a.pinned?.form === 'full');
    return {
      version: null,
      counts: {
        ...written, terms: terms.written, rows: join.counts.se_rows, rows_skipped_malformed: seSkips.count,
        rows_without_meddra_id: join.counts.rows_without_meddra_id, rows_of_unmapped_compounds: join.counts.rows_of_unmapped_compounds,
        compounds: join.mappedCompounds.size + join.unmappedCompounds.size, compounds_mapped: join.mappedCompounds.size, compounds_unmapped: join.unmappedCompounds.size,
        compounds_with_several_drugbank_ids: join.multiMapped.size, unmapped_compounds_whose_flat_id_maps: join.unmappedButFlatMaps.size,
        drugbank_compounds: drugs.size, side_effects: join.sideEffects.size, side_effects_with_claims: claimed.size, side_effect_name_conflicts: join.counts.side_effect_name_conflicts,
        causes_claims: join.pairs.size, claims_with_frequency: withFrequency, claims_with_placebo_frequency: withPlacebo,
        ...(freqPath ? {
          freq_rows: join.counts.freq_rows, freq_rows_skipped_malformed: freqSkips!.count, freq_placebo_rows: join.counts.freq_placebo_rows,
          freq_rows_without_meddra_id: join.counts.freq_rows_without_meddra_id, freq_rows_of_unmapped_compounds: join.counts.freq_rows_of_unmapped_compounds,
          freq_rows_without_pair: join.counts.freq_rows_without_pair,
        } : {}),
        mapping_rows: mapping.rows, mapping_rows_skipped: mapping.skipped, mapping_pubchem_cids: mapping.byCid.size,
      },
      details: {
        source: { name: SIDER_SOURCE, release: pinned ? '4.1 (dhimmel/SIDER4 download @ be3adebc)' : null, license: SIDER_LICENSE, doi: SIDER_DOI },
        drugbank_mapping: { file: path.basename(mappingPath), license: DRUGBANK_MAPPING_LICENSE },
        compound_join: 'STITCH stereo id (CID0…) = PubChem CID -> DrugBank (Hetionet\'s choice); flat ids kept as qualifiers',
        side_effect_level: 'UMLS id of the MedDRA term of LLT and PT rows alike (Hetionet\'s choice)',
        non_commercial: 'SIDER (CC BY-NC-SA 4.0) and the DrugBank mapping (CC BY-NC 4.0) are non-commercial licenses: this service is research-only',
      },
    };
  },
};
