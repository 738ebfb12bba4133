// GTEx Portal API v2: the disease's genes resolved to versioned GENCODE ids with GET /reference/gene
// (geneId repeated per gene; skipped for genes configured as versioned ids), then their median
// expression in the disease's tissues with GET /expression/medianGeneExpression (gencodeId and
// tissueSiteDetailId repeated, datasetId gtex_v8). The offline corpus is one medianGeneExpression
// response ({ data: [...], paging_info }). Expression data carry no date.
import type { SourceRecord } from '../../../domain/workspace/sources';
import type { ProviderHttp, SourceAdapter, SourceQuery } from '../source-adapter';
import { isObject, malformed, num, snippet, str, parseJson } from '../response-fields';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const DATASET = 'gtex_v8';
const VERSIONED_GENCODE = /^ENSG\d+\.\d+/i;

/** path?name=v1&name=v2...: GTEx reads list parameters as repeated query parameters. */
function repeated(params: Record<string, string[]>): string {
  const search = new URLSearchParams();
  for (const [name, values] of Object.entries(params)) for (const value of values) search.append(name, value);
  return search.toString();
}

function dataOf(body: unknown): unknown[] {
  if (!isObject(body) || !Array.isArray(body.data)) throw malformed('expected { data: [...] }');
  return body.data;
}

/** Versioned GENCODE ids of the requested genes (symbols or unversioned ids) from a /reference/gene answer, in request order. */
export function parseGenes(body: unknown, requested: string[]): string[] {
  const genes = dataOf(body).map(obj);
  const ids: string[] = [];
  for (const wanted of requested) {
    const key = wanted.toUpperCase();
    const gene = genes.find((g) => (str(g.geneSymbolUpper) ?? str(g.geneSymbol)?.toUpperCase()) === key || str(g.gencodeId)?.toUpperCase().split('.')[0] === key);
    const id = str(gene?.gencodeId);
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

function toRecord(row: unknown): SourceRecord | null {
  const r = obj(row);
  const gencodeId = str(r.gencodeId);
  const tissue = str(r.tissueSiteDetailId);
  if (!gencodeId || !tissue) return null;
  const symbol = str(r.geneSymbol);
  const label = symbol ?? gencodeId;
  const median = num(r.median);
  const shown = median !== undefined ? String(Number(median.toFixed(2))) : undefined;
  const unit = str(r.unit) ?? 'TPM';
  const tissueName = tissue.replace(/_/g, ' ');
  const dataset = str(r.datasetId) ?? DATASET;
  return {
    source: 'gtex',
    nativeId: `${gencodeId}/${tissue}`,
    recordType: 'expression',
    title: `${label} expression in ${tissueName}${shown !== undefined ? `: median ${shown} ${unit}` : ''} (GTEx)`,
    url: `https://gtexportal.org/home/gene/${encodeURIComponent(label)}`,
    text: snippet(`Median expression of ${label} (${gencodeId}) in ${tissueName} (${tissue}${str(r.ontologyId) ? `, ${str(r.ontologyId)}` : ''}): ${shown !== undefined ? `${shown} ${unit}` : 'not reported'}; GTEx dataset ${dataset}.`),
    published: null,
    structured: { drugs: [], targets: symbol ? [symbol] : [], pathways: [] },
    attributes: { ...(median !== undefined ? { medianTpm: median } : {}), tissue },
  };
}

/** Parses a medianGeneExpression answer (live or corpus file), highest median first. */
export function parseMedianExpression(body: unknown): SourceRecord[] {
  return dataOf(body)
    .map(toRecord)
    .filter((r): r is SourceRecord => r !== null)
    .sort((a, b) => (b.attributes.medianTpm ?? -1) - (a.attributes.medianTpm ?? -1));
}

export const gtexAdapter: SourceAdapter = {
  name: 'gtex',
  defaultBaseUrl: 'https://gtexportal.org/api/v2',
  minIntervalMs: 150,
  corpusExtension: 'json',

  isConfigured: (disease) => (disease.search.gtex?.genes?.length ?? 0) > 0 && (disease.search.gtex?.tissues?.length ?? 0) > 0,

  queryTerms: (disease) => [...disease.search.gtex!.genes, ...disease.search.gtex!.tissues],

  async fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]> {
    const { genes, tissues } = query.disease.search.gtex!;
    const gencodeIds = genes.filter((g) => VERSIONED_GENCODE.test(g));
    const toResolve = genes.filter((g) => !VERSIONED_GENCODE.test(g));
    if (toResolve.length > 0) {
      const body = await http.getJson(`reference/gene?${repeated({ geneId: toResolve })}`, { gencodeVersion: 'v26', genomeBuild: 'GRCh38/hg38', itemsPerPage: 250 });
      for (const id of parseGenes(body, toResolve)) if (!gencodeIds.includes(id)) gencodeIds.push(id);
    }
    if (gencodeIds.length === 0) return [];
    const body = await http.getJson(`expression/medianGeneExpression?${repeated({ gencodeId: gencodeIds, tissueSiteDetailId: tissues })}`, {
      datasetId: DATASET,
      itemsPerPage: Math.min(100_000, Math.max(250, gencodeIds.length * tissues.length)),
    });
    return parseMedianExpression(body);
  },

  parseCorpus(content) {
    return parseMedianExpression(parseJson(content));
  },
};
