// Gathered records: provenance per batch, synthetic examples unlinked, and cross-source duplicates (the same
// DOI stated by a bioRxiv and a PubMed record) merged into the first source's record.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { gatherRecords } from '../../../domain/evidence-gathering/normalize-records';
import type { SourceRecord } from '../../../domain/workspace/sources';

const rec = (over: Partial<SourceRecord>): SourceRecord => ({
  source: 'pubmed', nativeId: '1', recordType: 'article', title: 'T', url: '', text: 'x', published: '2020-01-02', structured: { drugs: [], targets: [], pathways: [] }, attributes: {}, ...over,
});

describe('evidence gathering: normalized records with provenance', () => {
  it('keeps each record\'s provenance and never links a synthetic example', () => {
    const { records } = gatherRecords([
      { records: [rec({ nativeId: '123' })], retrieval_mode: 'cache', retrieved_at: '2026-01-01T00:00:00.000Z' },
      { records: [rec({ source: 'clinical_trials', nativeId: 'NCT90000001', recordType: 'clinical_trial', url: 'https://clinicaltrials.gov/study/NCT90000001', synthetic: true })], retrieval_mode: 'offline', retrieved_at: '2026-01-02T00:00:00.000Z' },
    ]);
    expect(records[0]).to.include({ url: 'https://pubmed.ncbi.nlm.nih.gov/123/', published: '2020-01-02' });
    expect(records[0]!.provenance).to.deep.equal({ mode: 'cache', synthetic: false, retrieved_at: '2026-01-01T00:00:00.000Z' });
    // The Workspace's evidence id: "ev_" + the first 16 hex of SHA-256("pubmed:123").
    expect(records[0]!.evidence_id).to.equal(`ev_${createHash('sha256').update('pubmed:123').digest('hex').slice(0, 16)}`);
    expect(records[1]).to.include({ url: null });
    expect(records[1]!.provenance).to.deep.equal({ mode: 'offline_corpus', synthetic: true, retrieved_at: '2026-01-02T00:00:00.000Z' });
  });

  it('merges records naming the same DOI into the first, listing the other', () => {
    const { records, merged } = gatherRecords([
      { records: [rec({ nativeId: '555', url: 'https://doi.org/10.1101/2020.01.01.000001' })], retrieval_mode: 'live', retrieved_at: 't1' },
      { records: [rec({ source: 'biorxiv', nativeId: '10.1101/2020.01.01.000001', recordType: 'preprint' }), rec({ source: 'biorxiv', nativeId: '10.1101/2021.02.02.000002', recordType: 'preprint' })], retrieval_mode: 'live', retrieved_at: 't2' },
    ]);
    expect(merged).to.equal(1);
    expect(records.map((r) => `${r.source}:${r.native_id}`)).to.deep.equal(['pubmed:555', 'biorxiv:10.1101/2021.02.02.000002']);
    expect(records[0]!.also_found_in.map((a) => a.source)).to.deep.equal(['biorxiv']);
  });
});
