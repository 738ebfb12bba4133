// NHGRI-EBI GWAS Catalog REST API v2 (HAL, snake_case): the associations of each of the disease's EFO
// traits, GET /v2/associations?efo_id=<trait>&sort=p_value&direction=asc&size=<n>&page=<k>, paged until
// the page block says there is no more, the limit is reached or MAX_PAGES pages were read. Each
// association gives its effect (risk) allele (snp_effect_allele "rs123-A"), its odds ratio (or_value) or
// beta ("0.17 mmHg decrease"), and the genes the Catalog maps the variant to (mapped_genes). The effect
// direction is kept: OR < 1 or a beta decrease is a protective allele, not a risk allele.
// The offline corpus may be a v2 page or a v1 /efoTraits/{id}/associations answer (camelCase, loci with
// author-reported genes); both parse. Records are ordered by p-value, strongest first; they carry no date.
import type { SourceRecord } from '../../../domain/workspace/sources';
import { ProviderError, type ProviderHttp, type SourceAdapter, type SourceQuery } from '../source-adapter';
import { arr, isObject, malformed, num, snippet, str, parseJson } from '../response-fields';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const NOT_GENES = new Set(['intergenic', 'nr', 'na', 'n/a', '']);
const PAGE_SIZE_MAX = 200;
const MAX_PAGES = 5;

type Direction = 'risk' | 'protective' | 'unknown';

/** An association's effect in the Catalog's terms, whichever API version gave it. */
interface Effect {
  oddsRatio?: number;
  beta?: number;
  betaUnit?: string;
}

/** OR > 1 or beta > 0: the allele raises the trait (risk); OR < 1 or beta < 0: lowers it (protective). */
export function effectDirection(effect: Effect): Direction {
  const { oddsRatio, beta } = effect;
  if (oddsRatio !== undefined && oddsRatio > 0 && oddsRatio !== 1) return oddsRatio > 1 ? 'risk' : 'protective';
  if (beta !== undefined && beta !== 0) return beta > 0 ? 'risk' : 'protective';
  return 'unknown';
}

/** v2 beta text "2.498 unit decrease" -> -2.498 and its unit; "-" or absent -> nothing. */
export function parseBeta(text: string | undefined): { beta?: number; betaUnit?: string } {
  const m = /^\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*(.*?)\s*(increase|decrease)?\s*$/i.exec(text ?? '');
  if (!m) return {};
  const value = Number(m[1]);
  if (!Number.isFinite(value)) return {};
  const signed = m[3]?.toLowerCase() === 'decrease' ? -Math.abs(value) : value;
  return { beta: signed, ...(m[2] ? { betaUnit: m[2] } : {}) };
}

/**
 * The p-value: from the Catalog's mantissa and exponent when given (exact: the real v2 answers carry
 * p_value 0 for p = 3e-1315, which no double holds), else p_value. The number may underflow to 0; the text
 * ("3e-1315") keeps what the Catalog says.
 */
function pValueOf(a: Record<string, unknown>): { value: number; text: string } | undefined {
  const mantissa = num(a.pvalue_mantissa) ?? num(a.pvalueMantissa);
  const exponent = num(a.pvalue_exponent) ?? num(a.pvalueExponent);
  if (mantissa !== undefined && exponent !== undefined) {
    const value = mantissa * 10 ** exponent;
    return { value, text: value > 0 ? value.toExponential(1) : `${mantissa}e${exponent}` };
  }
  const direct = num(a.p_value) ?? num(a.pvalue);
  return direct !== undefined ? { value: direct, text: direct.toExponential(1) } : undefined;
}

interface Parsed {
  id: string;
  url: string;
  alleles: string[];
  genes: string[];
  mappedGenes: string[];
  effect: Effect;
  riskFrequency?: string;
  pValueDescription?: string;
}

const cleanGenes = (names: string[]) => [...new Set(names.flatMap((g) => g.split(',')).map((g) => g.trim()).filter((g) => !NOT_GENES.has(g.toLowerCase())))];

/** A v2 association (snake_case). */
function parseV2(a: Record<string, unknown>): Parsed | null {
  const id = str(a.association_id);
  if (!id) return null;
  const self = str(obj(obj(a._links).self).href) ?? `https://www.ebi.ac.uk/gwas/rest/api/v2/associations/${encodeURIComponent(id)}`;
  const mapped = cleanGenes(arr(a.mapped_genes).map((g) => str(g) ?? ''));
  const alleles = [...arr(a.snp_effect_allele), ...arr(a.snp_risk_allele)].map((x) => str(x) ?? '').filter(Boolean);
  const oddsRatio = num(a.or_per_copy_num) ?? num(/^\s*(\d+(?:\.\d+)?)/.exec(str(a.or_value) ?? '')?.[1]);
  return {
    id, url: self, alleles: [...new Set(alleles)], genes: mapped, mappedGenes: mapped,
    effect: { ...(oddsRatio !== undefined ? { oddsRatio } : {}), ...parseBeta(str(a.beta)) },
    riskFrequency: str(a.risk_frequency), pValueDescription: str(a.pvalue_description),
  };
}

/** A v1 association (camelCase, loci with author-reported genes). */
function parseV1(a: Record<string, unknown>): Parsed | null {
  const self = str(obj(obj(a._links).self).href)?.replace(/\{[^}]*\}$/, ''); // drop a URI template like {?projection}
  const id = self ? /\/associations\/(\d+)/.exec(self)?.[1] : undefined;
  if (!id || !self) return null;
  const loci = arr(a.loci).map(obj);
  const genes = cleanGenes(loci.flatMap((l) => arr(l.authorReportedGenes).map((g) => str(obj(g).geneName) ?? '')));
  const alleles = [...new Set(loci.flatMap((l) => arr(l.strongestRiskAlleles).map((r) => str(obj(r).riskAlleleName) ?? '')).filter(Boolean))];
  const betaNum = num(a.betaNum);
  const beta = betaNum === undefined ? undefined : str(a.betaDirection)?.toLowerCase() === 'decrease' ? -Math.abs(betaNum) : betaNum;
  const oddsRatio = num(a.orPerCopyNum);
  return {
    id, url: self, alleles, genes, mappedGenes: [],
    effect: { ...(oddsRatio !== undefined ? { oddsRatio } : {}), ...(beta !== undefined ? { beta } : {}), ...(str(a.betaUnit) ? { betaUnit: str(a.betaUnit) } : {}) },
    riskFrequency: str(a.riskFrequency), pValueDescription: str(a.pvalueDescription),
  };
}

function effectText(effect: Effect, direction: Direction): string | undefined {
  const size = effect.oddsRatio !== undefined ? `OR ${effect.oddsRatio}` : effect.beta !== undefined ? `beta ${effect.beta}${effect.betaUnit ? ` ${effect.betaUnit}` : ''}` : undefined;
  if (!size) return undefined;
  return direction === 'protective' ? `${size} (protective: the allele lowers risk)` : size;
}

function toRecord(association: unknown, trait: string, traitLabel: string): SourceRecord | null {
  const a = obj(association);
  const p = 'association_id' in a ? parseV2(a) : parseV1(a);
  if (!p) return null;
  const exact = pValueOf(a);
  const pValue = exact?.value;
  const direction = effectDirection(p.effect);
  const variant = p.alleles.join(', ') || 'variant';
  const pText = exact !== undefined ? `p = ${exact.text}` : undefined;
  const protective = direction === 'protective';
  const parts = [
    `${variant} ${protective ? 'protective against' : 'associated with'} ${traitLabel}`,
    p.genes.length > 0 ? `${p.mappedGenes.length > 0 ? 'mapped' : 'reported'} genes: ${p.genes.join(', ')}` : undefined,
    pText,
    effectText(p.effect, direction),
    p.riskFrequency && p.riskFrequency !== 'NR' ? `risk allele frequency ${p.riskFrequency}` : undefined,
    p.pValueDescription,
  ].filter(Boolean);
  return {
    source: 'gwas',
    nativeId: p.id,
    recordType: 'gwas_association',
    title: `${variant}${p.genes.length > 0 ? ` (${p.genes.join(', ')})` : ''} ${protective ? 'protective association' : 'association'} with ${traitLabel}${pText ? `, ${pText}` : ''}`,
    url: p.url || `https://www.ebi.ac.uk/gwas/efotraits/${encodeURIComponent(trait)}`,
    text: snippet(parts.join('; ')),
    published: null,
    structured: { drugs: [], targets: p.genes, pathways: [] },
    attributes: attributesOf(p, pValue, direction),
  };
}

function attributesOf(p: Parsed, pValue: number | undefined, direction: Direction): SourceRecord['attributes'] {
  return {
    ...(pValue !== undefined ? { pValue } : {}),
    ...(p.alleles[0] ? { riskAllele: p.alleles[0] } : {}),
    ...(p.effect.oddsRatio !== undefined ? { oddsRatio: p.effect.oddsRatio } : {}),
    ...(p.effect.beta !== undefined ? { beta: p.effect.beta } : {}),
    ...(p.effect.betaUnit ? { betaUnit: p.effect.betaUnit } : {}),
    effectDirection: direction,
    ...(p.mappedGenes.length > 0 ? { mappedGenes: p.mappedGenes } : {}),
  };
}

/** Parses a HAL associations page (v2, or a v1 answer). An empty HAL result may omit _embedded. */
export function parseAssociations(body: unknown, trait: string, diseaseName?: string): SourceRecord[] {
  const label = diseaseName ? `${diseaseName} (${trait})` : trait;
  if (!isObject(body) || (!('_embedded' in body) && !('_links' in body) && !('page' in body))) throw malformed('expected a HAL document');
  const embedded = body._embedded;
  if (embedded === undefined) return [];
  if (!isObject(embedded)) throw malformed('_embedded is not an object');
  if (embedded.associations === undefined) return [];
  if (!Array.isArray(embedded.associations)) throw malformed('_embedded.associations is not an array');
  return embedded.associations.map((a) => toRecord(a, trait, label)).filter((r): r is SourceRecord => r !== null);
}

/** Whether a v2 page says another page follows (page block, else a next link). */
export function hasNextPage(body: unknown): boolean {
  const b = obj(body);
  const page = obj(b.page);
  const number = num(page.number);
  const total = num(page.totalPages);
  if (number !== undefined && total !== undefined) return number + 1 < total;
  return str(obj(obj(b._links).next).href) !== undefined;
}

const byPValue = (a: SourceRecord, b: SourceRecord) => (a.attributes.pValue ?? 1) - (b.attributes.pValue ?? 1);

async function traitAssociations(http: ProviderHttp, trait: string, diseaseName: string, limit: number): Promise<SourceRecord[]> {
  const size = Math.max(1, Math.min(limit, PAGE_SIZE_MAX));
  const records: SourceRecord[] = [];
  for (let page = 0; page < MAX_PAGES && records.length < limit; page++) {
    let body: unknown;
    try {
      body = await http.getJson('v2/associations', { efo_id: trait, sort: 'p_value', direction: 'asc', size, page });
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) break; // trait unknown to the Catalog: no associations
      throw error;
    }
    records.push(...parseAssociations(body, trait, diseaseName));
    if (!hasNextPage(body)) break;
  }
  return records;
}

export const gwasAdapter: SourceAdapter = {
  name: 'gwas',
  defaultBaseUrl: 'https://www.ebi.ac.uk/gwas/rest/api',
  minIntervalMs: 200,
  corpusExtension: 'json',

  isConfigured: (disease) => (disease.search.gwas?.efo_traits?.length ?? 0) > 0,

  queryTerms: (disease) => [...disease.search.gwas!.efo_traits],

  async fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]> {
    const records: SourceRecord[] = [];
    for (const trait of query.disease.search.gwas!.efo_traits) {
      records.push(...await traitAssociations(http, trait, query.disease.name, query.limit));
    }
    return records.sort(byPValue);
  },

  parseCorpus(content, query) {
    return parseAssociations(parseJson(content), query.disease.search.gwas?.efo_traits[0] ?? query.disease.efo_id, query.disease.name).sort(byPValue);
  },
};
