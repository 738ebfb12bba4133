// Bgee's calls as the knowledge graph holds them (infra/biomed/importers/bgee.ts): a gene EXPRESSED_IN an
// anatomy term (presence in adult tissue), UPREGULATED_IN / DOWNREGULATED_IN (differential expression: over-
// or under-expressed in that tissue compared with the others). A matrix 0 writes no edge: an absent call,
// never "not expressed". Read in one pass over the edge arrays, indexed both ways.
import { edgeTypeIndex } from '../knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';

const EXPRESSED = edgeTypeIndex('EXPRESSED_IN')!;
const UP = edgeTypeIndex('UPREGULATED_IN')!;
const DOWN = edgeTypeIndex('DOWNREGULATED_IN')!;

export type CallKind = 'present' | 'over' | 'under';

export interface ExpressionCalls {
  /** Gene node -> anatomy nodes, sorted, per call kind. */
  readonly byGene: Readonly<Record<CallKind, ReadonlyMap<number, readonly number[]>>>;
  /** Anatomy node -> gene nodes, sorted, per call kind. */
  readonly byAnatomy: Readonly<Record<CallKind, ReadonlyMap<number, readonly number[]>>>;
  /** Every anatomy node with at least one call, sorted. */
  readonly anatomy: readonly number[];
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value); else map.set(key, [value]);
}

const sorted = (m: Map<number, number[]>) => new Map([...m].sort((a, b) => a[0] - b[0]).map(([k, v]) => [k, v.sort((x, y) => x - y)]));

export function expressionCalls(g: TypedKnowledgeGraph): ExpressionCalls {
  const { edgeSrc, edgeDst, edgeType } = g.adjacency();
  const kindOf = new Map<number, CallKind>([[EXPRESSED, 'present'], [UP, 'over'], [DOWN, 'under']]);
  const byGene = { present: new Map<number, number[]>(), over: new Map<number, number[]>(), under: new Map<number, number[]>() };
  const byAnatomy = { present: new Map<number, number[]>(), over: new Map<number, number[]>(), under: new Map<number, number[]>() };
  const anatomy = new Set<number>();
  for (let e = 0; e < g.edgeCount; e++) {
    const kind = kindOf.get(edgeType[e]!);
    if (!kind) continue;
    push(byGene[kind], edgeSrc[e]!, edgeDst[e]!);
    push(byAnatomy[kind], edgeDst[e]!, edgeSrc[e]!);
    anatomy.add(edgeDst[e]!);
  }
  return {
    byGene: { present: sorted(byGene.present), over: sorted(byGene.over), under: sorted(byGene.under) },
    byAnatomy: { present: sorted(byAnatomy.present), over: sorted(byAnatomy.over), under: sorted(byAnatomy.under) },
    anatomy: [...anatomy].sort((a, b) => a - b),
  };
}
