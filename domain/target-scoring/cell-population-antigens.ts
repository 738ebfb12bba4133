// Lineage surface antigens of the cell populations that drive a disease, for CAR-T candidate antigens. GWAS genes
// are rarely the effector cells' surface markers, so a candidate list built from disease genes alone misses the
// antigens of the CAR-T and antibody programmes (issue 29: CD19, CD20 = MS4A1 and BCMA = TNFRSF17 in SLE). The
// table is curated from the clinical literature, one entry per disease (MONDO id) naming the cell populations
// (Cell Ontology) whose depletion is being tested or used, and per population its lineage antigens (NCBI Gene):
//   B cells (CL:0000236): CD19 (930), MS4A1/CD20 (931), CD22 (933);
//   plasma cells (CL:0000786): TNFRSF17/BCMA (608), SLAMF7 (57823), CD38 (952).
// Disease evidence: SLE — CD19 CAR-T (Mackensen et al., Nat Med 2022, doi:10.1038/s41591-022-02017-5; Müller et al.,
// NEJM 2024, doi:10.1056/NEJMoa2308917), plasma-cell depletion with the anti-CD38 daratumumab (Ostendorf et al., NEJM
// 2020, doi:10.1056/NEJMoa2000398); systemic sclerosis — CD19 CAR-T (Müller et al., NEJM 2024); rheumatoid arthritis —
// anti-CD20 rituximab (Edwards et al., NEJM 2004, doi:10.1056/NEJMoa032534); multiple sclerosis — anti-CD20 ocrelizumab
// (Hauser et al., NEJM 2017, doi:10.1056/NEJMoa1601277). A disease not in the table has no population antigens
// (absence: its candidates come from the other routes). Pure data.

export interface CellPopulation { id: string; name: string; antigens: readonly { gene: string; symbol: string }[] }

export const B_CELL: CellPopulation = {
  id: 'CL:0000236', name: 'B cell',
  antigens: [{ gene: 'NCBIGene:930', symbol: 'CD19' }, { gene: 'NCBIGene:931', symbol: 'MS4A1' }, { gene: 'NCBIGene:933', symbol: 'CD22' }],
};
export const PLASMA_CELL: CellPopulation = {
  id: 'CL:0000786', name: 'plasma cell',
  antigens: [{ gene: 'NCBIGene:608', symbol: 'TNFRSF17' }, { gene: 'NCBIGene:57823', symbol: 'SLAMF7' }, { gene: 'NCBIGene:952', symbol: 'CD38' }],
};

export interface DiseasePopulations { populations: readonly CellPopulation[]; reference: string }

export const DISEASE_CELL_POPULATIONS: ReadonlyMap<string, DiseasePopulations> = new Map([
  ['MONDO:0007915', { populations: [B_CELL, PLASMA_CELL], reference: 'Mackensen et al., Nat Med 2022; Müller et al., NEJM 2024; Ostendorf et al., NEJM 2020' }],
  ['MONDO:0005100', { populations: [B_CELL], reference: 'Müller et al., NEJM 2024' }],
  ['MONDO:0008383', { populations: [B_CELL], reference: 'Edwards et al., NEJM 2004' }],
  ['MONDO:0005301', { populations: [B_CELL], reference: 'Hauser et al., NEJM 2017' }],
]);
