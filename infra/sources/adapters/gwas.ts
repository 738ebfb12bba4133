// NHGRI-EBI GWAS Catalog REST API (HAL): the associations of each of the disease's EFO traits,
// GET /efoTraits/{efo_id}/associations -> { _embedded: { associations: [...] } }. The offline corpus is
// one such response. Records are ordered by p-value, strongest first; associations carry no date.
import type { SourceRecord } from '../../../domain/workspace/sources';
import { ProviderError, type ProviderHttp, type SourceAdapter, type SourceQuery } from '../source-adapter';
import { arr, isObject, malformed, num, snippet, str } from '../source-runner';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const NOT_GENES = new Set(['intergenic', 'nr', 'na', 'n/a', '']);

function pValueOf(association: Record<string, unknown>): number | undefined {
  const direct = num(association.pvalue);
  if (direct !== undefined) return direct;
  const mantissa = num(association.pvalueMantissa);
  const exponent = num(association.pvalueExponent);
  return mantissa !== undefined && exponent !== undefined ? mantissa * 10 ** exponent : undefined;
}

function toRecord(association: unknown, trait: string, traitLabel: string): SourceRecord | null {
  const a = obj(association);
  const self = str(obj(obj(a._links).self).href)?.replace(/\{[^}]*\}$/, ''); // drop a URI template like {?projection}
  const id = self ? /\/associations\/(\d+)/.exec(self)?.[1] : undefined;
  if (!id) return null;
  const loci = arr(a.loci).map(obj);
  const genes = [...new Set(loci.flatMap((l) => arr(l.authorReportedGenes).map((g) => str(obj(g).geneName) ?? '')).filter((g) => !NOT_GENES.has(g.toLowerCase())))];
  const alleles = [...new Set(loci.flatMap((l) => arr(l.strongestRiskAlleles).map((r) => str(obj(r).riskAlleleName) ?? '')).filter(Boolean))];
  const pValue = pValueOf(a);
  const variant = alleles.join(', ') || 'variant';
  const pText = pValue !== undefined ? `p = ${pValue.toExponential(1)}` : undefined;
  const effect = num(a.orPerCopyNum) !== undefined ? `OR ${num(a.orPerCopyNum)}` : num(a.betaNum) !== undefined ? `beta ${num(a.betaNum)}${str(a.betaUnit) ? ` ${str(a.betaUnit)}` : ''}` : undefined;
  const parts = [
    `${variant} associated with ${traitLabel}`,
    genes.length > 0 ? `reported genes: ${genes.join(', ')}` : undefined,
    pText,
    effect,
    str(a.riskFrequency) && str(a.riskFrequency) !== 'NR' ? `risk allele frequency ${str(a.riskFrequency)}` : undefined,
    str(a.pvalueDescription),
  ].filter(Boolean);
  return {
    source: 'gwas',
    nativeId: id,
    recordType: 'gwas_association',
    title: `${variant}${genes.length > 0 ? ` (${genes.join(', ')})` : ''} association with ${traitLabel}${pText ? `, ${pText}` : ''}`,
    url: self ?? `https://www.ebi.ac.uk/gwas/efotraits/${encodeURIComponent(trait)}`,
    text: snippet(parts.join('; ')),
    published: null,
    structured: { drugs: [], targets: genes, pathways: [] },
    attributes: pValue !== undefined ? { pValue } : {},
  };
}

/** Parses a HAL associations response. An empty HAL result may omit _embedded. */
export function parseAssociations(body: unknown, trait: string, diseaseName?: string): SourceRecord[] {
  const label = diseaseName ? `${diseaseName} (${trait})` : trait;
  if (!isObject(body) || (!('_embedded' in body) && !('_links' in body))) throw malformed('expected a HAL document');
  const embedded = body._embedded;
  if (embedded === undefined) return [];
  if (!isObject(embedded)) throw malformed('_embedded is not an object');
  if (embedded.associations === undefined) return [];
  if (!Array.isArray(embedded.associations)) throw malformed('_embedded.associations is not an array');
  return embedded.associations.map((a) => toRecord(a, trait, label)).filter((r): r is SourceRecord => r !== null);
}

const byPValue = (a: SourceRecord, b: SourceRecord) => (a.attributes.pValue ?? 1) - (b.attributes.pValue ?? 1);

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
      let body: unknown;
      try {
        body = await http.getJson(`efoTraits/${encodeURIComponent(trait)}/associations`);
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) continue; // trait unknown to the Catalog: no associations
        throw error;
      }
      records.push(...parseAssociations(body, trait, query.disease.name));
    }
    return records.sort(byPValue);
  },

  parseCorpus(content, query) {
    let body: unknown;
    try {
      body = JSON.parse(content);
    } catch {
      throw malformed('not JSON');
    }
    return parseAssociations(body, query.disease.search.gwas?.efo_traits[0] ?? query.disease.efo_id, query.disease.name).sort(byPValue);
  },
};
