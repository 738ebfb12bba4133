// Shared setup of the across-runs specs: a real server in offline mode over a copy of the bundled corpus
// in which one lupus article's title carries a comma, double quotes and a leading "=" (so the CSV
// quoting and formula neutralization are exercised), and helpers that run dossiers to completion and
// save reviews through the HTTP API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Dossier } from '../../../domain/workspace/dossier-types';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const FIXTURES = path.resolve(__dirname, '../../../../fixtures');
export const ORIGINAL_TITLE = '<ArticleTitle>Rituximab versus placebo in systemic lupus erythematosus: a randomised controlled trial.</ArticleTitle>';
/** What the article is called in the test corpus: a spreadsheet would read it as a formula. */
export const TRICKY_TITLE = '=Rituximab, "B-cell depletion" versus placebo in systemic lupus erythematosus';

export function corpusAvailable(): boolean {
  return fs.existsSync(path.join(FIXTURES, 'corpus', 'pubmed', 'sle.xml'));
}

export interface AcrossRunsWorld {
  server: TestServer;
  corpus: string;
  headers(researcher: string): Record<string, string>;
  /** Submits a research request and waits for the completed run (also in the runs read model). */
  completeRun(researcher: string, body: Json): Promise<{ runId: string; dossier: Dossier }>;
  review(researcher: string, runId: string, body: Json): Promise<Json>;
  get(researcher: string | null, url: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startAcrossRunsWorld(env: Record<string, string> = {}): Promise<AcrossRunsWorld> {
  const corpus = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-across-runs-'));
  fs.cpSync(path.join(FIXTURES, 'corpus'), corpus, { recursive: true });
  const sle = path.join(corpus, 'pubmed', 'sle.xml');
  const xml = fs.readFileSync(sle, 'utf8');
  expect(xml, 'the corpus article whose title the test changes').to.contain(ORIGINAL_TITLE);
  fs.writeFileSync(sle, xml.replace(ORIGINAL_TITLE, `<ArticleTitle>${TRICKY_TITLE.replace(/"/g, '&quot;')}</ArticleTitle>`));

  const server = await startTestServer({
    startWorkers: true,
    env: { EVIDENCE_SOURCE_MODE: 'offline', EVIDENCE_CORPUS_DIR: corpus, JOB_STREAM_POLL_MS: '50', ...env },
  });
  const headers = (researcher: string) => ({ 'X-Researcher-ID': researcher, 'content-type': 'application/json' });

  async function completeRun(researcher: string, body: Json) {
    const response = await fetch(`${server.baseUrl}/api/jobs/workspace`, { method: 'POST', headers: headers(researcher), body: JSON.stringify({ enable_llm: false, ...body }) });
    expect(response.status, await response.clone().text()).to.equal(202);
    const { job_id: runId } = (await response.json()) as Json;
    let status: Json = {};
    await eventually(async () => {
      status = (await (await fetch(`${server.baseUrl}/api/jobs/${runId}`, { headers: headers(researcher) })).json()) as Json;
      return status.status === 'SUCCESS' || status.status === 'FAILURE';
    }, 'workspace job finished', 60_000);
    expect(status.status, status.error).to.equal('SUCCESS');
    await eventually(async () => {
      const list = (await (await fetch(`${server.baseUrl}/api/workspace/runs?limit=200`, { headers: headers(researcher) })).json()) as Json;
      return list.runs.some((r: Json) => r.run_id === runId && r.status === 'completed');
    }, 'run listed as completed');
    return { runId: runId as string, dossier: status.result.dossier as Dossier };
  }

  async function review(researcher: string, runId: string, body: Json) {
    const response = await fetch(`${server.baseUrl}/api/workspace/runs/${runId}/reviews`, { method: 'PUT', headers: headers(researcher), body: JSON.stringify(body) });
    expect(response.status, await response.clone().text()).to.equal(200);
    return (await response.json()) as Json;
  }

  return {
    server,
    corpus,
    headers,
    completeRun,
    review,
    get: (researcher, url) => fetch(`${server.baseUrl}${url}`, researcher === null ? {} : { headers: headers(researcher) }),
    async close() {
      await server.close();
      fs.rmSync(corpus, { recursive: true, force: true });
    },
  };
}
