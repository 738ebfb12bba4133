// Open Targets Platform GraphQL API: one POST /graphql asking for the disease's associated targets
// (disease(efoId) { associatedTargets(page) { rows { score datatypeScores { id score } target {...} } } }),
// ranked by the overall association score. The offline corpus is one such response ({ data: { disease: ... } }).
// Query errors come back as { errors: [{ message }] }; associations carry no date.
import type { SourceRecord } from '../../../domain/workspace/sources';
import { ProviderError, type ProviderHttp, type SourceAdapter, type SourceQuery } from '../source-adapter';
import { arr, isObject, malformed, num, snippet, str, parseJson } from '../response-fields';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const MAX_PAGE_SIZE = 500;

export const ASSOCIATED_TARGETS_QUERY = `query DiseaseAssociatedTargets($efoId: String!, $size: Int!) {
  disease(efoId: $efoId) {
    id
    name
    associatedTargets(page: { index: 0, size: $size }) {
      count
      rows {
        score
        datatypeScores {
          id
          score
        }
        target {
          id
          approvedSymbol
          approvedName
        }
      }
    }
  }
}`;

function toRecord(row: unknown, efoId: string, diseaseName: string): SourceRecord | null {
  const r = obj(row);
  const target = obj(r.target);
  const ensemblId = str(target.id);
  if (!ensemblId) return null;
  const symbol = str(target.approvedSymbol);
  const name = str(target.approvedName);
  const score = num(r.score);
  // Genetic support is the genetic_association data type alone: the overall score also counts known drugs.
  const genetic = num(arr(r.datatypeScores).map(obj).find((d) => str(d.id) === 'genetic_association')?.score);
  const label = symbol ?? ensemblId;
  const scoreText = score !== undefined ? `overall association score ${score.toFixed(3)}` : 'no overall association score';
  return {
    source: 'opentargets',
    nativeId: `${efoId}/${ensemblId}`,
    recordType: 'target_association',
    title: `${label} association with ${diseaseName}${score !== undefined ? ` (score ${score.toFixed(2)})` : ''}`,
    url: `https://platform.opentargets.org/evidence/${encodeURIComponent(ensemblId)}/${encodeURIComponent(efoId)}`,
    text: snippet(`${label}${name ? ` (${name}, ${ensemblId})` : ` (${ensemblId})`} is associated with ${diseaseName} (${efoId}) in the Open Targets Platform: ${scoreText}.`),
    published: null,
    structured: { drugs: [], targets: symbol ? [symbol] : [], pathways: [] },
    attributes: {
      ...(score !== undefined ? { associationScore: score } : {}),
      ...(genetic !== undefined ? { geneticAssociationScore: genetic } : {}),
    },
  };
}

/** Parses a GraphQL answer to ASSOCIATED_TARGETS_QUERY (live answer or corpus file), strongest association first. */
export function parseAssociatedTargets(body: unknown, efoId: string): SourceRecord[] {
  if (!isObject(body)) throw malformed('expected a GraphQL response object');
  const errors = arr(body.errors);
  if (errors.length > 0) throw new ProviderError(`provider error: ${str(obj(errors[0]).message) ?? 'GraphQL error without a message'}`, false);
  if (!isObject(body.data) || !('disease' in body.data)) throw malformed('expected { data: { disease } }');
  const disease = body.data.disease;
  if (disease === null) return []; // an EFO id the Platform does not know
  if (!isObject(disease)) throw malformed('data.disease is not an object');
  const associated = disease.associatedTargets;
  if (!isObject(associated) || !Array.isArray(associated.rows)) throw malformed('expected disease.associatedTargets.rows');
  const id = str(disease.id) ?? efoId;
  const name = str(disease.name) ?? id;
  return associated.rows
    .map((row) => toRecord(row, id, name))
    .filter((r): r is SourceRecord => r !== null)
    .sort((a, b) => (b.attributes.associationScore ?? 0) - (a.attributes.associationScore ?? 0));
}

export const opentargetsAdapter: SourceAdapter = {
  name: 'opentargets',
  defaultBaseUrl: 'https://api.platform.opentargets.org/api/v4',
  minIntervalMs: 200,
  corpusExtension: 'json',

  isConfigured: (disease) => Boolean(disease.search.opentargets?.efo_id),

  queryTerms: (disease) => [disease.search.opentargets!.efo_id],

  async fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]> {
    const efoId = query.disease.search.opentargets!.efo_id;
    const body = await http.postJson('graphql', {
      operationName: 'DiseaseAssociatedTargets',
      query: ASSOCIATED_TARGETS_QUERY,
      variables: { efoId, size: Math.max(1, Math.min(query.limit, MAX_PAGE_SIZE)) },
    });
    return parseAssociatedTargets(body, efoId);
  },

  parseCorpus(content, query) {
    return parseAssociatedTargets(parseJson(content), query.disease.search.opentargets?.efo_id ?? query.disease.efo_id);
  },
};
