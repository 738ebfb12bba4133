// Canonical JSON and the dossier's provenance fingerprint (pure).
//
// canonicalJson: object keys sorted (by UTF-16 code units), no whitespace, arrays in their given order,
// undefined object members left out (as JSON.stringify does), non-finite numbers as null.
// provenanceFingerprint: SHA-256 hex of the canonical JSON of the provenance inputs. The inputs hold
// only what determines the dossier's content (the normalized request, the disease and its MONDO/EFO
// ids, the selected sources, the filters, each source's retrieval mode, query terms and record count,
// the local-mirror snapshot ids, the scoring configuration, and the retained evidence ids with their
// quality scores). Run ids and
// timestamps are never inputs, so a replay of the same inputs yields the same fingerprint.
import type { DiseaseModule } from '../diseases/disease-module';
import type { EvidenceItem, ResearchRequest } from './dossier-types';
import { DOSSIER_SCHEMA_VERSION } from './dossier-types';
import type { RetrievalMode, SourceName, SourceState } from './sources';
import type { ScoringConfig } from './ranking';
import { sha256Hex } from './hashing';

export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : canonicalJson(v))).join(',')}]`;
      const maybeJson = value as { toJSON?: () => unknown };
      if (typeof maybeJson.toJSON === 'function') return canonicalJson(maybeJson.toJSON());
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    default:
      return 'null';
  }
}

export interface ProvenanceSource {
  source: SourceName;
  status: SourceState;
  retrieval_mode: RetrievalMode | null;
  query_terms: string[];
  record_count: number;
  /** The local-mirror snapshot that answered: the same snapshots give the same fingerprint, a newer one another. */
  snapshot_id?: string;
}

export interface ProvenanceInputs {
  schema_version: string;
  request: ResearchRequest;
  disease: { id: string; mondo_id: string; efo_id: string };
  sources: SourceName[];
  filters: { date_from: string | null; date_to: string | null; candidate_type: ResearchRequest['candidate_type']; max_evidence: number };
  retrieval: ProvenanceSource[];
  scoring: ScoringConfig;
  evidence: { evidence_id: string; quality_score: number }[];
  /** The snapshots of the knowledge graph that explained the candidates (absent: the curated graph). */
  knowledge_graph?: { snapshots: { snapshot_id: string; resource: string }[] };
}

/** Assembles the fingerprint inputs; pass nothing time- or run-specific. */
export function provenanceInputs(args: {
  request: ResearchRequest;
  disease: Pick<DiseaseModule, 'id' | 'mondo_id' | 'efo_id'>;
  sources: readonly ProvenanceSource[];
  scoring: ScoringConfig;
  evidence: readonly Pick<EvidenceItem, 'evidence_id' | 'quality_score'>[];
  knowledgeGraphSnapshots?: readonly { snapshot_id: string; resource: string }[];
}): ProvenanceInputs {
  const { request } = args;
  return {
    schema_version: DOSSIER_SCHEMA_VERSION,
    request: {
      disease_id: request.disease_id,
      question: request.question,
      sources: [...request.sources],
      date_from: request.date_from,
      date_to: request.date_to,
      candidate_type: request.candidate_type,
      max_evidence: request.max_evidence,
      enable_llm: request.enable_llm,
    },
    disease: { id: args.disease.id, mondo_id: args.disease.mondo_id, efo_id: args.disease.efo_id },
    sources: [...request.sources],
    filters: { date_from: request.date_from, date_to: request.date_to, candidate_type: request.candidate_type, max_evidence: request.max_evidence },
    retrieval: args.sources.map((s) => ({ source: s.source, status: s.status, retrieval_mode: s.retrieval_mode, query_terms: [...s.query_terms], record_count: s.record_count, ...(s.snapshot_id ? { snapshot_id: s.snapshot_id } : {}) })),
    scoring: args.scoring,
    evidence: args.evidence.map((e) => ({ evidence_id: e.evidence_id, quality_score: e.quality_score })),
    ...(args.knowledgeGraphSnapshots ? { knowledge_graph: { snapshots: args.knowledgeGraphSnapshots.map((s) => ({ snapshot_id: s.snapshot_id, resource: s.resource })) } } : {}),
  };
}

/** SHA-256 hex over the canonical JSON of the inputs. */
export function provenanceFingerprint(inputs: ProvenanceInputs | Record<string, unknown>): string {
  return sha256Hex(canonicalJson(inputs));
}
