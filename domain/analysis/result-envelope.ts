// What every analysis result carries (spec §1.3): the module and method, the disease it was computed for,
// the parameters used, the seed where randomness is involved, the snapshots it was computed from, and the
// research-only disclaimer. No timestamp: the same inputs and seed give a byte-identical result.

export const ANALYSIS_DISCLAIMER = 'Research use only. Computed by the named published method from imported public '
  + 'biomedical resources (the snapshots listed); a prioritization for research, not medical advice, and not for diagnosis, '
  + 'treatment or any clinical decision. Absent data means nothing was imported, not evidence against.';

export interface EnvelopeDisease { curie: string; label: string; module_id: string | null }
export interface EnvelopeSnapshot { snapshot_id: string; resource: string }

export interface AnalysisEnvelope {
  module: string;
  method: string;
  disease: EnvelopeDisease | null;
  parameters: Record<string, unknown>;
  seed: number | null;
  snapshots: EnvelopeSnapshot[];
  disclaimer: string;
}

export function analysisEnvelope<T extends object>(args: {
  module: string; method: string; disease?: EnvelopeDisease | null; parameters: Record<string, unknown>; seed?: number | null;
  snapshots: readonly EnvelopeSnapshot[]; body: T;
}): AnalysisEnvelope & T {
  return {
    module: args.module, method: args.method, disease: args.disease ?? null, parameters: args.parameters, seed: args.seed ?? null,
    snapshots: args.snapshots.map((s) => ({ snapshot_id: s.snapshot_id, resource: s.resource })),
    ...args.body, disclaimer: ANALYSIS_DISCLAIMER,
  };
}

/** JSON schema properties of the envelope, for result schemas. */
export const ENVELOPE_PROPERTIES = {
  module: { type: 'string' }, method: { type: 'string' },
  disease: { type: ['object', 'null'], properties: { curie: { type: 'string' }, label: { type: 'string' }, module_id: { type: ['string', 'null'] } } },
  parameters: { type: 'object' }, seed: { type: ['integer', 'null'] },
  snapshots: { type: 'array', items: { type: 'object', properties: { snapshot_id: { type: 'string' }, resource: { type: 'string' } }, required: ['snapshot_id', 'resource'] } },
  disclaimer: { type: 'string' },
} as const;
export const ENVELOPE_REQUIRED = ['module', 'method', 'disease', 'parameters', 'seed', 'snapshots', 'disclaimer'];
