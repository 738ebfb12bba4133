// chembl: ChEMBL drug mechanisms, targets and indications (CC BY-SA 3.0) as compound facts:
// - TARGETS compound -> UNIPROT:<accession>, one claim per distinct (molecule, accession) pair read from the
//   mechanisms (drug_mechanism joined to the targets table: single-protein targets) and from the
//   approved-drug targets file (mechanisms flattened to UniProt, protein complexes and families included),
//   every row an evidence link; qualifiers action_types and mechanisms as ChEMBL writes them, the molecule,
//   and its salt parent. Genes land on NCBIGene nodes in the knowledge graph through HGNC's exact
//   UniProt mappings (hgnc importer).
// - Indications: APPROVED_FOR (max_phase_for_ind 4) / STUDIED_FOR (1-3) compound -> disease, one claim
//   per row, qualifier max_phase; EFO (and DOID) ids go to MONDO when exactly one MONDO id is their
//   skos:exactMatch in the SSSOM sets given, else stay as they are. Never TREATS: PharmacotherapyDB's
//   curated indications stay apart (and link prediction's labels with them).
// - Compound identity (domain/biomed/compound-identity.ts): salts to parents, UniChem, exact DrugBank
//   vocabulary names; every join is a mapping row (DRUGBANK:x skos:exactMatch CHEMBL:y; a salt
//   CHEMBL:parent skos:narrowMatch CHEMBL:salt), unjoined molecules are CHEMBL:<id> nodes. Counts of
//   joined / unjoined compounds are in the report.
// - Terms: a `drug` term CHEMBL:<id> per named molecule (ChEMBL name), with a `modality` attribute.
import path from 'node:path';
import { compoundResolver, ResolvedCompound } from '../../../domain/biomed/compound-identity';
import { drugModality, normalisedDrugName } from '../../../domain/biomed/drug-modality';
import { ImportRefusedError } from '../artifacts';
import { parseChemblDrugTargets, parseChemblIndications, parseChemblMechanisms, parseChemblNames, parseChemblTargets, parseUnichemChemblDrugbank } from '../parsers/chembl';
import { parseDrugbankVocabulary } from '../parsers/drugbank-vocabulary';
import { parseSssom } from '../parsers/sssom';
import { BulkInserter } from '../store/bulk-insert';
import { EvidenceRef, SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { DRUG_TERM_COLUMNS, increment, skippedRows, TERM_ATTRIBUTE_COLUMNS } from './drug-tables';
import { uniprotCurie } from './hgnc';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { EXACT_MATCH } from './mondo';
import { TERM_ATTRIBUTES } from './openfda';

export const CHEMBL_SOURCE = 'ChEMBL';
export const CHEMBL_LICENSE = 'CC BY-SA 3.0';
export const APPROVED_FOR = 'APPROVED_FOR';
export const STUDIED_FOR = 'STUDIED_FOR';

type Role = 'mechanisms' | 'targets' | 'indications' | 'names' | 'drug_targets' | 'unichem' | 'vocabulary' | 'sssom';

function roleOf(file: string): Role | null {
  const name = path.basename(file).toLowerCase();
  if (name.endsWith('.sssom.tsv')) return 'sssom';
  if (name.includes('unichem')) return 'unichem';
  if (name.includes('drugbank_vocabulary')) return 'vocabulary';
  if (!name.endsWith('.csv')) return null;
  if (name.includes('mechanism')) return 'mechanisms';
  if (name.includes('indication')) return 'indications';
  if (name.includes('approved-drug-targets')) return 'drug_targets';
  if (name.includes('approved-drugs')) return 'names';
  if (name.includes('targets')) return 'targets';
  return null;
}

const mapOfSets = () => new Map<string, Set<string>>();
function addTo(map: Map<string, Set<string>>, key: string, value: string) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

interface TargetClaim { subject: string; object: string; molecule: string; actionTypes: string[]; mechanisms: string[]; evidence: EvidenceRef[]; resolved: ResolvedCompound }

export const chemblImporter: ResourceImporter = {
  resource: 'chembl',
  classify(paths) {
    const roles = paths.map((p) => ({ path: p, role: roleOf(p) }));
    const unknown = roles.filter((r) => r.role === null);
    if (unknown.length > 0) throw new ImportRefusedError('bad_input', `chembl does not know what ${unknown.map((u) => path.basename(u.path)).join(', ')} is; it takes mechanisms.csv + targets.csv, *approved-drug-targets*.csv, indications.csv, *approved-drugs*.csv, unichem*.txt, drugbank_vocabulary.csv and .sssom.tsv sets`);
    const count = (role: Role) => roles.filter((r) => r.role === role).length;
    for (const role of ['mechanisms', 'targets', 'indications', 'names', 'drug_targets', 'unichem', 'vocabulary'] as const) {
      if (count(role) > 1) throw new ImportRefusedError('bad_input', `chembl takes at most one ${role} file`);
    }
    if (count('mechanisms') !== count('targets')) throw new ImportRefusedError('bad_input', 'chembl: mechanisms.csv and targets.csv go together (the mechanisms name targets by ChEMBL id)');
    if (count('mechanisms') + count('drug_targets') + count('indications') === 0) throw new ImportRefusedError('bad_input', 'chembl needs mechanisms.csv + targets.csv, an approved-drug targets file or indications.csv');
    return roles.map((r) => ({ path: r.path, role: r.role === 'indications' || r.role === 'mechanisms' || r.role === 'drug_targets' ? 'annotations' : r.role === 'names' || r.role === 'targets' ? 'terms' : 'mappings' }));
  },
  async load(context) {
    const byRole = (role: Role) => context.artifacts.filter((a) => roleOf(a.path) === role).map((a) => a.path);
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, DRUG_TERM_COLUMNS);
    const attributes = new BulkInserter(context.queue, TERM_ATTRIBUTES, TERM_ATTRIBUTE_COLUMNS);
    const counts = {
      mechanism_rows: 0, mechanisms_without_single_protein: 0, drug_target_rows: 0, target_rows: 0, indication_rows: 0, name_rows: 0, unichem_rows: 0,
      vocabulary_rows: 0, sssom_rows: 0, skipped_rows: 0, targets_claims: 0, approved_for: 0, studied_for: 0,
      indications_on_mondo: 0, indications_kept_as_is: 0, molecules: 0, molecules_joined_unichem: 0, molecules_joined_drugbank_name: 0,
      molecules_joined_drugbank_synonym: 0, molecules_unjoined: 0, salt_forms: 0,
    };
    const skips: ReturnType<typeof skippedRows>[] = [];
    const skipFor = (file: string) => { const s = skippedRows(context, path.basename(file)); skips.push(s); return s.skip; };

    // Small identity inputs first (all held in memory: tens of thousands of short rows).
    const names = new Map<string, string>();
    const nameLines = new Map<string, { file: string; line: number }>();
    for (const file of byRole('names')) for await (const r of parseChemblNames(file, skipFor(file))) { counts.name_rows++; if (!names.has(r.moleculeId)) { names.set(r.moleculeId, r.name); nameLines.set(r.moleculeId, { file: path.basename(file), line: r.line }); } }
    const unichem = mapOfSets();
    for (const file of byRole('unichem')) for await (const r of parseUnichemChemblDrugbank(file, skipFor(file))) { counts.unichem_rows++; addTo(unichem, r.chemblId, r.drugbankId); }
    const vocabularyNames = mapOfSets();
    const vocabularySynonyms = mapOfSets();
    for (const file of byRole('vocabulary')) {
      for await (const r of parseDrugbankVocabulary(file, skipFor(file))) {
        counts.vocabulary_rows++;
        addTo(vocabularyNames, normalisedDrugName(r.name), r.drugbankId);
        for (const s of r.synonyms) addTo(vocabularySynonyms, normalisedDrugName(s), r.drugbankId);
      }
    }
    const toMondo = mapOfSets();
    for (const file of byRole('sssom')) {
      for await (const r of parseSssom(file)) {
        counts.sssom_rows++;
        if (r.predicateId === EXACT_MATCH && r.subjectId.startsWith('MONDO:')) addTo(toMondo, r.objectId, r.subjectId);
      }
    }
    const resolve = compoundResolver({ names, unichem, vocabularyNames, vocabularySynonyms });
    const molecules = new Map<string, ResolvedCompound>();
    const seen = (molecule: string) => { let r = molecules.get(molecule); if (!r) { r = resolve(molecule); molecules.set(molecule, r); } return r; };

    // Targets: ChEMBL target id -> its one UniProt accession.
    const uniprotOf = new Map<string, string>();
    for (const file of byRole('targets')) for await (const r of parseChemblTargets(file, skipFor(file))) { counts.target_rows++; if (r.uniprot) uniprotOf.set(r.targetId, r.uniprot); }

    const targetClaims = new Map<string, TargetClaim>();
    const addTarget = (molecule: string, uniprot: string, actionType: string, mechanism: string, evidence: EvidenceRef) => {
      const resolved = seen(molecule);
      const key = `${molecule}\t${uniprot}`;
      let claim = targetClaims.get(key);
      if (!claim) targetClaims.set(key, (claim = { subject: resolved.curie, object: uniprotCurie(uniprot), molecule, actionTypes: [], mechanisms: [], evidence: [], resolved }));
      if (actionType !== '' && !claim.actionTypes.includes(actionType)) claim.actionTypes.push(actionType);
      if (mechanism !== '' && !claim.mechanisms.includes(mechanism)) claim.mechanisms.push(mechanism);
      claim.evidence.push(evidence);
    };
    for (const file of byRole('mechanisms')) {
      const base = path.basename(file);
      for await (const r of parseChemblMechanisms(file, skipFor(file))) {
        counts.mechanism_rows++;
        if (counts.mechanism_rows % PROGRESS_EVERY === 0) context.progress(base, counts.mechanism_rows);
        const uniprot = uniprotOf.get(r.targetId);
        if (!uniprot) { counts.mechanisms_without_single_protein++; seen(r.moleculeId); continue; }
        addTarget(r.moleculeId, uniprot, r.actionType, r.mechanism, { file: base, line: r.line, reference: `CHEMBL:${r.targetId}`, evidenceCode: r.actionType || null });
      }
    }
    for (const file of byRole('drug_targets')) {
      const base = path.basename(file);
      for await (const r of parseChemblDrugTargets(file, skipFor(file))) {
        counts.drug_target_rows++;
        addTarget(r.moleculeId, r.uniprot, r.actionType, r.mechanism, { file: base, line: r.line, reference: `UNIPROT:${r.uniprot}`, evidenceCode: r.actionType || null });
      }
    }
    const actionTypes: Record<string, number> = {};
    for (const c of targetClaims.values()) {
      for (const a of c.actionTypes) increment(actionTypes, a);
      await writers.claim({
        subject: c.subject, predicate: 'TARGETS', object: c.object, direction: 'supports', mondoCurie: null,
        qualifiers: { action_types: c.actionTypes, mechanisms: c.mechanisms, molecule_chembl_id: c.molecule, salt_of: c.resolved.parent, source: CHEMBL_SOURCE, license: CHEMBL_LICENSE },
        evidence: c.evidence,
      });
    }
    counts.targets_claims = targetClaims.size;

    const phases: Record<string, number> = {};
    for (const file of byRole('indications')) {
      const base = path.basename(file);
      for await (const r of parseChemblIndications(file, skipFor(file))) {
        counts.indication_rows++;
        if (counts.indication_rows % PROGRESS_EVERY === 0) context.progress(base, counts.indication_rows);
        const resolved = seen(r.moleculeId);
        const mondos = r.diseaseId.startsWith('MONDO:') ? new Set([r.diseaseId]) : toMondo.get(r.diseaseId);
        const mondo = mondos && mondos.size === 1 ? mondos.values().next().value as string : null;
        if (mondo) counts.indications_on_mondo++; else counts.indications_kept_as_is++;
        const predicate = r.maxPhase >= 4 ? APPROVED_FOR : STUDIED_FOR;
        if (predicate === APPROVED_FOR) counts.approved_for++; else counts.studied_for++;
        increment(phases, String(r.maxPhase));
        await writers.claim({
          subject: resolved.curie, predicate, object: mondo ?? r.diseaseId, direction: 'supports', mondoCurie: mondo,
          qualifiers: { max_phase: r.maxPhase, indication_id: r.diseaseId, indication_term: r.term, molecule_chembl_id: r.moleculeId, salt_of: resolved.parent, source: CHEMBL_SOURCE, license: CHEMBL_LICENSE },
          evidence: { file: base, line: r.line, reference: `CHEMBL:${r.moleculeId}`, evidenceCode: `max_phase_for_ind ${r.maxPhase}` },
        });
      }
    }

    // Identity rows and terms of every molecule met.
    let attributeNo = 0;
    const exactWritten = new Set<string>();
    for (const [molecule, resolved] of molecules) {
      counts.molecules++;
      if (resolved.parent) {
        counts.salt_forms++;
        await writers.mapping({ subjectId: `CHEMBL:${resolved.parent}`, predicateId: 'skos:narrowMatch', objectId: `CHEMBL:${molecule}`, subjectLabel: names.get(resolved.parent) ?? null,
          objectLabel: names.get(molecule) ?? null, justification: `salt form: ChEMBL name '${names.get(molecule)}' is the parent's name plus salt words`, source: 'chembl', ...(nameLines.get(molecule) ?? { file: '', line: 0 }) });
      }
      if (resolved.join === 'none') counts.molecules_unjoined++;
      else counts[`molecules_joined_${resolved.join}`]++;
      // A salt shares its parent's join: one mapping row per ChEMBL id joined.
      if (resolved.join !== 'none' && !exactWritten.has(resolved.parent ?? molecule)) {
        exactWritten.add(resolved.parent ?? molecule);
        await writers.mapping({ subjectId: resolved.curie, predicateId: EXACT_MATCH, objectId: `CHEMBL:${resolved.parent ?? molecule}`, subjectLabel: null, objectLabel: names.get(resolved.parent ?? molecule) ?? null,
          justification: resolved.justification, source: resolved.join === 'unichem' ? 'unichem' : 'drugbank_vocabulary', ...(nameLines.get(molecule) ?? { file: '', line: 0 }) });
      }
      const name = names.get(molecule);
      if (name) {
        const where = nameLines.get(molecule)!;
        await terms.add([context.snapshotId, `CHEMBL:${molecule}`, name, 'drug', null, [], [], null, false, '', where.line]);
        await attributes.add([context.snapshotId, `CHEMBL:${molecule}`, ++attributeNo, 'modality', drugModality({ name }), where.file, where.line]);
      }
    }
    for (const s of skips) { counts.skipped_rows += s.count(); s.finish(); }
    await terms.flush();
    await attributes.flush();
    await writers.flush();
    return {
      version: null,
      counts: { ...writers.counts(), terms: terms.written, term_attributes: attributes.written, ...counts },
      details: {
        source: { name: CHEMBL_SOURCE, license: CHEMBL_LICENSE },
        action_types: actionTypes, indication_phases: phases,
        joins: { unichem: counts.molecules_joined_unichem, drugbank_name: counts.molecules_joined_drugbank_name, drugbank_synonym: counts.molecules_joined_drugbank_synonym, unjoined: counts.molecules_unjoined },
      },
    };
  },
};
