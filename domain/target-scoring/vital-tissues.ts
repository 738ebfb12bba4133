// Vital normal tissues for the on-target/off-tumour risk of a CAR-T antigen: organs where engineered T cells
// killing normal cells has been fatal or life-threatening, or cannot be tolerated — brain and spinal cord,
// heart (Linette et al., Blood 2013, doi:10.1182/blood-2013-03-490565: a TCR's off-target titin cross-reaction),
// lung (Morgan et al., Mol Ther 2010, doi:10.1038/mt.2010.24: ERBB2 CAR, on target), liver (Lamers et al., J Clin
// Oncol 2006, doi:10.1200/JCO.2006.05.9964: CAIX on bile ducts, on target), kidney, pancreas, the gut, adrenal
// and thyroid glands, and bone marrow (haematopoietic stem cells; B-cell aplasia after CD19 CAR-T is
// tolerated, marrow ablation is not). Screening candidate antigens against expression in such normal tissues
// follows Perna et al., Cancer Cell 2017 (doi:10.1016/j.ccell.2017.09.004). The list is ours, by UBERON id,
// each term as Bgee's anatomy columns name it.

export interface VitalTissue { id: string; name: string }

export const VITAL_TISSUES: readonly VitalTissue[] = [
  { id: 'UBERON:0000955', name: 'brain' },
  { id: 'UBERON:0002240', name: 'spinal cord' },
  { id: 'UBERON:0000948', name: 'heart' },
  { id: 'UBERON:0002048', name: 'lung' },
  { id: 'UBERON:0002107', name: 'liver' },
  { id: 'UBERON:0002113', name: 'kidney' },
  { id: 'UBERON:0001264', name: 'pancreas' },
  { id: 'UBERON:0000945', name: 'stomach' },
  { id: 'UBERON:0002108', name: 'small intestine' },
  { id: 'UBERON:0001155', name: 'colon' },
  { id: 'UBERON:0002369', name: 'adrenal gland' },
  { id: 'UBERON:0002046', name: 'thyroid gland' },
  { id: 'UBERON:0002371', name: 'bone marrow' },
];
