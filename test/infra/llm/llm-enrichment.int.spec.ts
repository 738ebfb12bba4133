import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { GraphNode } from '../../../domain/kg/graph-data';
import type { GraphView } from '../../../domain/kg/graph-view';
import type { EvidenceItem } from '../../../domain/workspace/dossier-types';
import { enrichWithLlm, LlmConfig } from '../../../infra/llm/llm-enrichment';

const nodes: GraphNode[] = [
  { id: 'drug:anifrolumab', kind: 'drug', label: 'anifrolumab', synonyms: ['Saphnelo'] },
  { id: 'target:IFNAR1', kind: 'target', label: 'IFNAR1' },
];
const graph: GraphView = {
  node: (id) => nodes.find((n) => n.id === id),
  findPath: () => undefined,
  size: () => ({ nodes: nodes.length, edges: 0 }),
  resolve: (name) => nodes.find((n) => [n.label, ...(n.synonyms ?? [])].some((s) => s.toLowerCase() === name.toLowerCase())),
  mentionedIn: () => [],
};
const evidence = [{ evidence_id: 'ev_0123456789abcdef', title: 'TULIP-2', snippet: 'Anifrolumab blocks IFNAR1', url: 'https://pubmed.ncbi.nlm.nih.gov/90000001/' }] as EvidenceItem[];
const input = { question: 'Which interferon blockers?', diseaseName: 'Systemic lupus erythematosus', evidence, graph };

type Answer = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function withServer(answer: Answer, run: (config: LlmConfig, seen: { auth?: string; body?: string }) => Promise<void>) {
  const seen: { auth?: string; body?: string } = {};
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.auth = req.headers.authorization;
      seen.body = body;
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await run({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-test-secret', model: 'test-model', timeoutMs: 300 }, seen);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const completion = (content: string): Answer => (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ choices: [{ message: { content } }] }));
};

describe('LLM claim enrichment against an OpenAI-compatible server', function () {
  it('without credentials reports not_configured and proposes nothing', async function () {
    const outcome = await enrichWithLlm(input, { baseUrl: undefined, apiKey: undefined, model: 'm', timeoutMs: 100 });
    expect(outcome).to.deep.include({ status: 'not_configured', claims: [] });
    expect(outcome.warnings[0]).to.contain('deterministic claims only');
  });

  it('keeps valid claims about known entities citing known evidence, and drops the rest', async function () {
    const content = JSON.stringify({ claims: [
      { subject: 'Saphnelo', relationship: 'targets', object: 'IFNAR1', evidence_ids: ['ev_0123456789abcdef'] },
      { subject: 'unobtainium', relationship: 'targets', object: 'IFNAR1', evidence_ids: ['ev_0123456789abcdef'] },
      { subject: 'anifrolumab', relationship: 'targets', object: 'IFNAR1', evidence_ids: ['ev_ffffffffffffffff'] },
    ] });
    await withServer(completion(content), async (config, seen) => {
      const outcome = await enrichWithLlm(input, config);
      expect(outcome.status).to.equal('ok');
      expect(outcome.claims).to.have.length(1);
      expect(outcome.claims[0]).to.deep.include({ relationship: 'targets', evidence_ids: ['ev_0123456789abcdef'] });
      expect(outcome.claims[0]!.subject.id).to.equal('drug:anifrolumab');
      expect(outcome.warnings[0]).to.contain('2 LLM-proposed claim(s) dropped');
      expect(seen.auth).to.equal('Bearer sk-test-secret');
      expect(JSON.parse(seen.body!).model).to.equal('test-model');
    });
  });

  it('reports invalid_output for text that is not JSON or not the schema', async function () {
    await withServer(completion('Sure! Here are some claims...'), async (config) => {
      expect((await enrichWithLlm(input, config)).status).to.equal('invalid_output');
    });
    await withServer(completion(JSON.stringify({ claims: [{ subject: 'x', relationship: 'cures', object: 'y', evidence_ids: [] }] })), async (config) => {
      expect((await enrichWithLlm(input, config)).status).to.equal('invalid_output');
    });
  });

  it('reports timeout, quota and failure without throwing, and never echoes the key', async function () {
    await withServer(() => undefined, async (config) => {
      const outcome = await enrichWithLlm(input, config);
      expect(outcome.status).to.equal('timeout');
      expect(JSON.stringify(outcome)).not.to.contain('sk-test-secret');
    });
    await withServer((_req, res) => { res.writeHead(429); res.end('{"error":{"code":"insufficient_quota"}}'); }, async (config) => {
      expect((await enrichWithLlm(input, config)).status).to.equal('quota_exceeded');
    });
    await withServer((_req, res) => { res.writeHead(500); res.end('boom'); }, async (config) => {
      expect((await enrichWithLlm(input, config)).status).to.equal('failed');
    });
  });
});
