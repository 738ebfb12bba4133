// Shapes of the knowledge-graph and module answers the entity pages read (api/kg/kg.schemas.ts,
// commands/analysis/*): only the fields the pages show.
import type { EntityKind } from '../../core/entity-links';

export interface KgNode { id: string; label: string; type: string }

export interface KgNodeAnswer {
  node: KgNode;
  synonyms: string[];
  aliases: string[];
  degree_by_type: Record<string, { out: number; in: number }>;
  provenance: { snapshot_id: string; resource: string; edges: number }[];
  disease?: { node: KgNode; distance: number | null };
  disclaimer: string;
}

export interface KgCitation { snapshot_id: string; resource: string; reference?: string | null }

export interface KgNeighbour {
  node: KgNode;
  edge: { source: string; target: string; type: string; direction: 'forward' | 'reverse'; symmetric: boolean; claim_count: number; citations: KgCitation[] };
}

export interface KgNeighbours { node: KgNode; total: number; counts_by_edge_type: Record<string, number>; neighbors: KgNeighbour[] }

/** What an entity page is about once resolved: a graph node if the store has one, else only a name. */
export interface ResolvedEntity {
  kind: EntityKind;
  label: string;
  /** The knowledge-graph node, or null when the store has none (e.g. a biologic DrugBank's seed lacks). */
  nodeId: string | null;
  /** The dossier id (drug:belimumab), when the page was opened from a dossier. */
  candidateId: string | null;
  /** How the node was found, in words. */
  linkedBy: string;
}

export interface ModuleEnvelope { module: string; method: string; disclaimer: string; snapshots: { snapshot_id: string; resource: string }[] }
