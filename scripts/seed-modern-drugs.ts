// The modern-drug part of the seed slice (issue 25), for scripts/derive-seed.ts: for the seed diseases, the
// ChEMBL indications reached in phase 3 or approved (max_phase_for_ind >= 3) whose disease is a seed disease
// (its MONDO id, or an EFO id with exactly one exact MONDO match that is), those molecules with their salt
// forms and parents, their mechanisms and targets, names, UniChem rows, the DrugBank vocabulary rows that
// carry their names or DrugBank ids (every row carrying a name, so a name shared by several entries stays
// ambiguous as in the full file), the HGNC rows of their targets and of the seed genes, and the MONDO-EFO
// rows of the kept indications. Rows are copied unchanged, in file order (CRLF kept where the file has it).
import { saltParentName } from '../domain/biomed/compound-identity';
import { normalisedDrugName } from '../domain/biomed/drug-modality';

/** One CSV line into fields (quotes as RFC 4180; the files have no line breaks inside fields). */
export function csvFields(line: string): string[] {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const out: string[] = [];
  let i = 0;
  while (i <= text.length) {
    if (text[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new Error(`unclosed quote in: ${text}`);
        if (text[q + 1] === '"') { v += text.slice(i, q + 1); i = q + 2; continue; }
        v += text.slice(i, q); i = q + 2; break;
      }
      out.push(v);
    } else {
      const c = text.indexOf(',', i);
      const end = c < 0 ? text.length : c;
      out.push(text.slice(i, end)); i = end + 1;
    }
  }
  return out;
}

export interface DrugSlice { resource: string; rel: string; lines: string[]; description: string }

/** The slices, and the Entrez and Ensembl gene ids of the kept molecules' targets (HGNC rows matched by UniProt). */
export interface ModernDrugs { slices: DrugSlice[]; targetEntrez: Set<string>; targetEnsembl: Set<string> }

export function modernDrugSlices(read: (rel: string) => string[], seedMondos: ReadonlySet<string>, seedGenes: ReadonlySet<string>): ModernDrugs {
  const rows = (rel: string) => { const lines = read(rel); return { header: lines[0]!, data: lines.slice(1).map((l) => ({ l, c: csvFields(l) })) }; };
  const keep = (t: { header: string; data: { l: string }[] }, pick: (x: { l: string; c: string[] }) => boolean) => [t.header, ...(t.data as { l: string; c: string[] }[]).filter(pick).map((x) => x.l)];

  // EFO -> its one exact MONDO id.
  const efoSet = read('mondo/mondo_exactmatch_efo.sssom.tsv');
  const efoHeader = efoSet.findIndex((l) => !l.startsWith('#'));
  const efoMondos = new Map<string, Set<string>>();
  for (const l of efoSet.slice(efoHeader + 1)) {
    const [s, , p, o] = l.split('\t');
    if (p === 'skos:exactMatch' && s!.startsWith('MONDO:')) efoMondos.set(o!, new Set([...(efoMondos.get(o!) ?? []), s!]));
  }
  const seedDisease = (id: string) => seedMondos.has(id) || (efoMondos.get(id)?.size === 1 && seedMondos.has([...efoMondos.get(id)!][0]!));

  const indications = rows('chembl/indications.csv');
  const keptIndications = keep(indications, ({ c }) => Number(c[2]) >= 3 && seedDisease(c[0]!));
  const molecules = new Set(keptIndications.slice(1).map((l) => csvFields(l)[3]!));

  // Names, with salts of the kept molecules and parents of kept salts.
  const names = rows('chembl/chembl36-approved-drugs.csv');
  const nameOf = new Map(names.data.map((x) => [x.c[0]!, x.c[1]!]));
  const byName = new Map<string, string[]>();
  for (const [id, name] of nameOf) byName.set(normalisedDrugName(name), [...(byName.get(normalisedDrugName(name)) ?? []), id]);
  const keptNames = new Set([...molecules].filter((m) => nameOf.has(m)).map((m) => normalisedDrugName(nameOf.get(m)!)));
  for (const [id, name] of nameOf) {
    const parent = saltParentName(name);
    if (parent && keptNames.has(parent)) molecules.add(id); // a salt of a kept molecule
    if (parent && molecules.has(id)) for (const p of byName.get(parent) ?? []) molecules.add(p); // the parent of a kept salt
  }
  const allNames = new Set([...molecules].filter((m) => nameOf.has(m)).map((m) => normalisedDrugName(nameOf.get(m)!)));

  const mechanisms = keep(rows('chembl/mechanisms.csv'), ({ c }) => molecules.has(c[2]!));
  const targetIds = new Set(mechanisms.slice(1).map((l) => csvFields(l)[3]!));
  const targets = keep(rows('chembl/targets.csv'), ({ c }) => targetIds.has(c[0]!));
  const drugTargets = keep(rows('chembl/chembl36-approved-drug-targets.csv'), ({ c }) => molecules.has(c[0]!));
  const uniprots = new Set([...targets.slice(1).map((l) => csvFields(l)[2]!), ...drugTargets.slice(1).map((l) => csvFields(l)[1]!)].filter((u) => u !== ''));
  const keptNameRows = keep(names, ({ c }) => molecules.has(c[0]!));

  const unichemLines = read('chembl/unichem-chembl-drugbank.txt');
  const unichem = [unichemLines[0]!, ...unichemLines.slice(1).filter((l) => molecules.has(l.split('\t')[0]!.trim()))];
  const drugbankIds = new Set(unichem.slice(1).map((l) => l.split('\t')[1]!.trim()));

  const vocabulary = keep(rows('drugbank/drugbank_vocabulary.csv'), ({ c }) => drugbankIds.has(c[0]!) || allNames.has(normalisedDrugName(c[2]!))
    || c[5]!.split(' | ').some((s) => allNames.has(normalisedDrugName(s))));

  const hgnc = read('hgnc/hgnc_complete_set.txt.gz');
  const hh = hgnc[0]!.split('\t');
  const [entrezCol, uniprotCol, ensemblCol] = [hh.indexOf('entrez_id'), hh.indexOf('uniprot_ids'), hh.indexOf('ensembl_gene_id')];
  const targetEntrez = new Set<string>();
  const targetEnsembl = new Set<string>();
  const hgncSlice = [hgnc[0]!, ...hgnc.slice(1).filter((l) => {
    const c = l.split('\t');
    const isTarget = c[uniprotCol]!.replace(/"/g, '').split('|').some((u) => uniprots.has(u));
    if (isTarget && c[entrezCol]) targetEntrez.add(c[entrezCol]!);
    if (isTarget && c[ensemblCol]) targetEnsembl.add(c[ensemblCol]!);
    return seedGenes.has(c[entrezCol]!) || isTarget;
  })];

  const efoIds = new Set(keptIndications.slice(1).map((l) => csvFields(l)[0]!));
  const efoSlice = [...efoSet.slice(0, efoHeader + 1), ...efoSet.slice(efoHeader + 1).filter((l) => efoIds.has(l.split('\t')[3]!))];

  const slices = [
    { resource: 'hgnc', rel: 'hgnc/hgnc_complete_set.seed.txt.gz', lines: hgncSlice, description: 'HGNC complete set rows of the seed genes and of the seed drugs\' ChEMBL targets' },
    { resource: 'drugbank_vocabulary', rel: 'drugbank/drugbank_vocabulary.seed.csv', lines: vocabulary, description: 'DrugBank open vocabulary rows of the seed ChEMBL molecules (by UniChem id or exact name/synonym)' },
    { resource: 'chembl', rel: 'chembl/indications.seed.csv', lines: keptIndications, description: `ChEMBL indications with max_phase_for_ind >= 3 of the seed diseases (${molecules.size} molecules with salts and parents)` },
    { resource: 'chembl', rel: 'chembl/mechanisms.seed.csv', lines: mechanisms, description: 'ChEMBL mechanisms of those molecules' },
    { resource: 'chembl', rel: 'chembl/targets.seed.csv', lines: targets, description: 'ChEMBL targets of those mechanisms' },
    { resource: 'chembl', rel: 'chembl/chembl36-approved-drug-targets.seed.csv', lines: drugTargets, description: 'ChEMBL 36 approved-drug targets (UniProt) of those molecules' },
    { resource: 'chembl', rel: 'chembl/chembl36-approved-drugs.seed.csv', lines: keptNameRows, description: 'ChEMBL 36 approved-drug names of those molecules' },
    { resource: 'chembl', rel: 'chembl/unichem-chembl-drugbank.seed.txt', lines: unichem, description: 'UniChem ChEMBL -> DrugBank rows of those molecules' },
    { resource: 'chembl', rel: 'mondo/mondo_exactmatch_efo.seed.sssom.tsv', lines: efoSlice, description: 'MONDO exact MONDO-EFO rows of the kept indications\' EFO ids' },
  ];
  return { slices, targetEntrez, targetEnsembl };
}
