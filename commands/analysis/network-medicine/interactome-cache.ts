// The interactome of a knowledge graph, built once per graph (= per set of active snapshots; snapshot rows
// never change, so nothing here goes stale) and shared by the repurposing and disease-module requests:
// the whole interactome, its largest connected component, every interaction's evidence count (one store
// query, domain/network-medicine/interaction-evidence.ts for the rule), and the interactome at each
// confidence level asked for.
import type { Knex } from 'knex';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { buildInteractome, Interactome, largestComponent } from '../../../domain/network-medicine/interactome';
import { interactionEvidence, InteractionClaimEvidence, stringList } from '../../../domain/network-medicine/interaction-evidence';
import { T } from '../../../infra/biomed/store/tables';
import { claimKey } from './claim-qualifiers';

const INTERACTS = edgeTypeIndex('INTERACTS_WITH')!;

interface GraphNetworks {
  full: Interactome;
  largest?: Interactome;
  evidence?: Promise<Map<number, number>>;
  byConfidence: Map<number, Interactome>;
}

const cache = new WeakMap<TypedKnowledgeGraph, GraphNetworks>();

function networks(g: TypedKnowledgeGraph): GraphNetworks {
  let entry = cache.get(g);
  if (!entry) {
    entry = { full: buildInteractome(g), byConfidence: new Map() };
    cache.set(g, entry);
  }
  return entry;
}

/** Every INTERACTS_WITH edge of the graph. */
export function interactome(g: TypedKnowledgeGraph): Interactome {
  return networks(g).full;
}

/** Its largest connected component (network proximity needs finite distances). */
export function interactomeLargestComponent(g: TypedKnowledgeGraph): Interactome {
  const entry = networks(g);
  return (entry.largest ??= largestComponent(entry.full));
}

/**
 * Evidence items per INTERACTS_WITH edge (graph edge index → count), over every claim of the gene pair:
 * one query for the interactome's claims, then the union per pair.
 */
export function interactionEvidenceCounts(db: Knex, g: TypedKnowledgeGraph): Promise<Map<number, number>> {
  const entry = networks(g);
  if (!entry.evidence) {
    entry.evidence = readEvidenceCounts(db, g);
    entry.evidence.catch(() => { entry.evidence = undefined; });
  }
  return entry.evidence;
}

async function readEvidenceCounts(db: Knex, g: TypedKnowledgeGraph): Promise<Map<number, number>> {
  const { edgeType, edgeSrc, edgeDst } = g.adjacency();
  const pairOfEdge = new Map<number, number>();
  const pairIds = new Map<string, number>();
  const pairOfClaim = new Map<string, number>();
  const snapshots = new Set<string>();
  for (let e = 0; e < g.edgeCount; e++) {
    if (edgeType[e] !== INTERACTS) continue;
    const a = Math.min(edgeSrc[e]!, edgeDst[e]!);
    const b = Math.max(edgeSrc[e]!, edgeDst[e]!);
    const key = `${a}:${b}`;
    let pair = pairIds.get(key);
    if (pair === undefined) pairIds.set(key, pair = pairIds.size);
    pairOfEdge.set(e, pair);
    for (const ref of g.claimsOf(e)) { pairOfClaim.set(claimKey(ref), pair); snapshots.add(ref.snapshot_id); }
  }
  const perPair: InteractionClaimEvidence[][] = Array.from({ length: pairIds.size }, () => []);
  if (snapshots.size > 0) {
    const { rows } = await db.raw(`select snapshot_id, claim_no, qualifiers->'pubmed_ids' as pubmed_ids, qualifiers->'methods' as methods from ${T.claims}
      where snapshot_id = any(?::text[]) and predicate = 'INTERACTS_WITH' and evidence_direction = 'supports'`, [[...snapshots].sort()]);
    for (const r of rows as { snapshot_id: string; claim_no: number; pubmed_ids: unknown; methods: unknown }[]) {
      const pair = pairOfClaim.get(claimKey(r));
      if (pair !== undefined) perPair[pair]!.push({ pubmed_ids: stringList(r.pubmed_ids), methods: stringList(r.methods) });
    }
  }
  const pairCount = perPair.map((claims) => interactionEvidence(claims).count);
  const out = new Map<number, number>();
  for (const [e, pair] of pairOfEdge) out.set(e, pairCount[pair]!);
  return out;
}

/** The interactome of the interactions with at least `confidence` evidence items (1: every interaction with any). */
export async function interactomeAtConfidence(db: Knex, g: TypedKnowledgeGraph, confidence: number): Promise<Interactome> {
  const entry = networks(g);
  const known = entry.byConfidence.get(confidence);
  if (known) return known;
  const counts = await interactionEvidenceCounts(db, g);
  const network = buildInteractome(g, (e) => (counts.get(e) ?? 0) >= confidence);
  entry.byConfidence.set(confidence, network);
  return network;
}
