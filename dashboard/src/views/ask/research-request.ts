// The ResearchRequest as the Ask form builds it, and the browser's copy of the server's rules
// (domain/workspace/research-request.ts): same limits, same field names, so an error lands on the
// field the server would name. The server still validates; its 422 wins.
export const SOURCE_OPTIONS: [name: string, label: string][] = [
  ['pubmed', 'Literature index (PubMed)'],
  ['clinical_trials', 'Clinical trials'],
  ['gwas', 'GWAS associations'],
  ['fda_labels', 'FDA drug labels'],
  ['opentargets', 'Target associations (Open Targets)'],
  ['gtex', 'Tissue expression (GTEx)'],
  ['biorxiv', 'Preprints (bioRxiv)'],
  ['chembl', 'Bioactivity (ChEMBL)'],
];
export const DEFAULT_SOURCES = ['pubmed', 'clinical_trials'];
export const CANDIDATE_TYPES = ['both', 'drugs', 'targets'] as const;
export type CandidateType = (typeof CANDIDATE_TYPES)[number];

export const QUESTION_MIN = 2;
export const QUESTION_MAX = 500;
export const EVIDENCE_MIN = 1;
export const EVIDENCE_MAX = 200;
export const EVIDENCE_DEFAULT = 50;
const DISEASE_ID = /^[a-z0-9_]{1,64}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the form holds (strings as typed), also the shape of the saved draft. */
export interface AskDraft {
  disease_id: string;
  question: string;
  sources: string[];
  date_from: string;
  date_to: string;
  candidate_type: CandidateType;
  max_evidence: string;
  enable_llm: boolean;
}

export interface ResearchRequestBody {
  disease_id: string;
  question: string;
  sources: string[];
  date_from: string | null;
  date_to: string | null;
  candidate_type: CandidateType;
  max_evidence: number;
  enable_llm: boolean;
}

/** llmAvailable: whether the server has an LLM (/api/auth/me llm_available); the toggle starts as that. */
export function defaultDraft(llmAvailable: boolean): AskDraft {
  return {
    disease_id: 'sle', question: '', sources: [...DEFAULT_SOURCES], date_from: '', date_to: '',
    candidate_type: 'both', max_evidence: String(EVIDENCE_DEFAULT), enable_llm: llmAvailable,
  };
}

function validDate(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** Field name -> message, empty when the server's rules are met. */
export function validateDraft(draft: AskDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const diseaseId = draft.disease_id.trim();
  if (!DISEASE_ID.test(diseaseId)) errors.disease_id = 'Pick a disease module id (lower-case letters, digits and _; up to 64).';
  const question = draft.question.trim();
  if (question.length < QUESTION_MIN || question.length > QUESTION_MAX) {
    errors.question = `The question must be ${QUESTION_MIN}–${QUESTION_MAX} characters (now ${question.length}).`;
  }
  if (draft.sources.length === 0) errors.sources = 'Choose at least one source.';
  if (draft.date_from && !validDate(draft.date_from)) errors.date_from = 'Use a date (YYYY-MM-DD).';
  if (draft.date_to && !validDate(draft.date_to)) errors.date_to = 'Use a date (YYYY-MM-DD).';
  if (!errors.date_from && !errors.date_to && draft.date_from && draft.date_to && draft.date_from > draft.date_to) {
    errors.date_to = 'The end date must be on or after the start date.';
  }
  const limit = Number(draft.max_evidence);
  if (!/^\d+$/.test(draft.max_evidence.trim()) || limit < EVIDENCE_MIN || limit > EVIDENCE_MAX) {
    errors.max_evidence = `A whole number from ${EVIDENCE_MIN} to ${EVIDENCE_MAX}.`;
  }
  return errors;
}

export function toRequestBody(draft: AskDraft): ResearchRequestBody {
  return {
    disease_id: draft.disease_id.trim(),
    question: draft.question.trim(),
    sources: [...draft.sources],
    date_from: draft.date_from || null,
    date_to: draft.date_to || null,
    candidate_type: draft.candidate_type,
    max_evidence: Number(draft.max_evidence),
    enable_llm: draft.enable_llm,
  };
}
