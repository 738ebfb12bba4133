// The review bundle's text formats: RFC 4180 CSV with formula cells neutralized, and Markdown escaping.
import { expect } from 'chai';
import { csvDocument, csvField, mdInline, mdQuote, reviewMarkdown } from '../../../domain/workspace/review-bundle-files';
import { buildDossier } from '../../../domain/workspace/build-dossier';
import { request, SLE, sleGraph, syntheticRuns } from './workspace-fixtures';

describe('review bundle files', function () {
  it('quotes CSV fields only when RFC 4180 needs it, doubling quotes', function () {
    expect(csvField('plain')).to.equal('plain');
    expect(csvField('a, b')).to.equal('"a, b"');
    expect(csvField('say "hi"')).to.equal('"say ""hi"""');
    expect(csvField('two\nlines')).to.equal('"two\nlines"');
    expect(csvField('cr\rhere')).to.equal('"cr\rhere"');
    expect(csvField(null)).to.equal('');
    expect(csvField(undefined)).to.equal('');
    expect(csvField(0.5)).to.equal('0.5');
  });

  it('prefixes cells a spreadsheet would run as a formula with a single quote', function () {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvField(cell).replace(/^"/, '')).to.match(/^'/);
    expect(csvField('=HYPERLINK("http://x","y")')).to.equal('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('a=b')).to.equal('a=b');
  });

  it('ends every record with CRLF', function () {
    expect(csvDocument([['a', 'b'], ['1', 'x,y']])).to.equal('a,b\r\n1,"x,y"\r\n');
  });

  it('escapes Markdown and HTML in inline text and quoted blocks', function () {
    expect(mdInline('a *b* _c_ [d](e) <f> | # ~ & `g` \\')).to.equal('a \\*b\\* \\_c\\_ \\[d\\](e) \\<f\\> \\| \\# \\~ \\& \\`g\\` \\\\');
    expect(mdInline('line\nbreak')).to.equal('line break');
    expect(mdQuote('# h\n- l\n+ p\n2. n\n===\n\n    code')).to.equal('> \\# h\n> \\- l\n> \\+ p\n> 2\\. n\n> \\===\n>\n> code');
  });

  it('opens review.md with what the dossier rests on when it is not real, complete evidence', function () {
    const runs = syntheticRuns().map((r) => ({ ...r, records: r.records.map((rec) => ({ ...rec, synthetic: true })) }));
    const dossier = buildDossier({ request: request(), disease: SLE, sourceRuns: runs, graph: sleGraph(), runId: 'run_md', startedAt: '2026-01-05T10:00:00Z', completedAt: '2026-01-05T10:00:09Z', llm: { status: 'ok', model: null, warnings: [] } });
    const md = reviewMarkdown({ dossier, researcherId: 'r1', reviews: [], events: [], generatedAt: '2026-01-05T11:00:00Z' });
    const lines = md.split('\n');
    expect(lines[0]).to.match(/^# Review notes/);
    expect(lines[2]).to.match(/^> \*\*What this rests on:\*\* Not real, complete evidence: all \d+ evidence records are synthetic examples/);
    expect(md.indexOf('## Answer')).to.be.lessThan(md.indexOf('## Top candidates'));
  });
});
