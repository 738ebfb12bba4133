// A sub-disease the question names, resolved through the ontology store (issue 28: "lupus nephritis" was
// not recognised though the store has it): the disease terms below the run's disease in the knowledge graph's
// IS_A hierarchy (MONDO), matched by label or synonym as whole words, the longest match winning. The run keeps
// its disease (its searches, its modules); the sub-disease becomes the question's own term, searched for as a
// boost, with the parent disease as context.
import { edgeTypeIndex } from '../../knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../../knowledge-graph/typed-graph';

export interface SubDisease {
  curie: string;
  label: string;
  /** The question's words that named it. */
  matched: string;
  parent: { curie: string; label: string };
}

export type SubDiseaseFinder = (question: string) => SubDisease | undefined;

const IS_A = edgeTypeIndex('IS_A')!;
const MAX_DESCENDANTS = 5000;
const MIN_NAME_LENGTH = 5;

function isAMask(): Uint8Array {
  const m = new Uint8Array(32);
  m[IS_A] = 1;
  return m;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The descendants of a disease node (children are the sources of IS_A edges into it), breadth first. */
function descendants(g: TypedKnowledgeGraph, root: number): number[] {
  const out: number[] = [];
  const seen = new Set([root]);
  const queue = [root];
  const mask = isAMask();
  for (let i = 0; i < queue.length && out.length < MAX_DESCENDANTS; i++) {
    const node = queue[i]!;
    g.forEachStep(node, 'any', mask, (e, other) => {
      if (g.edgeTarget(e) === node && !seen.has(other)) {
        seen.add(other);
        queue.push(other);
        out.push(other);
      }
    });
  }
  return out;
}

export function subDiseaseFinder(g: TypedKnowledgeGraph, disease: { mondo_id: string; name: string }): SubDiseaseFinder {
  let names: { node: number; name: string }[] | undefined;
  return (question) => {
    const root = g.lookup(disease.mondo_id);
    if (root === undefined) return undefined;
    names ??= descendants(g, root).flatMap((node) => [g.label(node), ...g.synonymsOf(node)].filter((n) => n && n.length >= MIN_NAME_LENGTH).map((name) => ({ node, name })));
    const lower = question.toLowerCase();
    let best: { node: number; matched: string } | undefined;
    for (const { node, name } of names) {
      if (!lower.includes(name.toLowerCase())) continue;
      const m = new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(name)}(?![A-Za-z0-9])`, 'i').exec(question);
      if (m && (!best || m[0].length > best.matched.length)) best = { node, matched: m[0] };
    }
    if (!best) return undefined;
    return { curie: g.id(best.node), label: g.label(best.node), matched: best.matched, parent: { curie: g.id(root), label: g.label(root) || disease.name } };
  };
}
