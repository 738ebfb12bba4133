// Digest content: evidence first seen this week, unread reminders, decisions that changed; suppressed
// when all three are empty.
import { expect } from 'chai';
import { assembleDigest, renderDigestText } from '../../../domain/digest/digest-content';
import { windowOfPeriod } from '../../../domain/digest/digest-window';

const window = windowOfPeriod('2026-W12')!;
const ev = (id: string) => ({ evidence_id: id, title: `T ${id}`, source: 'pubmed', url: `https://example.org/${id}`, quality_tier: 'high' });

describe('Digest content', function () {
  it('lists evidence first seen in the week, once, in run order', function () {
    const digest = assembleDigest({
      window, earlierEvidenceIds: new Set(['ev_old']), reminders: [], decisionSaves: [],
      runs: [
        { run_id: 'r1', disease_id: 'sle', finished_at: 'x', evidence: [ev('ev_old'), ev('ev_1')] },
        { run_id: 'r2', disease_id: 'sle', finished_at: 'y', evidence: [ev('ev_1'), ev('ev_2')] },
      ],
    });
    expect(digest.new_evidence.map((e) => [e.evidence_id, e.run_id])).to.deep.equal([['ev_1', 'r1'], ['ev_2', 'r2']]);
    expect(digest.latest_run_id).to.equal('r2');
    expect(digest.suppressed).to.equal(false);
  });

  it('counts only decisions whose previous decision differs', function () {
    const save = (previous: string | null, decision: string) => ({ run_id: 'r', candidate_id: 'c', candidate_type: 'drug', previous_decision: previous, decision, changed_mind: null, saved_at: 's' });
    const digest = assembleDigest({ window, earlierEvidenceIds: new Set(), runs: [], reminders: [], decisionSaves: [save(null, 'pin'), save('pin', 'pin'), save('pin', 'reject')] });
    expect(digest.changed_decisions).to.have.length(1);
    expect(digest.changed_decisions[0]).to.include({ previous_decision: 'pin', decision: 'reject' });
  });

  it('is suppressed when all three are empty', function () {
    const digest = assembleDigest({ window, earlierEvidenceIds: new Set(['ev_1']), runs: [{ run_id: 'r', disease_id: 'd', finished_at: 'x', evidence: [ev('ev_1')] }], reminders: [], decisionSaves: [] });
    expect(digest.suppressed).to.equal(true);
  });

  it('renders text with the review link and the research-only note', function () {
    const digest = assembleDigest({ window, earlierEvidenceIds: new Set(), runs: [], decisionSaves: [], reminders: [{ alert_id: 'a', run_id: 'r', candidate_id: 'c', candidate_type: 'drug', label: 'Drug C', reasons: ['new_evidence'], created_at: 'x' }] });
    const text = renderDigestText(digest, 'https://evidence.example/api/workspace/digest/review?token=t');
    expect(text).to.contain('Unresolved reminders: 1').and.contain('Drug C').and.contain('review?token=t').and.contain('Research use only');
  });
});
