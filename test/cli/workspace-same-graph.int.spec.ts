// Issue 25: the CLI (`evidence workspace`) and the service explain with one graph, the store graph of the
// active snapshots. Before, the CLI used the curated fixtures/kg graph and the same SLE question ranked
// belimumab 76.84 there and 56.84 through the API, printed reversed edges as facts and left cross-disease
// paths unlabelled. The same offline question through both must give the same dossier apart from run ids
// and times.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Dossier } from '../../domain/workspace/dossier-types';
import { SOURCE_NAMES } from '../../domain/workspace/sources';
import { eventually, testDatabaseUrl } from '../support/databases';
import { runCli } from '../support/service-process';
import { startTestServer, SYNTHETIC_CORPUS_DIR, TestServer } from '../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const QUESTION = { disease_id: 'sle', question: 'Which drugs and targets are most promising?', sources: SOURCE_NAMES.join(','), enable_llm: false };

/** The dossier with its run id and every ISO time replaced: what may differ between two runs. */
function comparable(dossier: Dossier): Json {
  const text = JSON.stringify(dossier).split(dossier.run_id).join('<run>').replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, '<time>');
  return JSON.parse(text) as Json;
}

describe('evidence workspace and the API explain with the same store graph', function () {
  this.timeout(240_000);
  let server: TestServer;
  let out: string;

  before(async function () {
    // The seed gives the store graph real data (it imports nothing when the run's database already has snapshots).
    server = await startTestServer({ startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline', JOB_STREAM_POLL_MS: '50', BIOMED_SEED: 'true' } });
    await server.runtime.preloads.settled();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-cli-graph-'));
  });
  after(async function () {
    await server?.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it('gives the same offline SLE dossier from the CLI and the API apart from run ids and times (belimumab scored alike, paths forward)', async function () {
    const headers = { 'X-Researcher-ID': 'alice', 'content-type': 'application/json' };
    const response = await fetch(`${server.baseUrl}/api/jobs/workspace`, { method: 'POST', headers, body: JSON.stringify(QUESTION) });
    expect(response.status, await response.clone().text()).to.equal(202);
    const { job_id } = (await response.json()) as Json;
    let status: Json = {};
    await eventually(async () => {
      status = (await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`, { headers })).json()) as Json;
      return status.status === 'SUCCESS' || status.status === 'FAILURE';
    }, 'workspace job finished', 120_000);
    expect(status.status, status.error).to.equal('SUCCESS');
    const api = status.result.dossier as Dossier;

    const { code, output } = await runCli(
      ['workspace', '--disease', QUESTION.disease_id, '--question', QUESTION.question, '--sources', QUESTION.sources, '--no-llm', '--out', out],
      { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: testDatabaseUrl(), DATA_DIR: path.join(out, 'data'), EVIDENCE_SOURCE_MODE: 'offline', BIOMED_SEED: 'false', LOG_LEVEL: 'silent',
        // The same offline records as the test server reads (its default: the synthetic corpus), so only the graph can differ.
        EVIDENCE_CORPUS_DIR: SYNTHETIC_CORPUS_DIR },
    );
    expect(code, output).to.equal(0);
    const file = fs.readdirSync(out).find((f) => f.startsWith('dossier-') && f.endsWith('.json'))!;
    const cli = JSON.parse(fs.readFileSync(path.join(out, file), 'utf8')) as Dossier;

    expect(api.graph_explanations.length).to.be.greaterThan(0);
    const score = (d: Dossier, label: string) => d.drug_rankings.find((r) => r.label.toLowerCase() === label)?.score;
    expect(score(cli, 'belimumab'), 'belimumab from the CLI').to.equal(score(api, 'belimumab'));
    // The CLI's paths are the store graph's: each step says its direction (no reversed edge read as a fact)
    // and a path is labelled when it passes through another disease.
    const found = cli.graph_explanations.filter((g) => g.status === 'found');
    expect(found.length).to.be.greaterThan(0);
    for (const g of found) {
      expect(g.graph, g.candidate_id).to.equal('knowledge_graph');
      expect(g.cross_disease, g.candidate_id).to.be.a('boolean');
      for (const step of g.path!.relationships) expect(step.direction, `${g.candidate_id} ${step.relation}`).to.be.oneOf(['forward', 'reverse']);
    }
    expect(comparable(cli)).to.deep.equal(comparable(api));
  });
});
