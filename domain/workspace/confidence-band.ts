// Confidence bands say what they rest on (docs/scoring.md §3). Only real records count toward a band: a
// synthetic example (the bundled offline corpus) shows how the method works and is not evidence. A band is
// never high on synthetic-only, single-source or seed-only (offline corpus) evidence, nor with a harm among
// the unfavourable records; safety flags that affect confidence turn high into medium (ranking.ts).
import type { ConfidenceBand } from './dossier-types';
import type { CountedRecord } from './candidate-evidence';

export interface BandRule {
  /** Real favourable records at least. */
  min_evidence: number;
  min_mean_quality: number;
  /** Largest share of the pull that may be unfavourable: U / (F + U). */
  max_unfavourable_share: number;
  /** Distinct sources among the real favourable records. */
  min_sources: number;
}

export interface BandRules {
  high: BandRule;
  /** Also medium: a single real favourable record of at least this quality. */
  medium: BandRule & { single_record_min_quality: number };
}

export const DEFAULT_BANDS: BandRules = {
  high: { min_evidence: 3, min_mean_quality: 0.7, max_unfavourable_share: 0.25, min_sources: 2 },
  medium: { min_evidence: 2, min_mean_quality: 0.45, max_unfavourable_share: 0.5, min_sources: 1, single_record_min_quality: 0.75 },
};

export interface BandVerdict {
  band: ConfidenceBand;
  /** What the band rests on, in words a reader sees beside it. */
  basis: string;
}

const isReal = (c: CountedRecord) => c.ne.item.provenance?.synthetic !== true;
const isSeed = (c: CountedRecord) => c.ne.item.provenance?.mode === 'offline_corpus';

export function confidenceBand(counted: readonly CountedRecord[], favourable: number, unfavourable: number, rules: BandRules): BandVerdict {
  const fav = counted.filter((c) => c.pull === 'favourable');
  const real = fav.filter(isReal);
  const synthetic = fav.length - real.length;
  const harm = counted.some((c) => c.pull === 'unfavourable' && c.harm && isReal(c));
  const share = favourable + unfavourable > 0 ? unfavourable / (favourable + unfavourable) : 0;
  const sources = [...new Set(real.map((c) => c.ne.item.source))].sort();
  const meanQ = real.length > 0 ? real.reduce((s, c) => s + c.ne.item.quality_score, 0) / real.length : 0;
  const seedOnly = real.length > 0 && real.every(isSeed);

  if (fav.length === 0) return { band: 'low', basis: 'no favourable evidence among the retrieved records' };
  if (real.length === 0) return { band: 'low', basis: `synthetic examples only (${synthetic}): not evidence` };
  const what = `${real.length} real favourable record${real.length === 1 ? '' : 's'} from ${sources.join(', ')}${synthetic > 0 ? ` (${synthetic} synthetic not counted)` : ''}`
    + (seedOnly ? ', all from the offline seed corpus' : '');
  const { high, medium } = rules;
  if (real.length >= high.min_evidence && sources.length >= high.min_sources && meanQ >= high.min_mean_quality && share <= high.max_unfavourable_share && !harm && !seedOnly) {
    return { band: 'high', basis: what };
  }
  const enough = (real.length >= medium.min_evidence && meanQ >= medium.min_mean_quality) || real.some((c) => c.ne.item.quality_score >= medium.single_record_min_quality);
  if (enough && share <= medium.max_unfavourable_share) {
    const why = sources.length < high.min_sources ? 'a single source' : seedOnly ? 'seed corpus only' : harm ? 'a harm among the unfavourable records' : 'not enough agreeing records';
    return { band: 'medium', basis: `${what}; not high: ${why}` };
  }
  return { band: 'low', basis: share > medium.max_unfavourable_share ? `${what}; most of the pull is unfavourable` : `${what}; too few or too weak` };
}
