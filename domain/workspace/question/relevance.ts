// Offline, the bundled corpus stands in for a provider's search, so it is searched the way the live
// query searches (see provider-queries.ts): for the sources whose live query requires one of the
// question's entities (ENTITY_FILTERED_SOURCES), a record is kept only when it names one — by a graph
// name in its text or structured fields, by a drug that acts on a named target (a mechanism edge), or by
// a boost phrase ("Janus kinase"); then every source's records are ordered by BM25 (domain/retrieval/bm25.ts)
// over title, text and structured names (each record object tokenised once: record-terms.ts) against the
// question's ranking terms, ties kept in provider order. The pipeline caps records at max_evidence after
// this, so the order decides what is kept.
import type { SourceName, SourceRecord } from '../sources';
import { bm25ScoresOfBags } from '../../retrieval/bm25';
import { recordTermBag, recordText } from './record-terms';
import type { QuestionEntityLinker } from './entity-linker';
import { matchedName } from './entity-linker';
import type { QuestionAnalysis } from './types';

/** The live query of these sources ANDs the question's entities (OR'd); the others ignore the question. */
export const ENTITY_FILTERED_SOURCES: readonly SourceName[] = ['pubmed', 'clinical_trials', 'biorxiv'];

export interface RelevanceNote {
  ranked_by: 'bm25';
  /** True when records were required to name one of the question's entities. */
  entity_filter: boolean;
  kept: number;
  of: number;
}

export interface RelevanceOutcome {
  records: SourceRecord[];
  note: RelevanceNote;
}

export { recordText } from './record-terms';

function recordEntityIds(record: SourceRecord, linker: QuestionEntityLinker): Set<string> {
  const ids = new Set(linker.link(recordText(record), ['drug', 'target', 'pathway', 'phenotype']).map((n) => n.id));
  const structured: [string[], 'drug' | 'target' | 'pathway'][] = [[record.structured.drugs, 'drug'], [record.structured.targets, 'target'], [record.structured.pathways, 'pathway']];
  for (const [names, kind] of structured) for (const name of names) {
    const node = linker.lookup(name, kind);
    if (node) ids.add(node.id);
  }
  return ids;
}

/** Whether the record names one of the question's entities (directly, through a drug's target, or by a boost phrase). */
export function namesQuestionEntity(record: SourceRecord, analysis: QuestionAnalysis, linker: QuestionEntityLinker): boolean {
  const focus = new Set(analysis.entities.map((e) => e.id).filter((id): id is string => id !== null));
  const focusTargets = analysis.entities.filter((e) => e.kind === 'target' && e.id).map((e) => e.id!);
  const ids = recordEntityIds(record, linker);
  if ([...ids].some((id) => focus.has(id))) return true;
  const drugs = [...ids].filter((id) => id.startsWith('drug:'));
  if (drugs.some((d) => focusTargets.some((t) => linker.actsOn(d, t)))) return true;
  return matchedName(recordText(record), analysis.boost_terms) !== undefined;
}

/** The records a question-aware search of this source returns, most relevant first. */
export function rankByRelevance(source: SourceName, records: readonly SourceRecord[], analysis: QuestionAnalysis, linker: QuestionEntityLinker): RelevanceOutcome {
  const filter = ENTITY_FILTERED_SOURCES.includes(source) && analysis.entities.length > 0;
  const kept = filter ? records.filter((r) => namesQuestionEntity(r, analysis, linker)) : [...records];
  const scores = bm25ScoresOfBags(kept.map(recordTermBag), analysis.ranking_terms);
  const order = kept.map((record, i) => ({ record, score: scores[i] ?? 0, i }));
  order.sort((a, b) => b.score - a.score || a.i - b.i);
  return { records: order.map((o) => o.record), note: { ranked_by: 'bm25', entity_filter: filter, kept: kept.length, of: records.length } };
}
