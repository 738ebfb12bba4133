import { expect } from 'chai';
import { buildDossier } from '../../../domain/workspace/build-dossier';
import { EMPTY_SECTION_TEXT, escapeHtml, renderDossierHtml } from '../../../domain/workspace/render-html';
import type { Dossier } from '../../../domain/workspace/dossier-types';
import { record, request, run, SLE, sleGraph, syntheticRuns } from './workspace-fixtures';

function build(overrides: { question?: string; runs?: ReturnType<typeof syntheticRuns>; sources?: ReturnType<typeof request>['sources'] } = {}): Dossier {
  return buildDossier({
    request: request({ question: overrides.question ?? 'Which drugs help SLE?', ...(overrides.sources ? { sources: overrides.sources } : {}) }),
    disease: SLE,
    sourceRuns: overrides.runs ?? syntheticRuns(),
    graph: sleGraph(),
    runId: 'run_html',
    startedAt: '2026-01-05T10:00:00Z',
    completedAt: '2026-01-05T10:00:09Z',
    llm: { status: 'ok', model: null, warnings: [] },
  });
}

describe('Dossier HTML', function () {
  it('is a complete document with the disclaimer first, the print stylesheet, and no scripts or inline styles', function () {
    const html = renderDossierHtml(build());
    expect(html.startsWith('<!DOCTYPE html>')).to.equal(true);
    expect(html).to.contain('</html>');
    expect(html).to.contain('<link rel="stylesheet" href="/api/export/report/workspace/print.css">');
    expect(html).to.not.match(/<script/i);
    expect(html).to.not.match(/<style/i);
    expect(html).to.not.match(/\sstyle=/i);
    expect(html).to.not.match(/\son[a-z]+=/i);
    const body = html.slice(html.indexOf('<body>'));
    expect(body.indexOf('Disclaimer')).to.be.lessThan(body.indexOf('<h1>'));
    expect(html).to.contain(escapeHtml(build().disclaimer));
  });

  it('opens with what the dossier rests on when it is not real, complete evidence (synthetic records, seed graph), before the title', function () {
    const runs = syntheticRuns().map((r) => ({ ...r, records: r.records.map((rec) => ({ ...rec, synthetic: true })) }));
    const html = renderDossierHtml(build({ runs }));
    const body = html.slice(html.indexOf('<body>'));
    expect(body.indexOf('What this rests on')).to.be.greaterThan(-1);
    expect(body.indexOf('What this rests on')).to.be.lessThan(body.indexOf('<h1>'));
    expect(body).to.contain('synthetic examples: this dossier shows how the method works').and.contain('curated seed graph');
  });

  it('shows the answer\'s shape first: a repurposing question lists the drugs already indicated apart', function () {
    const html = renderDossierHtml(build({ question: 'Which existing drugs could be repurposed for SLE?' }));
    expect(html).to.contain('<section id="answer">');
    expect(html.indexOf('<section id="answer">')).to.be.lessThan(html.indexOf('<section id="drug-rankings">'));
    expect(html).to.contain('Set apart').and.contain('already indicated for the disease');
  });

  it('has every section, with rankings, paths, claims, evidence and the fingerprint', function () {
    const dossier = build();
    const html = renderDossierHtml(dossier);
    for (const id of ['request', 'sources', 'drug-rankings', 'target-rankings', 'graph-paths', 'claims', 'evidence', 'warnings', 'limitations', 'provenance']) {
      expect(html).to.contain(`<section id="${id}">`);
    }
    expect(html).to.contain(dossier.manifest.provenance.fingerprint);
    expect(html).to.contain('Belimumab');
    expect(html).to.contain('favourable evidence:');
    expect(html).to.contain('<a href="https://clinicaltrials.gov/study/NCT00000001" rel="noopener noreferrer">');
    expect(html).to.contain('no path found: candidate not in the knowledge graph');
    expect(html).to.contain('PMID:11111111');
  });

  it('escapes every string from the data', function () {
    const runs = syntheticRuns();
    runs[0]!.records.push(record({
      source: 'pubmed', nativeId: '99999999', recordType: 'article', title: 'Belimumab <script>alert("t")</script> & <img src=x onerror=alert(1)>',
      text: 'Belimumab was effective. <b>bold</b>',
    }));
    const html = renderDossierHtml(build({ question: 'Does <script>alert(1)</script> "help" & more?', runs }));
    expect(html).to.not.match(/<script/i);
    expect(html).to.not.contain('<img');
    expect(html).to.not.contain('<b>bold');
    expect(html).to.contain('Does &lt;script&gt;alert(1)&lt;/script&gt; &quot;help&quot; &amp; more?');
    expect(html).to.contain('Belimumab &lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
  });

  it('shows each record\'s outcome with its deciding statement, escaped, and flags auto-mode fallback records', function () {
    const runs = syntheticRuns();
    runs[0]!.records.push(record({
      source: 'pubmed', nativeId: '99999998', recordType: 'article', title: 'Belimumab <i>trial</i>',
      text: 'Belimumab did not differ significantly from placebo <i>(p = 0.4)</i>.',
    }));
    const dossier = build({ runs });
    dossier.evidence[0]!.provenance = { ...dossier.evidence[0]!.provenance!, fallback: true };
    const html = renderDossierHtml(dossier);
    expect(html).to.contain('Outcome: <strong>null</strong> — Belimumab did not differ significantly from placebo &lt;i&gt;(p = 0.4)&lt;/i&gt;.');
    expect(html).to.contain('provider unreachable: offline corpus');
  });

  it('says how the question was read: intent, entities with the words that named them, escaped', function () {
    const html = renderDossierHtml(build({ question: 'Is <b>belimumab</b> safe, or IL23A?' }));
    expect(html).to.contain('<dt>Question intent</dt><dd>safety</dd>');
    // IL23A is no node of the curated graph, but the exact linker knows it from NCBI Gene.
    expect(html).to.contain('Belimumab — &quot;belimumab&quot;; IL23A — &quot;IL23A&quot;');
    expect(html).to.not.contain('<b>belimumab</b>');
    const none = renderDossierHtml(build({ question: 'Which promising therapies help SLE?' }));
    expect(none).to.contain('none: the disease alone was searched');
  });

  it('links only http(s) URLs', function () {
    const dossier = build();
    dossier.evidence[0]!.url = 'javascript:alert(1)';
    dossier.evidence[1]!.url = 'https://example.org/a?b=1&c="2"';
    const html = renderDossierHtml(dossier);
    expect(html).to.not.contain('javascript:');
    expect(html).to.contain('href="https://example.org/a?b=1&amp;c=%222%22"');
    expect(escapeHtml(`<>&"'`)).to.equal('&lt;&gt;&amp;&quot;&#39;');
  });

  it('says "No data imported for this section" for empty sections', function () {
    const html = renderDossierHtml(build({ runs: [run('pubmed', []), run('clinical_trials', [])], sources: ['pubmed', 'clinical_trials'] }));
    for (const id of ['drug-rankings', 'target-rankings', 'graph-paths', 'claims', 'evidence', 'warnings']) {
      const start = html.indexOf(`<section id="${id}">`);
      const section = html.slice(start, html.indexOf('</section>', start));
      expect(section, id).to.contain(EMPTY_SECTION_TEXT);
    }
  });
});

describe('Dossier HTML: the safety ranking\'s terms', function () {
  it('shows each term with what it is and whether it counts: a trial\'s serious adverse events in excess by arm', function () {
    const trial = record({
      source: 'clinical_trials', nativeId: 'NCT09999991', recordType: 'clinical_trial', title: 'Belimumab versus placebo in SLE',
      text: 'Belimumab versus placebo in SLE. The primary endpoint was met.', structured: { drugs: ['Belimumab'], targets: [], pathways: [] },
      attributes: { phase: 'PHASE3', enrollment: 400, status: 'COMPLETED', adverseEventsByArm: [{ arm: 'Belimumab 10 mg/kg', seriousAffected: 20, seriousAtRisk: 200 }, { arm: 'Placebo <IV>', seriousAffected: 5, seriousAtRisk: 200 }] },
    });
    const dossier = build({ question: 'What are the safety risks of drugs for lupus?', runs: [run('clinical_trials', [trial])], sources: ['clinical_trials'] });
    expect(dossier.evidence[0]!.serious_adverse_events!.verdict).to.equal('excess');
    const html = renderDossierHtml(dossier);
    expect(html).to.contain('<li><strong>sae excess</strong> (counts, score ');
    // 20/200 vs 5/200: +7.5 points (95% CI +2.8 to +12.6), the arm title escaped.
    expect(html).to.contain('20/200 (10.0%) on Belimumab 10 mg/kg vs 5/200 (2.5%) on Placebo &lt;IV&gt;; risk difference +7.5 percentage points (95% CI +2.8 to +12.6');
    expect(html).to.not.contain('Placebo <IV>');
    expect(html).to.contain('FAERS was not consulted for this dossier: absence, not reassurance.');
  });
});
