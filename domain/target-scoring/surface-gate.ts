// The cell-surface gate of CAR-T candidate antigens. A CAR binds an extracellular epitope, so surface location
// is a precondition, not a quantity to trade against the others: in a rank product a strongly disease-linked
// intracellular kinase (BLK for SLE, surface rank 152 of 155) still came first (issue 29). The gate: the gene is
// listed by one of the two dedicated human surfaceome resources of The Cancer Surfaceome Atlas (Hu et al., Nature
// Cancer 2021) — CSPA, the mass-spectrometry Cell Surface Protein Atlas (Bausch-Fluck et al., PLoS One 2015,
// doi:10.1371/journal.pone.0121314), or SURFY, the in silico human surfaceome (Bausch-Fluck et al., PNAS 2018,
// doi:10.1073/pnas.1808790115). General annotation resources (UniProt, COMPARTMENTS, PANTHER, …) alone list
// many intracellular proteins with a membrane-associated pool and do not pass. Pure.

export const SURFACE_GATE_RULE = 'listed by CSPA (mass-spectrometry surfaceome) or SURFY (in silico surfaceome) in The Cancer Surfaceome Atlas';

/** Resource columns of the atlas that open the gate (the workbook's names before '*': CSPA, SURFY2). */
export function gateResources(resources: Readonly<Record<string, number | null>>): string[] {
  return Object.entries(resources)
    .filter(([name, cell]) => (name.toUpperCase() === 'CSPA' || name.toUpperCase().startsWith('SURFY')) && typeof cell === 'number' && cell > 0)
    .map(([name]) => name)
    .sort();
}

export function passesSurfaceGate(resources: Readonly<Record<string, number | null>>): boolean {
  return gateResources(resources).length > 0;
}
