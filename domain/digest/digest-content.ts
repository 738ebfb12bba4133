// The weekly digest's content (pure): new evidence, unresolved reminders, changed decisions, and the
// plain text sent by email and chat. Inputs are gathered by processors/digest/digest-builder.ts.
//
// new evidence        evidence ids first seen in the researcher's runs completed inside the window: not
//                     in any earlier completed run of theirs, nor in an earlier run of the same window.
// unresolved          the researcher's unread alerts.
// changed decisions   review saves inside the window whose previous decision (same run and candidate)
//                     existed and differs.
// suppressed          all three empty: nothing is sent.
import type { DigestWindow } from './digest-window';

export interface DigestRunInput {
  run_id: string;
  disease_id: string;
  finished_at: string;
  evidence: { evidence_id: string; title: string; source: string; url: string; quality_tier: string }[];
}

export interface DigestEvidence {
  evidence_id: string;
  run_id: string;
  disease_id: string;
  title: string;
  source: string;
  url: string;
  quality_tier: string;
}

export interface DigestReminder {
  alert_id: string;
  run_id: string;
  candidate_id: string;
  candidate_type: string;
  label: string;
  reasons: string[];
  created_at: string;
}

export interface DigestDecisionChange {
  run_id: string;
  candidate_id: string;
  candidate_type: string;
  previous_decision: string;
  decision: string;
  changed_mind: string | null;
  saved_at: string;
}

export interface Digest {
  period: string;
  window_start: string;
  window_end: string;
  new_evidence: DigestEvidence[];
  new_evidence_count: number;
  unresolved_reminders: DigestReminder[];
  unresolved_reminder_count: number;
  changed_decisions: DigestDecisionChange[];
  changed_decision_count: number;
  suppressed: boolean;
  /** The newest run of the window (the review link's context), if any. */
  latest_run_id: string | null;
}

export const DIGEST_LIST_LIMIT = 100;

export function assembleDigest(input: {
  window: DigestWindow;
  earlierEvidenceIds: ReadonlySet<string>;
  /** Runs completed inside the window, oldest first. */
  runs: readonly DigestRunInput[];
  reminders: readonly DigestReminder[];
  decisionSaves: readonly (Omit<DigestDecisionChange, 'previous_decision'> & { previous_decision: string | null })[];
}): Digest {
  const seen = new Set(input.earlierEvidenceIds);
  const fresh: DigestEvidence[] = [];
  for (const run of input.runs) {
    for (const item of run.evidence) {
      if (seen.has(item.evidence_id)) continue;
      seen.add(item.evidence_id);
      fresh.push({ ...item, run_id: run.run_id, disease_id: run.disease_id });
    }
  }
  const changed = input.decisionSaves
    .filter((s): s is DigestDecisionChange => s.previous_decision !== null && s.previous_decision !== s.decision);
  return {
    period: input.window.period,
    window_start: input.window.start.toISOString(),
    window_end: input.window.end.toISOString(),
    new_evidence: fresh.slice(0, DIGEST_LIST_LIMIT),
    new_evidence_count: fresh.length,
    unresolved_reminders: input.reminders.slice(0, DIGEST_LIST_LIMIT),
    unresolved_reminder_count: input.reminders.length,
    changed_decisions: changed.slice(0, DIGEST_LIST_LIMIT),
    changed_decision_count: changed.length,
    suppressed: fresh.length === 0 && input.reminders.length === 0 && changed.length === 0,
    latest_run_id: input.runs.at(-1)?.run_id ?? null,
  };
}

/** The digest as plain text (email body and chat message). */
export function renderDigestText(digest: Digest, reviewLink: string | undefined): string {
  const lines = [`Weekly evidence digest ${digest.period} (${digest.window_start.slice(0, 10)} to ${digest.window_end.slice(0, 10)}, UTC)`, ''];
  lines.push(`New evidence: ${digest.new_evidence_count}`);
  for (const e of digest.new_evidence.slice(0, 20)) lines.push(`- [${e.source}, ${e.quality_tier}] ${e.title} (${e.url})`);
  lines.push('', `Unresolved reminders: ${digest.unresolved_reminder_count}`);
  for (const r of digest.unresolved_reminders.slice(0, 20)) lines.push(`- ${r.label} (${r.candidate_type}): ${r.reasons.join(', ')}`);
  lines.push('', `Changed decisions: ${digest.changed_decision_count}`);
  for (const c of digest.changed_decisions.slice(0, 20)) lines.push(`- ${c.candidate_id}: ${c.previous_decision} -> ${c.decision}`);
  if (reviewLink) lines.push('', `Review: ${reviewLink}`);
  lines.push('', 'Research use only: scores are prioritization heuristics, not medical advice.');
  return lines.join('\n');
}
