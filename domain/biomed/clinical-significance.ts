// ClinVar's clinical significance (variant_summary ClinicalSignificance, VCF CLNSIG) as the evidence
// direction of a variant -> condition claim. Only the first classification counts ("Pathogenic, risk
// factor" is pathogenic; the VCF writes "_" for spaces and "|" or "," before extra terms):
//   Pathogenic, Likely pathogenic, Pathogenic/Likely pathogenic (incl. "low penetrance") -> supports
//   Benign, Likely benign, Benign/Likely benign                                          -> contradicts
//   everything else (Uncertain significance, Conflicting classifications/interpretations,
//   not provided, drug response, risk factor, association, protective, Affects, other, ...) -> neutral
// "Contradicts" means the submitters classify the variant as not causing the condition; it says nothing
// against the gene, so only supporting variants give a gene claim (see the clinvar importer).
import type { EvidenceDirection } from './claims';

export function primarySignificance(raw: string): string {
  const text = raw.replace(/_/g, ' ').trim();
  const first = text.split(/[|,;]/)[0] ?? '';
  return first.trim().replace(/\s+/g, ' ').toLowerCase();
}

const SUPPORTS = new Set(['pathogenic', 'likely pathogenic', 'pathogenic/likely pathogenic', 'pathogenic, low penetrance',
  'likely pathogenic, low penetrance', 'pathogenic/likely pathogenic/likely risk allele', 'pathogenic/likely risk allele']);
const CONTRADICTS = new Set(['benign', 'likely benign', 'benign/likely benign']);

export function significanceDirection(raw: string): EvidenceDirection {
  const primary = primarySignificance(raw);
  if (SUPPORTS.has(primary) || primary.startsWith('likely pathogenic') || primary === 'pathogenic low penetrance') return 'supports';
  if (CONTRADICTS.has(primary)) return 'contradicts';
  return 'neutral';
}
