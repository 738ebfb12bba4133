// What the question contributes to a run: its entities (linked to the knowledge graph, or recognised by
// their shape), its intent, its remaining keywords, and the terms the provider queries and the offline
// ranking use. Recorded in the dossier as `question_analysis` (schema 1.2).
import type { NodeKind } from '../../kg/graph-data';
import type { QuestionExclusion } from './exclusions';
import type { SubDisease } from './sub-disease';

export const INTENTS = ['efficacy', 'safety', 'mechanism', 'biomarker', 'repurposing', 'genetics'] as const;
export type Intent = (typeof INTENTS)[number];

/** How an entity was found: a name of a graph node, a mechanism-class phrase (concepts.ts), or a name shape. */
export type EntityOrigin = 'mention' | 'concept' | 'name_shape';

export interface QuestionEntity {
  /** The knowledge-graph node id; null for a name recognised by shape only (unknown to the graph). */
  id: string | null;
  kind: NodeKind | 'unlinked';
  label: string;
  /** The words of the question that named it (the concept phrase for a concept). */
  matched: string;
  via: EntityOrigin;
  /** The concept (concepts.ts id) that named it, when via is 'concept'. */
  concept?: string;
}

export interface IntentMatch {
  intent: Intent;
  /** The question's words that matched the rule. */
  cues: string[];
}

export interface QuestionAnalysis {
  question: string;
  /** The primary intent (intent.ts primaryIntent), or 'general' when no rule matched. */
  intent: Intent | 'general';
  intents: IntentMatch[];
  entities: QuestionEntity[];
  /** Remaining content words (stopwords, disease words and entity names removed): ranking only, never a filter. */
  keywords: string[];
  /** The entities' search names, OR'd as the optional part of provider queries; empty when no entity was found. */
  boost_terms: string[];
  /** What the offline BM25 ranking scores: boost terms, keywords and the intent's cue vocabulary. */
  ranking_terms: string[];
  /** Which entity linker read the question (graph-view today; the exact linker later). */
  linker: string;
  /** Since 1.4: drugs or classes the question excludes ("who failed TNF inhibitors"), ranked apart. */
  exclusions?: QuestionExclusion[];
  /** Since 1.4: a disease below the run's disease the question names (ontology store, IS_A), parent as context. */
  sub_disease?: SubDisease;
}
