// The typed knowledge graph read claim by claim, for the /api/v1/biomed claim answers (subgraph, claim
// paths): every claim of the active snapshots is one step between two nodes of the graph. The graph's
// walkable edges give their supporting claims; every other claim (a contradicting or neutral claim, a
// relation outside the metagraph such as ASSOCIATED_WITH_GENE or INVOLVES_PATHWAY, a claim whose endpoints
// do not fit its edge type) is an attribute of the pair it names, held in a compact layer beside the edges
// and never walked by the metagraph walkers (/api/kg, the analyses). A CURIE of no node type (GO:…, a
// variant) that only such claims name is a claim-only node, numbered after the graph's own nodes.
// Pure: the claims are rows already read (infra/kg/read-layer-claims.ts).
import { canonicalCurie, prefixOf } from '../biomed/curie';
import { EDGE_TYPE_NAMES, NodeType, nodeTypeOf } from './metagraph';
import { edgeTypeMask, TypedKnowledgeGraph } from './typed-graph';

/** One stored claim, as the biomed answers give it (subject and object as the graph's node ids). */
export interface ClaimEdge { snapshot_id: string; claim_no: number; subject: string; predicate: string; object: string; evidence_direction: string }

/** One claim step out of a node. */
export interface ClaimStep { other: number; claim: ClaimEdge }

export interface ClaimNode { curie: string; kind: string; label: string | null }

/** A claim the graph's edges do not hold, as read from the store. */
export interface LayerClaimRow { snapshot_id: string; claim_no: number; subject: string; predicate: string; object: string; evidence_direction: string }

const KIND_OF_TYPE: Readonly<Record<NodeType, string>> = {
  Disease: 'disease', Gene: 'gene', Compound: 'compound', Pathway: 'pathway', Anatomy: 'anatomy', SideEffect: 'side_effect', Phenotype: 'phenotype',
};
// Claim-only nodes of no node type: the kind their prefix says (the prefixes the claim store writes for genes and pathways), else 'entity'.
const GENE_PREFIXES = new Set(['GENE_SYMBOL', 'HGNC', 'NCBIGENE', 'ENSEMBL', 'UNIPROTKB']);
const PATHWAY_PREFIXES = new Set(['REACTOME', 'GO', 'KEGG', 'WP']);

const EVERY_EDGE_TYPE = edgeTypeMask(EDGE_TYPE_NAMES);

/** Compare claims in store order (snapshot, then claim number). */
export function byStoreOrder(a: ClaimEdge, b: ClaimEdge): number {
  return a.snapshot_id < b.snapshot_id ? -1 : a.snapshot_id > b.snapshot_id ? 1 : a.claim_no - b.claim_no;
}

export class ClaimGraph {
  private readonly extraIds: string[] = [];
  private readonly extraIndex = new Map<string, number>();
  /** Layer claims incident to each node (both endpoints), by node index. */
  private readonly incident = new Map<number, number[]>();
  private readonly claims: { a: number; b: number; claim: ClaimEdge }[] = [];

  constructor(readonly graph: TypedKnowledgeGraph, rows: Iterable<LayerClaimRow>) {
    for (const r of rows) {
      const a = this.nodeFor(r.subject);
      const b = this.nodeFor(r.object);
      const i = this.claims.length;
      this.claims.push({ a, b, claim: { snapshot_id: r.snapshot_id, claim_no: r.claim_no, subject: this.id(a), predicate: r.predicate, object: this.id(b), evidence_direction: r.evidence_direction } });
      this.link(a, i);
      if (b !== a) this.link(b, i);
    }
  }

  get layerClaimCount(): number { return this.claims.length; }

  private link(node: number, claim: number): void {
    const list = this.incident.get(node);
    if (list) list.push(claim); else this.incident.set(node, [claim]);
  }

  private nodeFor(raw: string): number {
    const curie = canonicalCurie(raw);
    const known = this.graph.lookup(curie) ?? this.extraIndex.get(curie);
    if (known !== undefined) return known;
    const i = this.graph.nodeCount + this.extraIds.length;
    this.extraIds.push(curie);
    this.extraIndex.set(curie, i);
    return i;
  }

  /** The node of a CURIE (any spelling the store uses, or an exact alias), or undefined. */
  resolve(curie: string): number | undefined {
    const canonical = canonicalCurie(curie);
    return this.graph.lookup(canonical) ?? this.extraIndex.get(canonical);
  }

  id(node: number): string {
    return node < this.graph.nodeCount ? this.graph.id(node) : this.extraIds[node - this.graph.nodeCount]!;
  }

  /**
   * Kind and label from the graph: its node type and term label (null when no term names it; the graph then
   * labels it by its id). The biomed answers let a term of the active snapshots name it first (infra term-names).
   */
  node(node: number): ClaimNode {
    const curie = this.id(node);
    if (node < this.graph.nodeCount) {
      const label = this.graph.label(node);
      return { curie, kind: KIND_OF_TYPE[this.graph.typeOf(node)], label: label === curie ? null : label };
    }
    const type = nodeTypeOf(curie);
    if (type) return { curie, kind: KIND_OF_TYPE[type], label: null };
    const prefix = prefixOf(curie).toUpperCase();
    return { curie, kind: GENE_PREFIXES.has(prefix) ? 'gene' : PATHWAY_PREFIXES.has(prefix) ? 'pathway' : 'entity', label: null };
  }

  /** Every claim whose predicate is one of `predicates`, with its two nodes (the typed edges' claims first, then the layer's). */
  forEachClaimOf(predicates: ReadonlySet<string>, visit: (a: number, b: number, claim: ClaimEdge) => void): void {
    const g = this.graph;
    for (let e = 0; e < g.edgeCount; e++) {
      if (!predicates.has(g.edgeType(e))) continue;
      const a = g.edgeSource(e);
      const b = g.edgeTarget(e);
      for (const ref of g.claimsOf(e)) {
        if (ref.claim_no >= 0) visit(a, b, { snapshot_id: ref.snapshot_id, claim_no: ref.claim_no, subject: g.id(a), predicate: g.edgeType(e), object: g.id(b), evidence_direction: 'supports' });
      }
    }
    for (const c of this.claims) if (predicates.has(c.claim.predicate)) visit(c.a, c.b, c.claim);
  }

  /** The node's claim neighbours, once per claim, without building the claims (distance rings on large graphs). */
  forEachNeighbour(node: number, visit: (other: number) => void): void {
    const g = this.graph;
    if (node < g.nodeCount) {
      g.forEachStep(node, 'any', EVERY_EDGE_TYPE, (e, other) => {
        for (const ref of g.claimsOf(e)) if (ref.claim_no >= 0) visit(other);
      });
    }
    for (const i of this.incident.get(node) ?? []) { const c = this.claims[i]!; visit(c.a === node ? c.b : c.a); }
  }

  /** Every claim touching the node (the edges' supporting claims, then the layer's), each once. */
  steps(node: number): ClaimStep[] {
    const out: ClaimStep[] = [];
    const g = this.graph;
    if (node < g.nodeCount) {
      g.forEachStep(node, 'any', EVERY_EDGE_TYPE, (e, other) => {
        const subject = g.id(g.edgeSource(e));
        const object = g.id(g.edgeTarget(e));
        // claim_no -1: an ontology hierarchy edge (is_a_edges), not a stored claim.
        for (const ref of g.claimsOf(e)) {
          if (ref.claim_no >= 0) out.push({ other, claim: { snapshot_id: ref.snapshot_id, claim_no: ref.claim_no, subject, predicate: g.edgeType(e), object, evidence_direction: 'supports' } });
        }
      });
    }
    for (const i of this.incident.get(node) ?? []) {
      const c = this.claims[i]!;
      out.push({ other: c.a === node ? c.b : c.a, claim: c.claim });
    }
    return out;
  }
}
