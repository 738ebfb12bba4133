// The port the question parser links names through. Today: the workspace graph's own resolver
// (GraphView.mentionedIn, whole-word, case-insensitive); the exact linker being built in
// domain/workspace/entity-linking/ can implement the same interface and be passed instead.
import type { NodeKind } from '../../kg/graph-data';
import type { GraphView } from '../../kg/graph-view';

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
