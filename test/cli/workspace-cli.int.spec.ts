import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { testDatabaseUrl } from '../support/databases';
import { runCli } from '../support/service-process';

describe('evidence workspace and evidence disease validate', function () {
  this.timeout(60_000);
  let out: string;
  let dataDir: string;
  // `evidence workspace` opens the service's store (the run's database here; no seed: biomed tests import their own).
  const env = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: testDatabaseUrl(), DATA_DIR: dataDir, BIOMED_SEED: 'false', EVIDENCE_SOURCE_MODE: 'offline', LOG_LEVEL: 'silent', EVIDENCE_CORPUS_DIR: path.resolve(__dirname, '../../../fixtures/corpus') }); // the synthetic corpus the expectations name
  beforeEach(function () {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-cli-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-cli-data-'));
  });
  afterEach(function () {
    fs.rmSync(out, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a question from the terminal and writes the dossier as JSON and HTML', async function () {
    const { code, output } = await runCli(['workspace', '--disease', 'ra', '--question', 'Which JAK inhibitors work?', '--no-llm', '--out', out], env());
    expect(code, output).to.equal(0);
    const files = fs.readdirSync(out).sort();
    expect(files.map((f) => path.extname(f))).to.deep.equal(['.html', '.json']);
    const dossier = JSON.parse(fs.readFileSync(path.join(out, files[1]!), 'utf8'));
    expect(dossier.request).to.include({ disease_id: 'ra', enable_llm: false });
    expect(dossier.drug_rankings.length).to.be.greaterThan(0);
    expect(output).to.contain('fingerprint').and.contain('Research use only');
  });

  it('refuses a bad question with the rule it broke', async function () {
    const { code, output } = await runCli(['workspace', '--question', 'x', '--out', out], env());
    expect(code).to.equal(2);
    expect(output).to.contain('question');
  });

  it('validates the shipped disease modules', async function () {
    const { code, output } = await runCli(['disease', 'validate'], env());
    expect(code, output).to.equal(0);
    for (const id of ['sle', 'ra', 'ms', 't2d']) expect(output).to.contain(id);
  });

  it('fails validation when a module lacks required configuration', async function () {
    fs.writeFileSync(path.join(out, 'broken.json'), JSON.stringify({ id: 'broken', name: 'Broken', synonyms: [], mondo_id: 'MONDO:0000001', efo_id: 'EFO_0000001', search: {}, kg_seeds: { disease_node: 'disease:broken' } }));
    const { code, output } = await runCli(['disease', 'validate', '--dir', out], env());
    expect(code).to.equal(1);
    expect(output).to.contain('broken').and.contain('pubmed');
  });
});
