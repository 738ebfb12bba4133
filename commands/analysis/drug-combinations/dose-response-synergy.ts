// The job body's dose-response matrix scored by HSA, Bliss, Loewe and ZIP (domain/synergy/synergy-scores.ts),
// with, when both drugs name compounds of the knowledge graph, their network configuration for the disease.
import type { ValidationDetail } from '../../../domain/shared/schema-validation';
import { synergyScores } from '../../../domain/synergy/synergy-scores';
import type { FitResult } from '../../../domain/synergy/dose-response-fit';
import { CombinationContext, placeDrug, indicatedCompounds, PairFactors, PlacedDrug } from './network-combinations';

export interface DoseResponseBody {
  drug_a: string;
  drug_b: string;
  doses_a: number[];
  doses_b: number[];
  /** responses[i][j]: drug A at doses_a[i] with drug B at doses_b[j]. */
  responses: number[][];
  unit?: 'fraction' | 'percent';
}

const MAX_DOSES = 25;
const doses = { type: 'array', minItems: 4, maxItems: MAX_DOSES, items: { type: 'number', minimum: 0 } };

/** The optional job body: empty, or a whole matrix (the rest is checked by checkMatrix). */
export const DOSE_RESPONSE_BODY_SCHEMA = {
  type: 'object',
  description: 'Optional. A two-drug dose-response matrix to score with HSA, Bliss, Loewe and ZIP (SynergyFinder\'s models). '
    + 'Rows are drug A\'s doses, columns drug B\'s; the first dose of each is 0 (the other drug alone). Responses are fraction '
    + 'inhibition (0-1) or percent (0-100): say which with `unit`, else percent is assumed when any |value| > 1.5.',
  additionalProperties: false,
  properties: {
    drug_a: { type: 'string', minLength: 1, maxLength: 200, description: 'Name or DRUGBANK:DB… CURIE (a CURIE also gets its network configuration)' },
    drug_b: { type: 'string', minLength: 1, maxLength: 200 },
    doses_a: { ...doses, description: 'Drug A doses, ascending, first 0 (4-25 values)' },
    doses_b: { ...doses, description: 'Drug B doses, ascending, first 0 (4-25 values)' },
    responses: { type: 'array', minItems: 4, maxItems: MAX_DOSES, items: { type: 'array', minItems: 4, maxItems: MAX_DOSES, items: { type: 'number' } } },
    unit: { enum: ['fraction', 'percent'] },
  },
  if: { minProperties: 1 },
  then: { required: ['drug_a', 'drug_b', 'doses_a', 'doses_b', 'responses'] },
} as const;

export function hasMatrix(body: unknown): body is DoseResponseBody {
  return typeof body === 'object' && body !== null && 'responses' in body;
}

/** What the schema cannot say: shapes agree, doses start at 0 and rise. */
export function checkMatrix(body: DoseResponseBody): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  const bad = (loc: (string | number)[], msg: string) => details.push({ loc: ['body', ...loc], msg, type: 'value_error' });
  for (const key of ['doses_a', 'doses_b'] as const) {
    const d = body[key];
    if (d[0] !== 0) bad([key, 0], 'the first dose must be 0 (the other drug alone)');
    for (let i = 1; i < d.length; i++) if (!(d[i]! > d[i - 1]!)) { bad([key, i], 'doses must be strictly ascending'); break; }
  }
  if (body.responses.length !== body.doses_a.length) bad(['responses'], `must have one row per dose of drug A (${body.doses_a.length})`);
  body.responses.forEach((row, i) => { if (row.length !== body.doses_b.length) bad(['responses', i], `must have one value per dose of drug B (${body.doses_b.length})`); });
  return details;
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
const grid = (m: number[][]) => m.map((row) => row.map(r4));

/** SynergyFinder's reading of a summary score (its user guide): < -10 antagonistic, > 10 synergistic. */
function reading(score: number): 'antagonistic' | 'additive' | 'synergistic' {
  return score < -10 ? 'antagonistic' : score > 10 ? 'synergistic' : 'additive';
}

function fitOut(f: FitResult) {
  return { b: r4(f.params.b), c: r4(f.params.c), d: r4(f.params.d), e: Number(f.params.e.toPrecision(6)), sse: Number.isFinite(f.sse) ? r4(f.sse) : null, converged: f.converged };
}

export type NamedPairNetwork = { pair: Omit<PairFactors, 'rank'> } | { not_computed: string };

export function scoreDoseResponse(body: DoseResponseBody, network: NamedPairNetwork | null) {
  const inferred = body.unit === undefined;
  const unit = body.unit ?? (body.responses.flat().some((v) => Math.abs(v) > 1.5) ? 'percent' : 'fraction');
  const scale = unit === 'fraction' ? 100 : 1;
  const responses = body.responses.map((row) => row.map((v) => v * scale));
  const s = synergyScores({ dosesA: body.doses_a, dosesB: body.doses_b, responses });
  const scores = { hsa: r4(s.hsa.score), bliss: r4(s.bliss.score), loewe: r4(s.loewe.score), zip: r4(s.zip.score) };
  return {
    drug_a: body.drug_a, drug_b: body.drug_b, unit, unit_inferred: inferred,
    doses_a: body.doses_a, doses_b: body.doses_b,
    scores,
    readings: { hsa: reading(scores.hsa), bliss: reading(scores.bliss), loewe: reading(scores.loewe), zip: reading(scores.zip) },
    surfaces: {
      hsa: { expected: grid(s.hsa.expected), synergy: grid(s.hsa.synergy) },
      bliss: { expected: grid(s.bliss.expected), synergy: grid(s.bliss.synergy) },
      loewe: { expected: grid(s.loewe.expected), synergy: grid(s.loewe.synergy), fallback_cells: s.loewe.fallback_cells },
      zip: { expected: grid(s.zip.expected), fitted: grid(s.zip.fitted), synergy: grid(s.zip.synergy), refit_failures: s.zip.refit_failures },
    },
    single_drug_fits: { drug_a: fitOut(s.fits.drug_a), drug_b: fitOut(s.fits.drug_b) },
    network,
  };
}

/** The body's two drugs placed against the disease module when both are compounds with interactome targets. */
export function placeNamedPair(ctx: CombinationContext, diseaseNode: number, a: string, b: string): { drugs: [PlacedDrug, PlacedDrug] } | { not_computed: string } {
  const nodes = [a, b].map((id) => ctx.g.lookup(id));
  const missing = [a, b].filter((id, i) => nodes[i] === undefined || ctx.g.typeOf(nodes[i]!) !== 'Compound');
  if (missing.length) return { not_computed: `not a compound of the knowledge graph (give DRUGBANK:DB… ids): ${missing.join(', ')}` };
  const indicated = indicatedCompounds(ctx.g, diseaseNode);
  const placed = nodes.map((n) => placeDrug(ctx, n!, indicated.has(n!)));
  if (!placed[0] || !placed[1]) return { not_computed: 'a drug has no target in the interactome' };
  return { drugs: [placed[0], placed[1]] };
}
