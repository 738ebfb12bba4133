// The text linker's view of the store graph (issue 24 item 2): its Compound nodes as drugs and its Gene nodes
// as targets, each with the names the active snapshots give it (DrugBank vocabulary names and synonyms, HGNC
// symbols, previous symbols and aliases, NCBI Gene synonyms). Node ids are the graph's CURIEs. Built once per
// graph (the graph is immutable), on first use.
import type { GraphNode, NodeKind } from '../kg/graph-data';
import { MentionIndex, type MentionView } from './mention-index';
import type { TypedKnowledgeGraph } from './typed-graph';

const KIND_OF: Readonly<Record<string, NodeKind>> = { Compound: 'drug', Gene: 'target' };

const views = new WeakMap<TypedKnowledgeGraph, MentionView>();

export function storeMentionView(g: TypedKnowledgeGraph): MentionView {
  const cached = views.get(g);
  if (cached) return cached;
  const nodes = new Map<string, GraphNode>();
  for (let i = 0; i < g.nodeCount; i++) {
    const kind = KIND_OF[g.typeOf(i)];
    if (!kind) continue;
    const id = g.id(i);
    // A node without a name of its own (a bare CURIE) is found by nothing in text.
    const label = g.label(i) || id;
    nodes.set(id, { id, kind, label, synonyms: [...g.synonymsOf(i)] });
  }
  const index = new MentionIndex([...nodes.values()]);
  const view: MentionView = {
    node: (id) => nodes.get(id),
    resolve: (name, kind) => index.resolve(name, kind),
    mentionedIn: (text, kinds) => index.mentionedIn(text, kinds),
  };
  views.set(g, view);
  return view;
}
