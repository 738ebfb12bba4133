// GET /api/workspace/runs/{run_id}/review-bundle through a real server: a ZIP (read back with the
// test's own central-directory reader) holding the six files, the dossier byte for byte as stored,
// RFC 4180 citations with formula cells neutralized, and Markdown notes that escape what researchers wrote.
import { systemClock } from '../../../infra/clock/clock';
import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { newCommandContext } from '../../../commands/shared/command-context';
import { changeRun, loadRun } from '../../../commands/workspace/run-commands';
import { DISCLAIMER, Dossier } from '../../../domain/workspace/dossier-types';
import { BlobStore } from '../../../infra/blobs/blob-store';
import { AcrossRunsWorld, corpusAvailable, Json, startAcrossRunsWorld, TRICKY_TITLE } from './across-runs-fixture';
import { readZip } from './zip-reader';

const ALICE = 'alice.review-bundle';
const BOB = 'bob.review-bundle';
const FILES = ['review.md', 'citations.csv', 'dossier.json', 'reviews.json', 'review-events.json', 'provenance.json'];

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (field !== '') throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else if (ch === '\n' || ch === '\r') {
      throw new Error(`bare line break at ${i}: records must end with CRLF`);
    } else {
      field += ch;
    }
    i += 1;
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length > 0) throw new Error('last record does not end with CRLF');
  return rows;
}

describe('Review bundle: GET /api/workspace/runs/{run_id}/review-bundle', function () {
  this.timeout(180_000);
  let world: AcrossRunsWorld;
  let runId: string;
  let dossier: Dossier;
  let drug: string;

  const bundle = async (researcher: string | null, id: string) => world.get(researcher, `/api/workspace/runs/${id}/review-bundle`);

  before(async function () {
    if (!corpusAvailable()) this.skip();
    world = await startAcrossRunsWorld();
    ({ runId, dossier } = await world.completeRun(ALICE, { disease_id: 'sle', question: 'Is B-cell depletion worth it, "really"?', max_evidence: 50 }));
    drug = dossier.drug_rankings[0]!.candidate_id;
    await world.review(ALICE, runId, { candidate_id: drug, candidate_type: 'drug', decision: 'pin', rationale: 'Phase 3, two trials', tags: ['shortlist', 'b-cell'] });
    await world.review(ALICE, runId, {
      candidate_id: drug, candidate_type: 'drug', decision: 'reject',
      rationale: 'Safety *signal* in [trial](http://x)',
      notes: '# Not a heading\n- not a list\n<script>alert(1)</script> | a pipe\n1. not ordered',
      tags: ['shortlist'],
      changed_mind: 'The long-term extension showed infections',
    });
    await world.review(ALICE, runId, { candidate_id: dossier.target_rankings[0]!.candidate_id, candidate_type: 'target', decision: 'pin' });
  });
  after(async function () {
    await world?.close();
  });

  it('streams a ZIP attachment named after the run with exactly the six files', async function () {
    const response = await bundle(ALICE, runId);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/zip/);
    expect(response.headers.get('content-disposition')).to.equal(`attachment; filename="review-bundle-${runId}.zip"`);
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).to.deep.equal([...FILES].sort());
  });

  it('holds the stored dossier byte for byte, and provenance that names its hash', async function () {
    const entries = readZip(Buffer.from(await (await bundle(ALICE, runId)).arrayBuffer()));
    const run = await loadRun(world.server.runtime.store, runId);
    const stored = await new BlobStore(world.server.runtime.db.knex).getText(run.dossierHash!);
    const bytes = entries.get('dossier.json')!.data;
    expect(bytes.equals(Buffer.from(stored!, 'utf8'))).to.equal(true);
    expect(createHash('sha256').update(bytes).digest('hex')).to.equal(run.dossierHash);
    expect(JSON.parse(bytes.toString('utf8'))).to.deep.equal(dossier);

    const provenance = JSON.parse(entries.get('provenance.json')!.data.toString('utf8')) as Json;
    expect(provenance).to.include({ run_id: runId, disease_id: 'sle', dossier_sha256: run.dossierHash });
    expect(provenance.fingerprint).to.deep.equal({ algorithm: 'sha256', value: dossier.manifest.provenance.fingerprint });
    expect(provenance.inputs).to.deep.equal(dossier.manifest.provenance.inputs);
    expect(provenance.source_statuses).to.deep.equal(dossier.source_statuses);
    expect(provenance.llm).to.deep.equal(dossier.manifest.llm);
  });

  it('holds the review state with provenance and the history, as the review routes give them', async function () {
    const entries = readZip(Buffer.from(await (await bundle(ALICE, runId)).arrayBuffer()));
    const current = (await (await world.get(ALICE, `/api/workspace/runs/${runId}/reviews`)).json()) as Json;
    const history = (await (await world.get(ALICE, `/api/workspace/runs/${runId}/review-events`)).json()) as Json;
    const reviews = JSON.parse(entries.get('reviews.json')!.data.toString('utf8')) as Json;
    expect(reviews).to.deep.equal({ run_id: runId, etag: current.etag, reviews: current.reviews });
    expect(reviews.reviews.find((r: Json) => r.candidate_id === drug).provenance).to.include({ saved_by: ALICE });
    const events = JSON.parse(entries.get('review-events.json')!.data.toString('utf8')) as Json;
    expect(events).to.deep.equal({ run_id: runId, events: history.events });
    expect(events.events).to.have.length(3);
  });

  it('writes citations.csv per RFC 4180, quoting commas and quotes and neutralizing formula cells', async function () {
    const entries = readZip(Buffer.from(await (await bundle(ALICE, runId)).arrayBuffer()));
    const text = entries.get('citations.csv')!.data.toString('utf8');
    const rows = parseCsv(text);
    expect(rows[0]).to.deep.equal(['evidence_id', 'source', 'native_id', 'title', 'url', 'published', 'quality_tier', 'synthetic']);
    expect(rows).to.have.length(dossier.evidence.length + 1);
    expect(rows.every((r) => r.length === 8)).to.equal(true);
    const tricky = dossier.evidence.find((e) => e.title === TRICKY_TITLE);
    expect(tricky, 'the article with the tricky title is in the dossier').to.not.equal(undefined);
    const row = rows.find((r) => r[0] === tricky!.evidence_id)!;
    // The offline corpus is synthetic: no URL, and the row says so.
    expect(row.slice(1)).to.deep.equal([tricky!.source, tricky!.native_id, `'${TRICKY_TITLE}`, '', tricky!.published ?? '', tricky!.quality_tier, 'synthetic example']);
    expect(text).to.contain(`,"'=Rituximab, ""B-cell depletion"" versus placebo in systemic lupus erythematosus",`);
    for (const e of dossier.evidence.filter((x) => x !== tricky)) {
      const r = rows.find((x) => x[0] === e.evidence_id)!;
      expect(r[3]).to.equal(/^[=+\-@]/.test(e.title) ? `'${e.title}` : e.title);
    }
  });

  it('writes review.md with the question, disease, candidates and decisions, escaped notes and the disclaimer', async function () {
    const entries = readZip(Buffer.from(await (await bundle(ALICE, runId)).arrayBuffer()));
    const md = entries.get('review.md')!.data.toString('utf8');
    expect(md).to.contain(DISCLAIMER);
    expect(md).to.contain('Is B-cell depletion worth it, "really"?');
    expect(md).to.contain(dossier.disease.name);
    expect(md).to.contain(dossier.manifest.provenance.fingerprint);
    const top = dossier.drug_rankings[0]!;
    expect(md).to.contain(`### Rejected: ${top.label} (${drug}, drug)`);
    expect(md).to.contain(`| 1 | ${top.label} (${drug}) | ${top.score.toFixed(2)} | ${top.confidence_band} | Rejected |`);
    expect(md).to.contain('> The long-term extension showed infections');
    expect(md).to.contain('- **Tags:** shortlist');
    // Researcher text renders as text: no heading, list, HTML or link markup gets through.
    expect(md).to.contain('> \\# Not a heading');
    expect(md).to.contain('> \\- not a list');
    expect(md).to.contain('> \\<script\\>alert(1)\\</script\\> \\| a pipe');
    expect(md).to.contain('> 1\\. not ordered');
    expect(md).to.contain('> Safety \\*signal\\* in \\[trial\\](http://x)');
    expect(md).to.not.contain('<script>');
    expect(md).to.match(/pin → reject: The long-term extension showed infections/);
  });

  it('answers 404 for another researcher\'s run and unknown ids, 409 without a dossier, 401 without a researcher', async function () {
    const running = randomUUID();
    await changeRun(world.server.runtime.store, running, {
      type: 'RequestRun', runId: running, researcherId: ALICE, request: dossier.request, at: new Date().toISOString(),
    }, newCommandContext(systemClock, { kind: 'researcher', id: ALICE }));
    const conflict = await bundle(ALICE, running);
    expect(conflict.status).to.equal(409);
    expect(conflict.headers.get('content-type')).to.match(/^application\/json/);
    expect((await bundle(BOB, runId)).status).to.equal(404);
    expect((await bundle(ALICE, '6b1c7f1e-0000-4000-8000-00000000abcd')).status).to.equal(404);
    expect((await bundle(null, runId)).status).to.equal(401);
  });
});
