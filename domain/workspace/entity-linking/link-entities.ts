// The entity linker: drugs and genes named in an article's or preprint's title and text, by the rules of
// docs/entity-linking.md (word boundaries, case rules, longest match, context for ambiguous symbols, drug
// classes, intervention roles). Pure: the lexicon is constant data, the graph is data loaded before.
import type { MentionView } from '../../knowledge-graph/mention-index';
import { CLASS_FORMING_GENES, classPhraseEnd, followedByReceptor, hasGeneCue, namesAnotherMolecule, partOfClinicalScore } from './context';
import { defaultIndex, graphTerms, TermIndex } from './lexicon';
import { entityKey, findMentions, pickEntity } from './matcher';
import { calledATest, namesMeasuredSubstance } from './measured-substance';
import { definedAbbreviations, nonDrugAbbreviations } from './abbreviations';
import { mentionRole, type InterventionRole } from './roles';
import { framedAsGiven, framedAsNotGiven } from './intervention-frames';
import type { LinkedKind, Term } from './terms';
import { prepareText, words, type Word } from './text';

export type { InterventionRole } from './roles';

export interface LinkedEntity {
  kind: LinkedKind;
  /** Graph label when the graph knows the entity, else the HGNC symbol or DrugBank name. */
  name: string;
  nodeId: string | null;
  /** Drugs: studied, or background/comparator/mentioned (not the studied intervention). Genes: always studied. */
  role: InterventionRole;
}

export interface LinkResult {
  /** Drugs that are the studied intervention (or simply discussed), in order of first mention. */
  drugs: LinkedEntity[];
  targets: LinkedEntity[];
  /** Drugs named only as background therapy or comparator, or never as given (mentioned): never entities of the record. */
  notStudied: LinkedEntity[];
}

interface Found {
  key: string;
  term: Term;
  first: number;
  last: number;
  needsContext: boolean;
  role: InterventionRole;
  /** A drug mention framed as given or tested (intervention-frames.ts). */
  given: boolean;
  /** A drug mention framed as measured, a placebo vehicle or a test agent (intervention-frames.ts, framedAsNotGiven). */
  notGiven: boolean;
}

function indexesFor(text: string, graph: MentionView | undefined): TermIndex[] {
  const dynamic = new TermIndex();
  for (const node of graph?.mentionedIn(text, ['drug', 'target']) ?? []) for (const t of graphTerms(node)) dynamic.add(t);
  return [defaultIndex(), dynamic];
}

/** Maps a term to the entity it names: its graph node (also for a lexicon symbol the graph knows), else its name. */
function canonicalizer(graph: MentionView | undefined): (t: Term) => string {
  const cache = new Map<string, string>();
  return (t) => {
    const own = entityKey(t);
    let key = cache.get(own);
    if (key === undefined) {
      key = t.nodeId ?? graph?.resolve(t.name, t.kind)?.id ?? own;
      cache.set(own, key);
    }
    return key;
  };
}

/** The receptor gene of a ligand gene: its symbol + "R" (IL6 → IL6R, IL2 → none: IL2R is not a symbol). */
function receptorTerm(ligand: Term, indexes: readonly TermIndex[]): Term | undefined {
  const symbol = `${ligand.name}R`;
  for (const index of indexes) {
    const hit = index.get(symbol).find((t) => t.kind === 'target' && t.name.toUpperCase() === symbol.toUpperCase());
    if (hit) return hit;
  }
  return undefined;
}

/** Mentions with one entity each; drug-class phrases ("ACE inhibitors") and what they enclose dropped. */
function resolveMentions(text: string, ws: readonly Word[], indexes: TermIndex[], canonical: (t: Term) => string, measured: Set<string>): Found[] {
  const found: Found[] = [];
  const testAgents = new Set<string>();
  let classUntil = -1;
  for (const m of findMentions(ws, indexes)) {
    if (ws[m.first]!.start < classUntil) continue;
    const terms = pickEntity(m, canonical);
    const term = terms[0];
    if (!term || (term.kind === 'target' && partOfClinicalScore(ws, m.first))) continue;
    if (term.kind === 'drug' && calledATest(text, ws, m.last)) testAgents.add(canonical(term));
    if (term.kind === 'drug' && namesMeasuredSubstance(text, ws, m.first, m.last)) {
      // The mention links nothing; it still frames the drug as not given in this record (entityRole).
      measured.add(canonical(term));
      continue;
    }
    if (term.kind === 'target' && namesAnotherMolecule(ws, m.last)) {
      // "IL-6 receptor" is IL6R, not IL6: link the receptor gene when the vocabulary holds it.
      const receptor = followedByReceptor(ws, m.last) ? receptorTerm(term, indexes) : undefined;
      if (receptor) found.push({ key: canonical(receptor), term: receptor, first: m.first, last: m.last + 1, needsContext: false, role: 'studied', given: false, notGiven: false });
      continue;
    }
    const classEnd = term.kind === 'target' && CLASS_FORMING_GENES.has(term.name) ? classPhraseEnd(text, ws[m.last]!.end) : null;
    if (classEnd !== null) {
      classUntil = classEnd;
      continue;
    }
    found.push({ key: canonical(term), term, first: m.first, last: m.last, needsContext: terms.every((t) => t.needsContext), role: 'studied', given: false, notGiven: false });
  }
  // A drug the text calls a test (measured-substance.ts, calledATest) is a diagnostic agent throughout the record.
  return testAgents.size > 0 ? found.filter((f) => !testAgents.has(f.key)) : found;
}

/**
 * A short form the text defines for a drug ("etanercept (ETN)") names that drug wherever the text uses it, not
 * what a vocabulary calls it (DrugBank: ETN, erythrityl tetranitrate): mentions are redirected in place. One it
 * defines for words that name no drug ("adjustable maintenance dosing (AMD)"; DrugBank: AMD, methyldopa) names
 * no drug: its drug mentions are dropped.
 */
function applyDefinedAbbreviations(found: Found[], text: string, ws: readonly Word[]): Found[] {
  const spans = found.map((f) => ({ first: f.first, last: f.last, kind: f.term.kind, key: f.key, found: f }));
  const defined = definedAbbreviations(text, ws, spans);
  const drugWords = new Set<number>();
  for (const f of found) if (f.term.kind === 'drug' && !defined.has(text.slice(ws[f.first]!.start, ws[f.last]!.end))) for (let i = f.first; i <= f.last; i++) drugWords.add(i);
  const notDrugs = nonDrugAbbreviations(text, ws, drugWords);
  if (defined.size === 0 && notDrugs.size === 0) return found;
  return found.flatMap((f) => {
    const written = text.slice(ws[f.first]!.start, ws[f.last]!.end);
    const owner = defined.get(written)?.found;
    if (owner && owner.key !== f.key) return [{ ...f, key: owner.key, term: owner.term, needsContext: false }];
    return f.term.kind === 'drug' && !owner && notDrugs.has(written) ? [] : [f];
  });
}

/** Ambiguous mentions kept only with a gene word nearby or the same entity named unambiguously elsewhere. */
function applyContext(found: Found[], ws: readonly Word[]): Found[] {
  const named = new Set(found.filter((f) => !f.needsContext).map((f) => f.key));
  return found.filter((f) => !f.needsContext || named.has(f.key) || hasGeneCue(ws, f.first, f.last));
}

function assignRoles(found: Found[], text: string, ws: readonly Word[], titleWords: number): void {
  const drugWords = new Set<number>();
  for (const f of found) if (f.term.kind === 'drug') for (let i = f.first; i <= f.last; i++) drugWords.add(i);
  for (const f of found) {
    if (f.term.kind !== 'drug') continue;
    f.role = mentionRole(text, ws, f.first, f.last, drugWords);
    f.given = framedAsGiven(text, ws, f.first, f.last, drugWords, titleWords);
    f.notGiven = !f.given && framedAsNotGiven(text, ws, f.first, f.last);
  }
}

/**
 * One role per drug: studied when a title mention carries no cue (the title names the intervention);
 * otherwise the first cue's role when any mention has one; otherwise studied. A studied drug the record frames
 * as not given (measured, a placebo vehicle, a test agent: "reduction in urea", "olive oil placebo") and never as
 * given or tested is only mentioned (issue 28). A drug with neither frame stays studied: no frame is no evidence.
 */
function entityRole(mentions: Found[], titleWords: number, measured: boolean): InterventionRole {
  const role = mentions.some((m) => m.first < titleWords && m.role === 'studied') ? 'studied' : mentions.find((m) => m.role !== 'studied')?.role ?? 'studied';
  const notGiven = measured || mentions.some((m) => m.notGiven);
  return role === 'studied' && notGiven && !mentions.some((m) => m.given) ? 'mentioned' : role;
}

function entities(found: Found[], titleWords: number, graph: MentionView | undefined, measured: ReadonlySet<string>): LinkedEntity[] {
  const byKey = new Map<string, Found[]>();
  for (const f of found) byKey.set(f.key, [...(byKey.get(f.key) ?? []), f]);
  return [...byKey.values()].map((mentions) => {
    const { term, key } = mentions[0]!;
    const node = graph?.node(key);
    const nodeId = node && node.kind === term.kind ? node.id : null;
    return { kind: term.kind, name: node && nodeId ? node.label : term.name, nodeId, role: term.kind === 'drug' ? entityRole(mentions, titleWords, measured.has(key)) : 'studied' };
  });
}

/** Links the drugs and genes of a record's title and text. */
export function linkEntities(input: { title: string; text: string }, graph?: MentionView): LinkResult {
  const title = prepareText(input.title);
  const text = `${title}\n${prepareText(input.text)}`;
  const ws = words(text);
  const titleWords = ws.filter((w) => w.end <= title.length).length;
  const canonical = canonicalizer(graph);
  const measured = new Set<string>();
  const found = applyContext(applyDefinedAbbreviations(resolveMentions(text, ws, indexesFor(text, graph), canonical, measured), text, ws), ws);
  assignRoles(found, text, ws, titleWords);
  const all = entities(found, titleWords, graph, measured);
  return {
    drugs: all.filter((e) => e.kind === 'drug' && e.role === 'studied'),
    targets: all.filter((e) => e.kind === 'target'),
    notStudied: all.filter((e) => e.kind === 'drug' && e.role !== 'studied'),
  };
}
