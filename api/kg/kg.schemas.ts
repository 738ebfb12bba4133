// JSON schemas of the /api/kg routes (spec §4.6): they validate requests (422) and document the answers.
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';
import { EDGE_TYPE_NAMES, NODE_TYPES } from '../../domain/knowledge-graph/metagraph';
import { CENTRALITY_METRICS } from '../../domain/knowledge-graph/metrics';
import { DISEASE_ID_PATTERN } from '../../domain/diseases/disease-id-patterns';

export const DEFAULT_DISEASE = 'sle';
export const KG_DISCLAIMER = BIOMED_DISCLAIMER;

const CURIE_OR_MODULE = DISEASE_ID_PATTERN;
export const nodeIdSchema = { type: 'string', minLength: 3, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_.-]*:[^\\s]+$', description: 'Node CURIE (MONDO:0007915, NCBIGene:7124, DRUGBANK:DB00321, REACTOME:R-HSA-…); an exact alias (DOID:…, HGNC:…) finds its node' };
export const diseaseIdSchema = { type: 'string', maxLength: 100, pattern: CURIE_OR_MODULE, description: 'A disease registry module id (sle) or a disease CURIE (MONDO:… or DOID:…)' };
export const edgeTypesSchema = { type: 'array', items: { enum: [...EDGE_TYPE_NAMES] }, maxItems: EDGE_TYPE_NAMES.length, description: 'Edge types to use (repeat the parameter); default: every type but the expression ones (EXPRESSED_IN, UPREGULATED_IN, DOWNREGULATED_IN)' };
export const nodeTypesSchema = { type: 'array', items: { enum: [...NODE_TYPES] }, maxItems: NODE_TYPES.length, description: 'Node types to keep (repeat the parameter)' };
export const metricSchema = { enum: [...CENTRALITY_METRICS], default: 'degree' };

export const nodeJsonSchema = {
  type: 'object', properties: { id: { type: 'string' }, label: { type: 'string' }, type: { enum: [...NODE_TYPES] } }, required: ['id', 'label', 'type'],
};

const citationSchema = {
  type: 'object',
  properties: {
    snapshot_id: { type: 'string' }, resource: { type: 'string' }, claim_no: { type: ['integer', 'null'] },
    reference: { type: ['string', 'null'] }, source_file: { type: ['string', 'null'] }, source_line: { type: ['integer', 'null'] },
    evidence_code: { type: ['string', 'null'] }, qualifiers: { type: ['object', 'null'] },
  },
  required: ['snapshot_id', 'resource', 'claim_no', 'reference'],
};

export const edgeJsonSchema = {
  type: 'object',
  properties: {
    source: { type: 'string' }, target: { type: 'string' }, type: { enum: [...EDGE_TYPE_NAMES] },
    direction: { enum: ['forward', 'reverse'], description: 'forward: walked from subject to object (or a symmetric edge); reverse: walked against its direction' },
    symmetric: { type: 'boolean' }, claim_count: { type: 'integer' }, citations: { type: 'array', items: citationSchema },
  },
  required: ['source', 'target', 'type', 'direction', 'symmetric', 'claim_count', 'citations'],
};

export const snapshotsProperty = {
  type: 'array', description: 'The active snapshots the graph was built from',
  items: { type: 'object', properties: { snapshot_id: { type: 'string' }, resource: { type: 'string' } }, required: ['snapshot_id', 'resource'] },
};

export function kgAnswer(properties: Record<string, unknown>, required: string[]) {
  return {
    type: 'object',
    properties: { ...properties, snapshots: snapshotsProperty, disclaimer: { type: 'string' } },
    required: [...required, 'snapshots', 'disclaimer'],
  };
}

export const kgNotFound = { description: 'Unknown node or disease (detail names it)', schema: { type: 'object', properties: { detail: { type: 'string' }, disclaimer: { type: 'string' } }, required: ['detail'] } };
export const kgBusy = {
  description: 'Every analysis thread is computing and its queue is full (ANALYSIS_THREADS, ANALYSIS_QUEUE_MAX); Retry-After says when to ask again',
  schema: { type: 'object', properties: { detail: { type: 'string' }, disclaimer: { type: 'string' } }, required: ['detail'] },
  headers: { 'Retry-After': { description: 'Seconds', schema: { type: 'integer' } } },
};
