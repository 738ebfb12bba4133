// Review-reminder rules: the baseline new-evidence reminder, and each metric threshold tested at, just
// below and just above its value ("crossed" means change >= threshold), plus all thresholds zero.
import { expect } from 'chai';
import { alertId, AlertThresholds, crossed, reviewReminders, triggerReasons, ZERO_THRESHOLDS } from '../../../domain/alerts/alert-rules';
import { CandidateSpec, tinyDossier } from './alert-dossiers';

const reviewed = [{ candidate_id: 'drug_a', candidate_type: 'drug' as const }];

function reasonsFor(before: Partial<CandidateSpec>, after: Partial<CandidateSpec>, thresholds: Partial<AlertThresholds>): string[] {
  const base: CandidateSpec = { id: 'drug_a', score: 70, rank: 5, evidence: { ev_1: 0.7 } };
  const drafts = reviewReminders({
    previous: tinyDossier([{ ...base, ...before }]),
    current: tinyDossier([{ ...base, ...after }]),
    reviewed,
    thresholds: { ...ZERO_THRESHOLDS, ...thresholds },
  });
  return drafts.flatMap((d) => d.reasons.map((r) => r.type));
}

describe('Review reminder rules', function () {
  describe('the baseline reminder (new evidence linked to a reviewed candidate)', function () {
    it('fires with all thresholds zero and lists only the newly linked ids', function () {
      const [draft, ...rest] = reviewReminders({
        previous: tinyDossier([{ id: 'drug_a', score: 70, rank: 1, evidence: { ev_1: 0.7 } }]),
        current: tinyDossier([{ id: 'drug_a', score: 20, rank: 9, evidence: { ev_1: 0.7, ev_2: 0.2 } }]),
        reviewed, thresholds: ZERO_THRESHOLDS,
      });
      expect(rest).to.have.length(0);
      expect(draft!.reasons).to.deep.equal([{ type: 'new_evidence', new_evidence_ids: ['ev_2'], count: 1 }]);
      expect(draft!.previous).to.deep.include({ score: 70, rank: 1, average_evidence_quality: 0.7, evidence_count: 1 });
      expect(draft!.current).to.deep.include({ score: 20, rank: 9, average_evidence_quality: 0.45, evidence_count: 2 });
    });

    it('with all thresholds zero, large metric changes alone raise nothing', function () {
      expect(reasonsFor({ score: 90, rank: 1, evidence: { ev_1: 0.9 } }, { score: 10, rank: 50, evidence: { ev_1: 0.1 } }, {})).to.deep.equal([]);
    });

    it('a candidate new to the rankings counts all its evidence as new, with no previous values', function () {
      const [draft] = reviewReminders({
        previous: tinyDossier([{ id: 'drug_b', score: 50, rank: 1, evidence: { ev_9: 0.5 } }]),
        current: tinyDossier([{ id: 'drug_a', score: 40, rank: 1, evidence: { ev_1: 0.5 } }]),
        reviewed, thresholds: { scoreDrop: 1, rankChange: 1, qualityChange: 0.01 },
      });
      expect(draft!.previous).to.equal(null);
      expect(draft!.reasons.map((r) => r.type)).to.deep.equal(['new_evidence']);
    });

    it('ignores candidates the researcher never reviewed, and reviewed ones missing from the new run', function () {
      const previous = tinyDossier([{ id: 'drug_a', score: 70, rank: 1, evidence: { ev_1: 0.7 } }]);
      const current = tinyDossier([{ id: 'drug_z', score: 70, rank: 1, evidence: { ev_5: 0.7 } }]);
      expect(reviewReminders({ previous, current, reviewed, thresholds: ZERO_THRESHOLDS })).to.deep.equal([]);
      expect(reviewReminders({ previous, current: previous, reviewed: [{ candidate_id: 'drug_a', candidate_type: 'target' }], thresholds: ZERO_THRESHOLDS })).to.deep.equal([]);
    });
  });

  describe('score drop (threshold 10 points)', function () {
    const t = { scoreDrop: 10 };
    it('fires AT the threshold (70.3 -> 60.3, despite floating point)', function () {
      expect(reasonsFor({ score: 70.3 }, { score: 60.3 }, t)).to.deep.equal(['score_drop']);
    });
    it('stays quiet just BELOW it (drop 9.9)', function () {
      expect(reasonsFor({ score: 70 }, { score: 60.1 }, t)).to.deep.equal([]);
    });
    it('fires just ABOVE it (drop 10.1)', function () {
      expect(reasonsFor({ score: 70 }, { score: 59.9 }, t)).to.deep.equal(['score_drop']);
    });
    it('treats a rise as no drop, and 0 as disabled', function () {
      expect(reasonsFor({ score: 50 }, { score: 90 }, t)).to.deep.equal([]);
      expect(reasonsFor({ score: 90 }, { score: 0 }, { scoreDrop: 0 })).to.deep.equal([]);
    });
    it('records threshold, previous, current and change', function () {
      const [reason] = triggerReasons(
        { candidate_id: 'a', candidate_type: 'drug', label: 'A', score: 80, rank: 1, average_evidence_quality: null, evidence_count: 0, evidence_ids: [] },
        { candidate_id: 'a', candidate_type: 'drug', label: 'A', score: 65.5, rank: 1, average_evidence_quality: null, evidence_count: 0, evidence_ids: [] },
        { ...ZERO_THRESHOLDS, scoreDrop: 10 });
      expect(reason).to.deep.equal({ type: 'score_drop', threshold: 10, previous: 80, current: 65.5, change: 14.5 });
    });
  });

  describe('rank change (threshold 3 positions, either direction)', function () {
    const t = { rankChange: 3 };
    it('fires AT the threshold, down and up', function () {
      expect(reasonsFor({ rank: 5 }, { rank: 8 }, t)).to.deep.equal(['rank_change']);
      expect(reasonsFor({ rank: 5 }, { rank: 2 }, t)).to.deep.equal(['rank_change']);
    });
    it('stays quiet just BELOW it (2 positions)', function () {
      expect(reasonsFor({ rank: 5 }, { rank: 7 }, t)).to.deep.equal([]);
    });
    it('fires just ABOVE it (4 positions)', function () {
      expect(reasonsFor({ rank: 5 }, { rank: 9 }, t)).to.deep.equal(['rank_change']);
    });
  });

  describe('average evidence-quality change (threshold 0.1, either direction)', function () {
    const t = { qualityChange: 0.1 };
    it('fires AT the threshold (0.7 -> 0.6, despite floating point)', function () {
      expect(reasonsFor({ evidence: { ev_1: 0.7 } }, { evidence: { ev_1: 0.6 } }, t)).to.deep.equal(['evidence_quality_change']);
      expect(reasonsFor({ evidence: { ev_1: 0.2 } }, { evidence: { ev_1: 0.3 } }, t)).to.deep.equal(['evidence_quality_change']);
    });
    it('stays quiet just BELOW it (0.09)', function () {
      expect(reasonsFor({ evidence: { ev_1: 0.7 } }, { evidence: { ev_1: 0.61 } }, t)).to.deep.equal([]);
    });
    it('fires just ABOVE it (0.11)', function () {
      expect(reasonsFor({ evidence: { ev_1: 0.7 } }, { evidence: { ev_1: 0.59 } }, t)).to.deep.equal(['evidence_quality_change']);
    });
  });

  it('reports every crossed trigger of one candidate in one alert', function () {
    expect(reasonsFor({ score: 80, rank: 1, evidence: { ev_1: 0.9 } }, { score: 50, rank: 6, evidence: { ev_1: 0.5, ev_2: 0.5 } },
      { scoreDrop: 10, rankChange: 3, qualityChange: 0.2 })).to.deep.equal(['new_evidence', 'score_drop', 'rank_change', 'evidence_quality_change']);
  });

  it('crossed() is >= on the change rounded to 6 decimals, and never for a zero threshold', function () {
    expect(crossed(0.1 + 0.2 - 0.2, 0.1)).to.equal(true);
    expect(crossed(0.0999994, 0.1)).to.equal(false);
    expect(crossed(100, 0)).to.equal(false);
  });

  it('names an alert deterministically from (run, candidate)', function () {
    const id = alertId('6b1c7f1e-0000-4000-8000-000000000001', 'drug', 'drug_a');
    expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(alertId('6b1c7f1e-0000-4000-8000-000000000001', 'drug', 'drug_a')).to.equal(id);
    expect(alertId('6b1c7f1e-0000-4000-8000-000000000001', 'target', 'drug_a')).not.to.equal(id);
  });
});
