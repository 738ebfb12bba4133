// `evidence biomed migrate | compare <a> <b> | analytics stats` as an operator runs them (child
// processes on a scratch database). compare records the same research run as POST /api/v1/comparisons.
import { expect } from 'chai';
import pg from 'pg';
import { runCli } from '../support/service-process';
import { createScratchDatabase, fixture, ScratchDatabase } from './support/biomed-env';

describe('biomed: evidence biomed migrate, compare and analytics stats', function () {
  this.timeout(90_000);
  let scratch: ScratchDatabase;
  const env = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' });
  const query = async (sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try { return (await client.query(sql, params)).rows; } finally { await client.end(); }
  };

  before(async () => { scratch = await createScratchDatabase(); });
  after(async () => { await scratch?.drop(); });

  it('migrate applies the migrations once, then says the database is up to date', async () => {
    const first = await runCli(['biomed', 'migrate'], env());
    expect(first.code, first.output).to.equal(0);
    expect(first.output).to.match(/applied \d+ migration\(s\)/).and.contain('20261121000010_biomed_store').and.contain('20261121000011_biomed_research_runs');
    const again = await runCli(['biomed', 'migrate'], env());
    expect(again.code, again.output).to.equal(0);
    expect(again.output).to.contain('database already up to date');
  });

  it('compare records a research run and prints its id, the shared phenotypes and the Jaccard', async () => {
    for (const [resource, ...files] of [['mondo', 'mondo-fixture.obo', 'mondo-fixture.sssom.tsv'], ['hp', 'hp-fixture.obo'], ['hpoa', 'hpoa-fixture.hpoa']]) {
      const imported = await runCli(['biomed', 'import', resource!, ...files.map(fixture)], env());
      expect(imported.code, imported.output).to.equal(0);
    }
    const { code, output } = await runCli(['biomed', 'compare', 'MONDO:0007915', 'MONDO:0008383'], env());
    expect(code, output).to.equal(0);
    const runId = /recorded comparison run ([0-9a-f-]{36})/.exec(output)?.[1];
    expect(runId, output).to.be.a('string');
    for (const hp of ['HP:0001369', 'HP:0001945', 'HP:0002829', 'HP:0002960', 'HP:0012378']) expect(output).to.contain(hp);
    expect(output).to.contain('shared phenotypes: 5').and.contain(`phenotype Jaccard: ${(5 / 9).toFixed(4)}`).and.match(/research use only/i);
    // The same record as the API's: one terminal run row and one ComparisonRecorded event on its stream.
    const runs = await query(`select run_id, kind, status, left_curie, right_curie, result from biomed.research_runs`);
    expect(runs).to.have.length(1);
    expect(runs[0]).to.include({ run_id: runId, kind: 'comparison', status: 'completed', left_curie: 'MONDO:0007915', right_curie: 'MONDO:0008383' });
    expect(runs[0].result.phenotype_jaccard).to.be.closeTo(5 / 9, 1e-12);
    const events = await query(`select type from es_events where stream_id = $1`, [`biomed-run-${runId}`]);
    expect(events.map((e) => e.type)).to.deep.equal(['ComparisonRecorded']);
    // A second compare is a second run; the first is untouched.
    const second = await runCli(['biomed', 'compare', 'MONDO:0007915', 'MONDO:0008383', '--json'], env());
    expect(second.code, second.output).to.equal(0);
    expect(JSON.parse(second.output).run_id).to.not.equal(runId);
    expect(await query(`select run_id from biomed.research_runs`)).to.have.length(2);
  });

  it('compare refuses an unknown CURIE with exit code 1 and records nothing', async () => {
    const { code, output } = await runCli(['biomed', 'compare', 'MONDO:0007915', 'MONDO:9999999'], env());
    expect(code).to.equal(1);
    expect(output).to.contain('unknown in the active snapshots: MONDO:9999999');
    expect(await query(`select run_id from biomed.research_runs`)).to.have.length(2);
  });

  it('analytics stats prints the counts of the active snapshots as tables', async () => {
    const { code, output } = await runCli(['biomed', 'analytics', 'stats'], env());
    expect(code, output).to.equal(0);
    const [terms] = await query(`select count(*)::int as n from biomed.terms t join biomed.snapshots s using (snapshot_id) where s.active`);
    expect(output).to.match(/snapshot\s+resource\s+version\s+terms\s+is_a edges\s+claims\s+mappings/);
    expect(output).to.match(/hp-828dc15ecce0-1\s+hp\s+\S+\s+33\s/);
    expect(output).to.match(new RegExp(`total\\s+${terms.n.toLocaleString('en-US')}\\s`));
    expect(output).to.match(/HAS_PHENOTYPE\s+\d+/).and.match(/IS_A\s+\d+/).and.match(/phenotype\s+33\s+1/);
    const json = JSON.parse((await runCli(['biomed', 'analytics', 'stats', '--json'], env())).output);
    expect(json.totals.terms).to.equal(terms.n);
    expect(json.disclaimer).to.match(/research use only/i);
  });
});
