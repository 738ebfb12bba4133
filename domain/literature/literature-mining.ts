// Literature mining for one disease (pure): in the articles retrieved for the disease, the genes and drugs
// each article names together with the disease (co-mention, as in PubGene: Jenssen et al., Nat Genet
// 2001;28:21–28), read with the exact entity linker (docs/entity-linking.md: background and comparator
// drugs are not counted), counted per entity and per year, with each article's outcome class read by the
// effect reader (domain/effects: conclusions, then results, decide; direction and favourability mapped as in
// dossiers by domain/workspace/effect-outcome.ts). Counts only: no score is invented.
import type { MentionView } from '../knowledge-graph/mention-index';
import { linkEntities, type LinkedEntity } from '../workspace/entity-linking/link-entities';
import { outcomeClassOfEffect, readRecordText } from '../workspace/effect-outcome';
import { diseaseMatcher } from './disease-mention';

/** An article's outcome class: positive, null, negative, harm, or none (no result statement, or favourability unknown). */
export type OutcomeClass = 'positive' | 'null' | 'negative' | 'harm' | 'none';

export interface LiteratureRecord {
  pmid: string;
  title: string;
  /** The whole abstract. */
  text: string;
  published: string | null;
  /** A made-up example of the bundled offline corpus: never linked to PubMed. */
  synthetic: boolean;
  url: string;
}

export interface EntityIds {
  /** NCBIGene:… for a gene symbol, DRUGBANK:… for a drug name, or null when unknown. */
  gene(symbol: string): string | null;
  drug(name: string): string | null;
}

export interface MiningOptions {
  diseaseNames: readonly string[];
  graph?: MentionView;
  ids: EntityIds;
  /** Keep only genes this accepts (targeted: drug targets); drugs are always kept. */
  keepGene?(id: string | null): boolean;
  /** At most this many genes and this many drugs are listed (most articles first). */
  maxEntities: number;
}

type OutcomeCounts = Record<OutcomeClass, number>;
const noOutcomes = (): OutcomeCounts => ({ positive: 0, null: 0, negative: 0, harm: 0, none: 0 });

export interface EntityRow {
  id: string | null;
  label: string;
  articles: number;
  pmids: { pmid: string; synthetic: boolean }[];
  per_year: Record<string, number>;
  outcomes: OutcomeCounts;
}

export interface ArticleRow {
  pmid: string;
  title: string;
  year: number | null;
  synthetic: boolean;
  url: string | null;
  names_disease: boolean;
  /**
   * rule: 'effect_reader' (a result sentence read by the effect reader; direction and favourability given),
   * 'verdict_cues' (a verdict without an outcome, "was effective", read by the cue rules) or 'none';
   * cue: the words and figures that decided; sentence: the deciding sentence, quoted.
   */
  outcome: {
    class: OutcomeClass; rule: 'effect_reader' | 'verdict_cues' | 'none'; cue: string | null; hedged: boolean; sentence: string | null;
    direction?: 'increased' | 'decreased' | 'no_difference'; favourability?: 'favourable' | 'unfavourable' | 'null' | 'unknown';
  };
  genes: string[];
  drugs: string[];
  not_studied: { name: string; role: string }[];
}

export interface LiteratureMining {
  counts: {
    articles_retrieved: number; articles_naming_disease: number; articles_with_gene: number; articles_with_drug: number;
    synthetic_articles: number; genes: number; drugs: number; genes_left_out_untargeted: number;
  };
  per_year: { year: number | null; articles: number; with_gene: number; with_drug: number }[];
  outcome_classes: OutcomeCounts;
  genes: EntityRow[];
  drugs: EntityRow[];
  articles: ArticleRow[];
}

function yearOf(published: string | null): number | null {
  const m = /^(\d{4})/.exec(published ?? '');
  return m ? Number(m[1]) : null;
}

function readArticle(r: LiteratureRecord, named: (t: string) => boolean, graph: MentionView | undefined): { row: ArticleRow; genes: LinkedEntity[]; drugs: LinkedEntity[] } {
  const linked = linkEntities({ title: r.title, text: r.text }, graph);
  const row: ArticleRow = {
    pmid: r.pmid, title: r.title, year: yearOf(r.published), synthetic: r.synthetic, url: r.synthetic ? null : r.url,
    names_disease: named(`${r.title}\n${r.text}`),
    outcome: articleOutcome(r.text),
    genes: linked.targets.map((t) => t.name), drugs: linked.drugs.map((d) => d.name),
    not_studied: linked.notStudied.map((d) => ({ name: d.name, role: d.role })),
  };
  return { row, genes: linked.targets, drugs: linked.drugs };
}

const HEDGE = /\b(?:may|might|could|possibly|potentially|suggests?|suggested|appears? to|seems? to)\b/i;

/** The article's outcome: its deciding result sentence (conclusions, then results) read by the effect reader. */
export function articleOutcome(text: string): ArticleRow['outcome'] {
  const reading = readRecordText(text);
  const decided = reading.effects[0];
  if (decided) {
    const cls = outcomeClassOfEffect(decided);
    const label = decided.reading.label as 'increased' | 'decreased' | 'no_difference';
    return {
      class: cls === 'positive' || cls === 'null' || cls === 'negative' || cls === 'harm' ? cls : 'none',
      rule: 'effect_reader', cue: decided.reading.explanation.deciding.join('; ') || null, hedged: HEDGE.test(decided.sentence),
      sentence: decided.sentence, direction: label, favourability: decided.favourability,
    };
  }
  if (reading.verdict) {
    const call = reading.verdict.call;
    return { class: call.class, rule: 'verdict_cues', cue: call.cue, hedged: call.hedged, sentence: reading.verdict.sentence };
  }
  return { class: 'none', rule: 'none', cue: null, hedged: false, sentence: null };
}

function tally(rows: Map<string, EntityRow>, id: string | null, label: string, article: ArticleRow): void {
  const key = id ?? `name:${label.toLowerCase()}`;
  let row = rows.get(key);
  if (!row) rows.set(key, (row = { id, label, articles: 0, pmids: [], per_year: {}, outcomes: noOutcomes() }));
  row.articles += 1;
  row.pmids.push({ pmid: article.pmid, synthetic: article.synthetic });
  const year = String(article.year ?? 'undated');
  row.per_year[year] = (row.per_year[year] ?? 0) + 1;
  row.outcomes[article.outcome.class] += 1;
}

function ranked(rows: Map<string, EntityRow>, max: number): EntityRow[] {
  return [...rows.values()].sort((a, b) => b.articles - a.articles || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0)).slice(0, max);
}

function perYear(articles: ArticleRow[]): LiteratureMining['per_year'] {
  const byYear = new Map<number | null, { year: number | null; articles: number; with_gene: number; with_drug: number }>();
  for (const a of articles) {
    const row = byYear.get(a.year) ?? { year: a.year, articles: 0, with_gene: 0, with_drug: 0 };
    row.articles += 1;
    if (a.genes.length > 0) row.with_gene += 1;
    if (a.drugs.length > 0) row.with_drug += 1;
    byYear.set(a.year, row);
  }
  return [...byYear.values()].sort((a, b) => (a.year ?? 9999) - (b.year ?? 9999));
}

export function mineLiterature(records: readonly LiteratureRecord[], options: MiningOptions): LiteratureMining {
  const named = diseaseMatcher(options.diseaseNames);
  const genes = new Map<string, EntityRow>();
  const drugs = new Map<string, EntityRow>();
  const outcomes = noOutcomes();
  const articles: ArticleRow[] = [];
  const leftOut = new Set<string>();
  for (const record of records) {
    const { row, genes: g, drugs: d } = readArticle(record, named, options.graph);
    articles.push(row);
    if (!row.names_disease) continue;
    outcomes[row.outcome.class] += 1;
    for (const gene of g) {
      const id = options.ids.gene(gene.name);
      if (options.keepGene && !options.keepGene(id)) leftOut.add(gene.name);
      else tally(genes, id, gene.name, row);
    }
    for (const drug of d) tally(drugs, options.ids.drug(drug.name), drug.name, row);
  }
  const cited = articles.filter((a) => a.names_disease);
  return {
    counts: {
      articles_retrieved: articles.length, articles_naming_disease: cited.length,
      articles_with_gene: cited.filter((a) => a.genes.length > 0).length, articles_with_drug: cited.filter((a) => a.drugs.length > 0).length,
      synthetic_articles: articles.filter((a) => a.synthetic).length, genes: genes.size, drugs: drugs.size, genes_left_out_untargeted: leftOut.size,
    },
    per_year: perYear(cited),
    outcome_classes: outcomes,
    genes: ranked(genes, options.maxEntities),
    drugs: ranked(drugs, options.maxEntities),
    articles,
  };
}
