// `evidence biomed analytics targets | shared-mechanisms | subgraph | pathways | target-prioritization`
// as an operator runs them (child processes on the same scratch database as a live service): each
// prints exactly the API's answer, refuses an option out of the API's range with exit 2, and an
// unknown CURIE with exit 1.
import { expect } from 'chai';
import { runCli } from '../support/service-process';
import { BiomedEnv, startBiomedEnv } from './support/biomed-env';
import { BASE_CLAIMS, importFixturesWithClaims } from './support/synthetic-claims';

describe('biomed: evidence biomed analytics (CLI) answers as /api/v1 does', function () {
  this.timeout(90_000);
  let env: BiomedEnv;
  const cliEnv = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: env.runtime.settings.databaseUrl, LOG_LEVEL: 'silent' });

  before(async () => {
    env = await startBiomedEnv();
    await importFixturesWithClaims(env, [...BASE_CLAIMS, ['GENE_SYMBOL:Z', 'PARTICIPATES_IN', 'REACTOME:R-HSA-9', 'supports']]);
  });
  after(async () => { await env?.close(); });

  const cases: [cli: string[], api: string][] = [
    [['targets', 'MONDO:0008383', '--top-k', '1'], '/api/v1/analytics/targets/MONDO:0008383?top_k=1'],
    [['shared-mechanisms', 'MONDO:0007915', 'MONDO:0008383'], '/api/v1/analytics/shared-mechanisms?left_curie=MONDO:0007915&right_curie=MONDO:0008383'],
    [['subgraph', 'MONDO:0007915', '--max-hops', '1', '--limit', '5'], '/api/v1/analytics/subgraph/MONDO:0007915?max_hops=1&limit=5'],
    [['pathways', 'MONDO:0007915', 'REACTOME:R-HSA-3', '--max-depth', '3'], '/api/v1/biomed/pathways?start_curie=MONDO:0007915&target_curie=REACTOME:R-HSA-3&max_depth=3'],
    [['target-prioritization', 'MONDO:0007915'], '/api/v1/biomed/target-prioritization/MONDO:0007915'],
  ];
  for (const [cli, apiPath] of cases) {
    it(`${cli[0]} prints the same JSON as GET ${apiPath.split('?')[0]}`, async () => {
      const api = await env.get(apiPath);
      expect(api.status, JSON.stringify(api.body)).to.equal(200);
      const { code, output } = await runCli(['biomed', 'analytics', ...cli], cliEnv());
      expect(code, output).to.equal(0);
      expect(JSON.parse(output)).to.deep.equal(api.body);
    });
  }

  it('refuses an option outside the API\'s range with exit 2, naming it', async () => {
    for (const [args, message] of [
      [['targets', 'MONDO:0007915', '--top-k', '101'], '--top-k must be an integer from 1 to 100'],
      [['target-prioritization', 'MONDO:0007915', '--top-k', '51'], '--top-k must be an integer from 1 to 50'],
      [['subgraph', 'MONDO:0007915', '--max-hops', '5'], '--max-hops must be an integer from 1 to 4'],
      [['subgraph', 'MONDO:0007915', '--limit', '0'], '--limit must be an integer from 1 to 500'],
      [['pathways', 'MONDO:0007915', 'REACTOME:R-HSA-3', '--max-depth', '2.5'], '--max-depth must be an integer from 1 to 5'],
    ] as [string[], string][]) {
      const { code, output } = await runCli(['biomed', 'analytics', ...args], cliEnv());
      expect(code, output).to.equal(2);
      expect(output).to.contain(message);
    }
  });

  it('answers an unknown CURIE with exit 1', async () => {
    const { code, output } = await runCli(['biomed', 'analytics', 'targets', 'MONDO:9999999'], cliEnv());
    expect(code).to.equal(1);
    expect(output).to.contain('unknown in the active snapshots: MONDO:9999999');
  });
});
