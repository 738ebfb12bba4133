// An external hold-out for link prediction in the manner of Project Rephetio's DrugCentral evaluation
// (Himmelstein et al., eLife 2017: indications from a resource other than PharmacotherapyDB, scored by the model
// trained on PharmacotherapyDB): ChEMBL's approved indications (drug_indication, max_phase_for_ind = 4) whose
// drug maps to a DrugBank compound of the graph (UniChem ChEMBL → DrugBank, structures only) and whose EFO
// disease maps to a treated disease of the graph (MONDO's skos:exactMatch EFO rows), minus every pair
// PharmacotherapyDB labels (disease-modifying, symptomatic or NOT). Every other compound × disease pair of the
// hold-out's diseases (none of them a PharmacotherapyDB pair) is a negative. Pure: the caller reads the files.

export interface ChemblIndication { efo: string; maxPhase: number; chembl: string }

export interface HoldOutInputs {
  indications: readonly ChemblIndication[];
  /** EFO id → MONDO ids (exact matches). */
  efoToMondo: ReadonlyMap<string, readonly string[]>;
  /** ChEMBL id → DrugBank ids. */
  chemblToDrugbank: ReadonlyMap<string, readonly string[]>;
  /** Compound CURIE → row of the scored compounds. */
  compoundRow: ReadonlyMap<string, number>;
  /** Disease CURIE (MONDO) → graph node, for the treated diseases the model learned from. */
  diseaseNode: ReadonlyMap<string, number>;
  /** True when PharmacotherapyDB labels (compound row, disease node) in any category. */
  labelled: (row: number, disease: number) => boolean;
}

export interface HoldOut {
  /** disease node → compound rows that are external positives. */
  positives: Map<number, Set<number>>;
  counts: { phase4_rows: number; no_drugbank: number; no_graph_compound: number; no_treated_disease: number; in_pharmacotherapydb: number; pairs: number };
}

export function buildHoldOut(x: HoldOutInputs): HoldOut {
  const positives = new Map<number, Set<number>>();
  const counts = { phase4_rows: 0, no_drugbank: 0, no_graph_compound: 0, no_treated_disease: 0, in_pharmacotherapydb: 0, pairs: 0 };
  for (const ind of x.indications) {
    if (ind.maxPhase !== 4) continue;
    counts.phase4_rows++;
    const drugbank = x.chemblToDrugbank.get(ind.chembl) ?? [];
    if (drugbank.length === 0) { counts.no_drugbank++; continue; }
    const rows = drugbank.map((db) => x.compoundRow.get(`DRUGBANK:${db}`)).filter((r): r is number => r !== undefined);
    if (rows.length === 0) { counts.no_graph_compound++; continue; }
    // ChEMBL's efo_id is mostly EFO, sometimes already a MONDO id.
    const mondo = ind.efo.startsWith('MONDO:') ? [ind.efo] : (x.efoToMondo.get(ind.efo) ?? []);
    const diseases = [...new Set(mondo.map((m) => x.diseaseNode.get(m)).filter((d): d is number => d !== undefined))];
    if (diseases.length === 0) { counts.no_treated_disease++; continue; }
    for (const d of diseases) {
      for (const r of rows) {
        if (x.labelled(r, d)) { counts.in_pharmacotherapydb++; continue; }
        const set = positives.get(d) ?? new Set<number>();
        if (!set.has(r)) { set.add(r); counts.pairs++; }
        positives.set(d, set);
      }
    }
  }
  return { positives, counts };
}
