// The text files of a review bundle (pure): citations.csv (RFC 4180, with spreadsheet formula
// injection neutralized) and review.md (Markdown review notes, every piece of source or researcher
// text escaped so it renders as the words it is, never as markup).
import { DISCLAIMER, Dossier, EvidenceItem } from './dossier-types';

// ---------------------------------------------------------------------------------------------- CSV

/** Cells a spreadsheet would evaluate as a formula start with one of these (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field: a formula-like cell is prefixed with a single quote; a field with a comma, quote or line break is quoted, quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records separated (and terminated) by CRLF, as RFC 4180 has it. */
export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export const CITATION_COLUMNS = ['evidence_id', 'source', 'native_id', 'title', 'url', 'published', 'quality_tier', 'synthetic'] as const;

export function citationsCsv(evidence: readonly EvidenceItem[]): string {
  return csvDocument([
    CITATION_COLUMNS,
    ...evidence.map((e) => [e.evidence_id, e.source, e.native_id, e.title, e.url, e.published, e.quality_tier, e.provenance?.synthetic ? 'synthetic example' : '']),
  ]);
}

// ----------------------------------------------------------------------------------------- Markdown

/**
 * Inline text placed after a prefix ("- **x:** ", "| ", "### "): one line, and every character Markdown,
 * GFM or HTML could read as syntax mid-line backslash-escaped (CommonMark lets any ASCII punctuation be).
 */
export function mdInline(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>#|~&]/g, (c) => `\\${c}`);
}

/**
 * A multi-line block quoted line by line, each line escaped, and the markers that only count at the start
 * of a line too ("- x", "+ x", "1. x", "===" underlines); leading blanks go (they would make a code block).
 */
export function mdQuote(value: string): string {
  return value.split(/\r\n|\r|\n/).map((line) => {
    const escaped = mdInline(line.trimStart()).replace(/^([-+=])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
    return escaped.trim() === '' ? '>' : `> ${escaped}`;
  }).join('\n');
}

export interface BundleReview {
  candidate_id: string;
  candidate_type: 'drug' | 'target';
  decision: 'pin' | 'reject';
  rationale: string;
  notes: string;
  tags: string[];
  changed_mind: string | null;
  updated_at: string;
  saves: number;
}

export interface BundleReviewEvent {
  saved_at: string;
  candidate_id: string;
  /** null: the candidate's review was withdrawn (reason says why). */
  decision: 'pin' | 'reject' | null;
  reason?: string;
  previous_decision: 'pin' | 'reject' | null;
  changed_mind: string | null;
}

export interface ReviewMarkdownInput {
  dossier: Dossier;
  researcherId: string;
  reviews: readonly BundleReview[];
  events: readonly BundleReviewEvent[];
  generatedAt: string;
  /** How many of each ranking to list (reviewed candidates are listed whatever their rank). */
  top?: number;
}

const DECISION_WORD = { pin: 'Pinned', reject: 'Rejected' } as const;

export function reviewMarkdown(input: ReviewMarkdownInput): string {
  const { dossier, reviews, events } = input;
  const top = input.top ?? 10;
  const byCandidate = new Map(reviews.map((r) => [r.candidate_id, r]));
  const label = new Map([...dossier.drug_rankings, ...dossier.target_rankings].map((r) => [r.candidate_id, r.label]));
  const out: string[] = [];
  const line = (text = '') => out.push(text);

  line(`# Review notes: ${mdInline(dossier.disease.name)}`);
  line();
  // What the dossier rests on comes first when it is not real, complete evidence (issue 28).
  if (dossier.rests_on && !dossier.rests_on.real_and_complete) {
    line(`> **What this rests on:** ${mdInline(dossier.rests_on.headline)}`);
    line();
  }
  line(`> ${DISCLAIMER}`);
  line();
  line(`- **Run:** ${mdInline(dossier.run_id)}`);
  line(`- **Question:** ${mdInline(dossier.request.question)}`);
  line(`- **Disease:** ${mdInline(dossier.disease.name)} (${mdInline([dossier.disease.id, dossier.disease.mondo_id, dossier.disease.efo_id].filter(Boolean).join(', '))})`);
  line(`- **Sources:** ${mdInline(dossier.request.sources.join(', '))}`);
  line(`- **Completed:** ${mdInline(dossier.completed_at)}`);
  line(`- **Fingerprint (sha256):** ${mdInline(dossier.manifest.provenance.fingerprint)}`);
  line(`- **Reviewer:** ${mdInline(input.researcherId)}`);
  line(`- **Bundle generated:** ${mdInline(input.generatedAt)}`);
  line(`- **Evidence records:** ${dossier.evidence.length}; **claims:** ${dossier.claims.length}; **reviewed candidates:** ${reviews.length}`);
  line();

  if (dossier.answer) {
    line('## Answer');
    line();
    line(mdInline(dossier.answer.statement));
    for (const s of dossier.answer.set_apart) line(`- **Set apart:** ${mdInline(s.statement)}`);
    for (const r of dossier.answer.safety_ranking ?? []) {
      line(`- **Safety ${r.rank}:** ${mdInline(r.statement)}`);
      for (const t of r.terms ?? []) line(`  - ${t.term.replace(/_/g, ' ')} (${t.counted ? `counts, score ${t.score?.toFixed(2) ?? '–'}` : 'listed, not counted'}): ${mdInline(t.what)}`);
    }
    line();
  }

  line('## Top candidates');
  line();
  line('Scores are 0–100 prioritization heuristics, not probabilities of benefit or safety.');
  for (const [title, rankings] of [['Drugs', dossier.drug_rankings], ['Targets', dossier.target_rankings]] as const) {
    line();
    line(`### ${title}`);
    line();
    const listed = rankings.filter((r) => r.rank <= top || byCandidate.has(r.candidate_id));
    if (listed.length === 0) {
      line('None ranked.');
      continue;
    }
    line('| Rank | Candidate | Score | Confidence | Decision |');
    line('|---:|---|---:|---|---|');
    for (const r of listed) {
      const review = byCandidate.get(r.candidate_id);
      line(`| ${r.rank} | ${mdInline(r.label)} (${mdInline(r.candidate_id)}) | ${r.score.toFixed(2)} | ${mdInline(r.confidence_band)} | ${review ? DECISION_WORD[review.decision] : '—'} |`);
    }
  }
  line();

  line('## Reviews');
  line();
  if (reviews.length === 0) line('No candidate has been reviewed in this run yet.');
  for (const review of reviews) {
    line(`### ${DECISION_WORD[review.decision]}: ${mdInline(label.get(review.candidate_id) ?? review.candidate_id)} (${mdInline(review.candidate_id)}, ${review.candidate_type})`);
    line();
    line(`- **Decision:** ${review.decision} (saved ${review.saves} time${review.saves === 1 ? '' : 's'}, last ${mdInline(review.updated_at)})`);
    line(`- **Tags:** ${review.tags.length > 0 ? review.tags.map(mdInline).join(', ') : '—'}`);
    line();
    line('**Rationale**');
    line();
    line(review.rationale.trim() ? mdQuote(review.rationale) : '—');
    line();
    line('**Notes**');
    line();
    line(review.notes.trim() ? mdQuote(review.notes) : '—');
    line();
    line('**What changed my mind**');
    line();
    line(review.changed_mind?.trim() ? mdQuote(review.changed_mind) : '—');
    line();
  }

  line('## Decision history');
  line();
  if (events.length === 0) line('No decisions recorded.');
  for (const e of events) {
    const from = e.previous_decision ? `${e.previous_decision} → ` : '';
    const why = e.decision === null ? (e.reason?.trim() ? `: ${mdInline(e.reason)}` : '') : e.changed_mind?.trim() ? `: ${mdInline(e.changed_mind)}` : '';
    line(`- ${mdInline(e.saved_at)} ${mdInline(label.get(e.candidate_id) ?? e.candidate_id)} (${mdInline(e.candidate_id)}): ${from}${e.decision ?? 'withdrawn'}${why}`);
  }
  line();

  if (dossier.warnings.length > 0 || dossier.limitations.length > 0) {
    line('## Warnings and limitations');
    line();
    for (const w of [...dossier.warnings, ...dossier.limitations]) line(`- ${mdInline(w)}`);
    line();
  }

  line('## Disclaimer');
  line();
  line(DISCLAIMER);
  line();
  return out.join('\n');
}
