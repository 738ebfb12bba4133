// `evidence biomed init | import | snapshots` as an operator runs them (child processes on a scratch database).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { runCli } from '../support/service-process';
import { createScratchDatabase, fixture, ScratchDatabase } from './support/biomed-env';

describe('biomed: the evidence biomed commands', function () {
  this.timeout(60_000);
  let scratch: ScratchDatabase;
  let dir: string;
  const env = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' });

  before(async () => {
    scratch = await createScratchDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-cli-'));
  });
  after(async () => {
    await scratch?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('init creates the schema and lists the resources', async () => {
    const { code, output } = await runCli(['biomed', 'init'], env());
    expect(code, output).to.equal(0);
    expect(output).to.contain('20261121000010_biomed_store').and.contain('0 snapshot(s)');
    expect(output).to.match(/clinvar\s/).and.not.contain('not implemented yet');
  });

  it('imports, prints progress and the report, then says "already imported" on a repeat', async () => {
    const first = await runCli(['biomed', 'import', 'hp', fixture('hp-fixture.obo')], env());
    expect(first.code, first.output).to.equal(0);
    expect(first.output).to.contain('verifying').and.contain('loading').and.match(/imported hp as snapshot (hp-828dc15ecce0-1)/);
    expect(first.output).to.contain('"non_obsolete_terms": 32');
    const again = await runCli(['biomed', 'import', 'hp', fixture('hp-fixture.obo')], env());
    expect(again.code, again.output).to.equal(0);
    expect(again.output).to.contain('already imported as snapshot hp-828dc15ecce0-1');
  });

  it('refuses a tampered artifact with exit code 2 unless --allow-unpinned', async () => {
    const copy = path.join(dir, 'hp.obo');
    fs.writeFileSync(copy, `${fs.readFileSync(fixture('hp-fixture.obo'), 'utf8')} `);
    const refused = await runCli(['biomed', 'import', 'hp', copy], env());
    expect(refused.code).to.equal(2);
    expect(refused.output).to.contain('matches no pinned checksum').and.contain('nothing was written');
    const forced = await runCli(['biomed', 'import', 'hp', copy, '--allow-unpinned'], env());
    expect(forced.code, forced.output).to.equal(0);
    expect(forced.output).to.contain('FORCED').and.contain('"forced": true');
    const wrongFile = await runCli(['biomed', 'import', 'clinvar', copy], env());
    expect(wrongFile.code).to.equal(2);
    expect(wrongFile.output).to.contain('clinvar takes exactly one ClinVar file');
  });

  it('lists snapshots with their active flags', async () => {
    const { code, output } = await runCli(['biomed', 'snapshots'], env());
    expect(code, output).to.equal(0);
    expect(output).to.match(/hp-828dc15ecce0-1\s+hp\s+fixture\/hp-2017-04-13-subset\/1\s+completed\s+no/);
    expect(output).to.match(/completed\s+yes\s+FORCED/);
    const json = JSON.parse((await runCli(['biomed', 'snapshots', '--json', '--resource', 'hp'], env())).output);
    expect(json).to.have.length(2);
  });
});
