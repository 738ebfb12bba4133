// The port the question parser links names through: the exact linker (exactLinker, the one articles are read
// with) in the pipeline; the graph's own resolver (graphLinker: GraphView.mentionedIn, whole-word,
// case-insensitive) for lookups and mechanism edges.
import type { NodeKind } from '../../kg/graph-data';
import type { GraphView } from '../../kg/graph-view';
import { linkEntities } from '../entity-linking/link-entities';
import { unresolvedEntityId } from '../entity-ids';

export interface LinkedName {
  id: string;
  kind: NodeKind;
  label: string;
  /** The words of the text that named the node. */
  matched: string;
}

export interface QuestionEntityLinker {
  /** Recorded in the dossier (question_analysis.linker). */
  readonly name: string;
  /** Nodes of these kinds named in the text (whole words), in order of first mention. */
  link(text: string, kinds: readonly NodeKind[]): LinkedName[];
  /** The node of an exact name or symbol, when the vocabulary knows it. */
  lookup(name: string, kind: NodeKind): LinkedName | undefined;
  /** True when the vocabulary says this drug acts on this target (a mechanism edge). */
  actsOn(drugId: string, targetId: string): boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Which of the node's names occurs in the text as whole words (the longest), else its label. */
export function matchedName(text: string, names: readonly string[]): string | undefined {
  const sorted = [...names].sort((a, b) => b.length - a.length);
  for (const name of sorted) {
    const pattern = escapeRegExp(name.trim()).replace(/[\s-]+/g, '[\\s-]*');
    const m = new RegExp(`(?<![A-Za-z0-9])${pattern}(?![A-Za-z0-9])`, 'i').exec(text);
    if (m) return m[0];
  }
  return undefined;
}

export function graphLinker(graph: GraphView): QuestionEntityLinker {
  return {
    name: 'graph-view',
    link(text, kinds) {
      return graph.mentionedIn(text, kinds).map((n) => ({ id: n.id, kind: n.kind, label: n.label, matched: matchedName(text, [n.label, ...(n.synonyms ?? [])]) ?? n.label }));
    },
    lookup(name, kind) {
      const node = graph.resolve(name, kind);
      return node ? { id: node.id, kind: node.kind, label: node.label, matched: name } : undefined;
    },
    actsOn(drugId, targetId) {
      return graph.findPath({ from: drugId, to: targetId, maxHops: 1, relations: ['targets'] }) !== undefined;
    },
  };
}

/**
 * The exact linker (domain/workspace/entity-linking/, docs/entity-linking.md) for the question's text — word
 * boundaries, case rules, drug classes ("JAK inhibitors" names no gene "JAK"), the NCBI Gene and DrugBank
 * lexicon — with the graph for exact lookups and mechanism edges. The question's names link as an
 * article's would, so "TNFSF11" never becomes TNF in a question either.
 */
export function exactLinker(graph: GraphView): QuestionEntityLinker {
  const viaGraph = graphLinker(graph);
  return {
    name: 'exact',
    link(text, kinds) {
      const linked = linkEntities({ title: '', text }, graph);
      const all = [...linked.drugs, ...linked.notStudied, ...linked.targets]
        .filter((e) => kinds.includes(e.kind))
        .map((e) => ({ id: e.nodeId ?? unresolvedEntityId(e.kind, e.name), kind: e.kind as NodeKind, label: graph.node(e.nodeId ?? '')?.label ?? e.name, matched: matchedName(text, [e.name]) ?? e.name }));
      const seen = new Set<string>();
      return all.filter((e) => !seen.has(e.id) && seen.add(e.id));
    },
    lookup: viaGraph.lookup,
    actsOn: viaGraph.actsOn,
  };
}
