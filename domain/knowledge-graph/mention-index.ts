// Names of graph nodes as the text linker reads them: the node a provider's name refers to (resolve) and the
// nodes whole-word named in free text (mentionedIn, a token trie). One index for any node list: the store
// graph's Compound and Gene nodes (mention-view.ts) and, until it goes, the legacy curated graph.
import type { GraphNode, NodeKind } from '../kg/graph-data';

/** Terms shorter than this (letters and digits only) are never matched in free text. */
export const MIN_MENTION_LENGTH = 3;

/**
 * A label or synonym made only of these words is never matched in free text: "MET" (the gene) would
 * otherwise be found in every trial that "met its primary endpoint".
 */
export const MENTION_STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at',
  'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by', 'can', 'could', 'did', 'do',
  'does', 'doing', 'down', 'during', 'each', 'few', 'for', 'from', 'further', 'had', 'has', 'have', 'having', 'he',
  'her', 'here', 'hers', 'him', 'his', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'may', 'me', 'more', 'most',
  'my', 'no', 'nor', 'not', 'now', 'of', 'off', 'on', 'once', 'one', 'only', 'or', 'other', 'our', 'out', 'over',
  'own', 'per', 'same', 'she', 'should', 'so', 'some', 'such', 'than', 'that', 'the', 'their', 'them', 'then',
  'there', 'these', 'they', 'this', 'those', 'through', 'to', 'too', 'two', 'under', 'until', 'up', 'very', 'via',
  'was', 'we', 'were', 'what', 'when', 'where', 'which', 'while', 'who', 'whom', 'why', 'will', 'with', 'would',
  'you', 'your', 'yes', 'use', 'used', 'using', 'new', 'non', 'type', 'total', 'large', 'day', 'days',
  // Gene symbols that are everyday words in trial and abstract text.
  'met', 'set', 'rest', 'end', 'arm', 'arms', 'age', 'cat', 'camp',
  // DrugBank vocabulary synonyms that are everyday words of clinical text: "Balance" (isoxaflutole, a herbicide) was
  // a Parkinson's disease candidate from "Functional Balance" and "balance-based exergaming" (issue 28).
  'balance',
]);

/** A token trie over every matchable label and synonym: a walk from each word of a text finds every term starting there. */
interface MentionTrie {
  /** Nodes whose term ends here. */
  nodes: Readonly<GraphNode>[];
  next: Map<string, MentionTrie> | undefined;
}

/** NFKD without marks, lower-cased: "Behçet's" and "behcet's" compare equal. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of a text: runs of letters and digits, folded. Everything else (space, hyphen, slash...) separates. */
export function mentionTokens(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

function exactKey(name: string): string {
  return fold(name).replace(/\s+/g, ' ').trim();
}

/** "IL-6", "IL 6" and "il6" share this key. */
function looseKey(name: string): string {
  return mentionTokens(name).join('');
}

export class MentionIndex {
  /** exact key -> nodes, label matches first. */
  private readonly names = new Map<string, Readonly<GraphNode>[]>();
  private readonly looseNames = new Map<string, Readonly<GraphNode>[]>();
  private readonly mentionRoot: MentionTrie = { nodes: [], next: new Map() };

  constructor(all: readonly Readonly<GraphNode>[]) {
    const add = (index: Map<string, Readonly<GraphNode>[]>, key: string, node: Readonly<GraphNode>) => {
      if (!key) return;
      const list = index.get(key);
      if (!list) index.set(key, [node]);
      else if (!list.includes(node)) list.push(node);
    };
    // Labels before synonyms before ids, so a label wins over another node's synonym.
    for (const pass of ['label', 'synonyms', 'id'] as const) {
      for (const node of all) {
        const names = pass === 'label' ? [node.label] : pass === 'synonyms' ? node.synonyms ?? [] : [node.id];
        for (const name of names) {
          add(this.names, exactKey(name), node);
          add(this.looseNames, looseKey(name), node);
        }
      }
    }
    for (const node of all) {
      for (const name of [node.label, ...(node.synonyms ?? [])]) {
        const tokens = mentionTokens(name);
        if (tokens.join('').length < MIN_MENTION_LENGTH) continue;
        if (tokens.every((t) => MENTION_STOPWORDS.has(t))) continue;
        let at = this.mentionRoot;
        for (const token of tokens) {
          at.next ??= new Map();
          let child = at.next.get(token);
          if (!child) {
            child = { nodes: [], next: undefined };
            at.next.set(token, child);
          }
          at = child;
        }
        if (!at.nodes.includes(node)) at.nodes.push(node);
      }
    }
  }

  /**
   * The node a name refers to: case- and accent-insensitive match of a label, then a synonym, then an id;
   * failing that, the same ignoring punctuation and spacing ("IL6" finds "IL-6"). Optionally of one kind.
   */
  resolve(name: string, kind?: NodeKind): GraphNode | undefined {
    const pick = (candidates: Readonly<GraphNode>[] | undefined) => candidates?.find((n) => !kind || n.kind === kind);
    return pick(this.names.get(exactKey(name))) ?? pick(this.looseNames.get(looseKey(name)));
  }

  /**
   * Nodes of the given kinds whose label or a synonym occurs in `text` as whole words, case- and
   * accent-insensitively. Words are runs of letters and digits; anything else separates them, so "TNF"
   * is found in "TNF-alpha" and "anti-TNF" but not in "TNFR1", "SLE" not in "sleep". A multi-word
   * term matches whatever separates its words ("IL-6" = "IL 6"). Terms under 3 letters/digits and terms
   * made only of stopwords are never matched. Each node once, in order of first mention.
   */
  mentionedIn(text: string, kinds: readonly NodeKind[]): GraphNode[] {
    if (kinds.length === 0 || !text) return [];
    const tokens = mentionTokens(text);
    const found = new Map<string, GraphNode>();
    for (let i = 0; i < tokens.length; i++) {
      let at = this.mentionRoot.next!.get(tokens[i]!);
      for (let j = i + 1; at; j++) {
        for (const node of at.nodes) if (!found.has(node.id) && kinds.includes(node.kind)) found.set(node.id, node);
        if (!at.next || j >= tokens.length) break;
        at = at.next.get(tokens[j]!);
      }
    }
    return [...found.values()];
  }
}

/** What the text linker asks of a graph: a node by id, the node a name refers to, the nodes named in a text. */
export interface MentionView {
  node(id: string): GraphNode | undefined;
  resolve(name: string, kind?: NodeKind): GraphNode | undefined;
  mentionedIn(text: string, kinds: readonly NodeKind[]): GraphNode[];
}
