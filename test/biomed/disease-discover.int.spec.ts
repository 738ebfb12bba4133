// `evidence disease discover` as an operator runs it (child processes on a scratch database): modules
// from the active MONDO snapshot's exact mappings, loadable by the registry and `disease validate`,
// byte-identical on a repeat; --dry-run, --limit, --curie, --force and the refusals.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { expect } from 'chai';
import { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import { runCli } from '../support/service-process';
import { createScratchDatabase, fixture, requireSharedData, ScratchDatabase, shared } from './support/biomed-env';

const REAL_SETS = ['doid', 'efo', 'mesh', 'omim', 'orphanet'].map((s) => `mondo/mondo_exactmatch_${s}.sssom.tsv`);

/** A separate minimal reading of the inputs: MONDO term -> its exact EFO ids (xrefs equivalentTo + SSSOM exactMatch rows). */
async function expectedEfo(obo: string, sssoms: string[]): Promise<{ live: Map<string, Set<string>>; obsolete: number }> {
  const live = new Map<string, Set<string>>();
  let obsolete = 0;
  let id = '';
  let isTerm = false;
  for await (const line of readline.createInterface({ input: fs.createReadStream(obo), crlfDelay: Infinity })) {
    if (line.startsWith('[')) { isTerm = line === '[Term]'; continue; }
    if (!isTerm) continue;
    if (line.startsWith('id: ')) { id = line.slice(4); live.set(id, new Set()); }
    if (line === 'is_obsolete: true') { live.delete(id); obsolete++; }
    const xref = /^xref: (EFO:\d+) \{source="MONDO:equivalentTo"\}/.exec(line);
    if (xref) live.get(id)?.add(xref[1]!);
  }
  for (const file of sssoms) {
    for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
      const [s, , p, o] = line.split('\t');
      if (p === 'skos:exactMatch' && o?.startsWith('EFO:')) live.get(s!)?.add(o);
    }
  }
  return { live, obsolete };
}

function filesOf(dir: string): Map<string, string> {
  return new Map(fs.readdirSync(dir).sort().map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

function json(output: string) {
  return JSON.parse(output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1));
}

describe('biomed: evidence disease discover', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let dir: string;
  const env = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const out = (name: string) => path.join(dir, name);

  before(async () => {
    scratch = await createScratchDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'disease-discover-'));
  });
  after(async () => {
    await scratch?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('on the MONDO fixture alone', () => {
    it('refuses with exit 2 and writes nothing while no mondo snapshot is active', async () => {
      const { code, output } = await runCli(['disease', 'discover', '--out', out('none')], env());
      expect(code, output).to.equal(2);
      expect(output).to.contain('no active mondo snapshot');
      expect(fs.existsSync(out('none'))).to.equal(false);
    });

    it('refuses a bad --limit or --curie with exit 2', async () => {
      for (const args of [['--limit', '0'], ['--limit', 'ten'], ['--curie', 'not a curie']]) {
        const { code, output } = await runCli(['disease', 'discover', '--out', out('bad'), ...args], env());
        expect(code, output).to.equal(2);
        expect(output).to.match(/--limit must be a positive integer|--curie takes CURIEs/);
      }
      expect(fs.existsSync(out('bad'))).to.equal(false);
    });

    it('--dry-run lists what it would write and writes nothing', async () => {
      const imported = await runCli(['biomed', 'import', 'mondo', fixture('mondo-fixture.obo'), fixture('mondo-fixture.sssom.tsv')], env());
      expect(imported.code, imported.output).to.equal(0);
      const { code, output } = await runCli(['disease', 'discover', '--out', out('dry'), '--dry-run'], env());
      expect(code, output).to.equal(0);
      expect(output).to.match(/mondo_0008383\.json\s+MONDO:0008383\s+would create/);
      expect(output).to.contain('dry run, nothing written');
      expect(output).to.match(/no_exact_efo_mapping\s+\d+/);
      expect(fs.existsSync(out('dry'))).to.equal(false);
    });

    it('--curie picks conditions; one without an exact EFO mapping is skipped and says why; an unknown one exits 1', async () => {
      const ok = await runCli(['disease', 'discover', '--out', out('picked'), '--curie', 'MONDO:0008383', '--curie', 'MONDO:0007915', '--json'], env());
      expect(ok.code, ok.output).to.equal(0);
      const summary = json(ok.output);
      expect(summary.files.map((f: { file: string }) => f.file)).to.deep.equal(['mondo_0008383.json']);
      // SLE has no EFO exact mapping in the fixture forms: never guessed from its label.
      expect(summary.skipped).to.deep.equal([{ reason: 'no_exact_efo_mapping', why: 'no exact EFO mapping (efo_id is required)', count: 1, examples: ['MONDO:0007915'] }]);
      expect([...filesOf(out('picked')).keys()]).to.deep.equal(['mondo_0008383.json']);
      const ra = JSON.parse(fs.readFileSync(path.join(out('picked'), 'mondo_0008383.json'), 'utf8'));
      expect(ra).to.include({ id: 'mondo_0008383', name: 'rheumatoid arthritis', mondo_id: 'MONDO:0008383', efo_id: 'EFO_0000685' });

      const unknown = await runCli(['disease', 'discover', '--out', out('picked'), '--curie', 'MONDO:9999999'], env());
      expect(unknown.code, unknown.output).to.equal(1);
      expect(unknown.output).to.contain('not a term of the active mondo snapshot: MONDO:9999999');
    });

    it('--limit writes the first n complete modules in MONDO id order and reports the rest', async () => {
      const { code, output } = await runCli(['disease', 'discover', '--out', out('limited'), '--limit', '2', '--json'], env());
      expect(code, output).to.equal(0);
      const summary = json(output);
      expect(summary.files).to.have.length(2);
      expect(summary.beyond_limit).to.equal(summary.complete - 2);
      expect([...filesOf(out('limited')).keys()]).to.deep.equal(summary.files.map((f: { file: string }) => f.file).sort());
    });

    it('leaves an existing file with other content alone (and reports it) unless --force', async () => {
      const target = path.join(out('picked'), 'mondo_0008383.json');
      fs.writeFileSync(target, '{"hand": "edited"}\n');
      const kept = await runCli(['disease', 'discover', '--out', out('picked'), '--curie', 'MONDO:0008383'], env());
      expect(kept.code, kept.output).to.equal(0);
      expect(kept.output).to.match(/mondo_0008383\.json\s+MONDO:0008383\s+kept existing/);
      expect(fs.readFileSync(target, 'utf8')).to.equal('{"hand": "edited"}\n');
      const forced = await runCli(['disease', 'discover', '--out', out('picked'), '--curie', 'MONDO:0008383', '--force'], env());
      expect(forced.code, forced.output).to.equal(0);
      expect(forced.output).to.contain('overwritten (--force): 1');
      expect(JSON.parse(fs.readFileSync(target, 'utf8')).efo_id).to.equal('EFO_0000685');
    });
  });

  describe('on the MONDO fixture with the real MONDO SSSOM sets (shared/data)', () => {
    let expected: Awaited<ReturnType<typeof expectedEfo>>;

    before(async function () {
      requireSharedData(this, ...REAL_SETS);
      const sssoms = [fixture('mondo-fixture.sssom.tsv'), ...REAL_SETS.map(shared)];
      expected = await expectedEfo(fixture('mondo-fixture.obo'), sssoms);
      const imported = await runCli(['biomed', 'import', 'mondo', fixture('mondo-fixture.obo'), ...sssoms], env());
      expect(imported.code, imported.output).to.equal(0);
    });

    it('writes one module per condition with exactly one exact EFO mapping; the registry and `disease validate` accept them all', async () => {
      const { code, output } = await runCli(['disease', 'discover', '--out', out('real'), '--json'], env());
      expect(code, output).to.equal(0);
      const summary = json(output);
      const complete = [...expected.live].filter(([, efo]) => efo.size === 1).map(([id]) => id).sort();
      const none = [...expected.live].filter(([, efo]) => efo.size === 0).length;
      expect(complete.length).to.be.greaterThan(15);
      expect(summary.conditions).to.equal(expected.live.size + expected.obsolete);
      expect(summary.complete).to.equal(complete.length);
      expect(summary.actions.create).to.equal(complete.length);
      const skipped = Object.fromEntries(summary.skipped.map((s: { reason: string; count: number }) => [s.reason, s.count]));
      expect(skipped.no_exact_efo_mapping ?? 0).to.equal(none);
      expect(skipped.obsolete ?? 0).to.equal(expected.obsolete);

      const registry = DiseaseRegistry.load(out('real'));
      expect(registry.counts()).to.deep.equal({ total: complete.length, valid: complete.length, invalid: 0 });
      expect(registry.validIds()).to.deep.equal(complete.map((c) => `mondo_${c.slice(6)}`));
      for (const mondo of complete) {
        const module = registry.require(`mondo_${mondo.slice(6)}`);
        expect(module.mondo_id).to.equal(mondo);
        expect(module.efo_id).to.equal([...expected.live.get(mondo)!][0]!.replace(':', '_'));
      }
      const validate = await runCli(['disease', 'validate', '--dir', out('real')], env());
      expect(validate.code, validate.output).to.equal(0);
      expect(validate.output).to.contain(`${complete.length} module(s) in ${out('real')}: ${complete.length} valid, 0 invalid`);
    });

    it('is deterministic: the same snapshot gives byte-identical files, and a repeat into the same folder changes nothing', async () => {
      const again = await runCli(['disease', 'discover', '--out', out('real2')], env());
      expect(again.code, again.output).to.equal(0);
      expect(filesOf(out('real2'))).to.deep.equal(filesOf(out('real')));
      const before = filesOf(out('real'));
      const repeat = await runCli(['disease', 'discover', '--out', out('real'), '--json'], env());
      const summary = json(repeat.output);
      expect(summary.actions).to.deep.equal({ create: 0, overwrite: 0, unchanged: before.size, keep_existing: 0 });
      expect(filesOf(out('real'))).to.deep.equal(before);
    });
  });

  describe('with the Disease Ontology too (shared/data): the registry grows to every disease the store can configure', () => {
    const DO = 'disease-ontology/HumanDO.obo';

    /** Independently: MONDO ids that are the one exact match of exactly one live DO term, not a fixture term, with exactly one exact EFO. */
    async function expectedFromDo(): Promise<string[]> {
      const doTerms = new Set<string>();
      let id = '';
      for await (const line of readline.createInterface({ input: fs.createReadStream(shared(DO)), crlfDelay: Infinity })) {
        if (line.startsWith('id: DOID:')) { id = line.slice(4); doTerms.add(id); }
        if (line === 'is_obsolete: true') doTerms.delete(id);
      }
      const pairs = (file: string, prefix: string) => {
        const out = new Map<string, Set<string>>();
        for (const line of fs.readFileSync(shared(file), 'utf8').split('\n')) {
          const [subject, , predicate, object] = line.split('\t');
          if (predicate === 'skos:exactMatch' && subject!.startsWith('MONDO:') && object!.startsWith(prefix)) out.set(subject!, (out.get(subject!) ?? new Set()).add(object!));
        }
        return out;
      };
      const doidsOf = pairs('mondo/mondo_exactmatch_doid.sssom.tsv', 'DOID:');
      const mondosOf = new Map<string, Set<string>>();
      for (const [mondo, doids] of doidsOf) for (const d of doids) mondosOf.set(d, (mondosOf.get(d) ?? new Set()).add(mondo));
      const efoOf = pairs('mondo/mondo_exactmatch_efo.sssom.tsv', 'EFO:');
      const fixtureTerms = new Set([...fs.readFileSync(fixture('mondo-fixture.obo'), 'utf8').matchAll(/^id: (MONDO:\d+)$/gm)].map((m) => m[1]!));
      return [...doidsOf].filter(([mondo, doids]) => doids.size === 1 && mondosOf.get([...doids][0]!)!.size === 1 && doTerms.has([...doids][0]!)
        && !fixtureTerms.has(mondo) && efoOf.get(mondo)?.size === 1).map(([mondo]) => mondo).sort();
    }

    before(async function () {
      requireSharedData(this, DO, ...REAL_SETS);
      const imported = await runCli(['biomed', 'import', 'disease_ontology', shared(DO), shared('mondo/mondo_exactmatch_doid.sssom.tsv')], env());
      expect(imported.code, imported.output).to.equal(0);
    });

    it('adds a module per DO disease whose exact MONDO id has one exact EFO mapping, and the runtime registry loads them beside the curated ones', async () => {
      const { code, output } = await runCli(['disease', 'discover', '--out', out('with-do'), '--json'], env());
      expect(code, output).to.equal(0);
      const summary = json(output);
      const fromDo = await expectedFromDo();
      const fromFixture = filesOf(out('real')).size; // the fixture-only run above, same mondo snapshot
      expect(fromDo.length).to.be.greaterThan(1000);
      expect(summary.complete).to.equal(fromFixture + fromDo.length);
      const written = new Set(fs.readdirSync(out('with-do')));
      for (const mondo of fromDo) expect(written.has(`mondo_${mondo.slice(6)}.json`), mondo).to.equal(true);
      const registry = DiseaseRegistry.loadAll([path.resolve(__dirname, '../../../fixtures/diseases'), out('with-do')]);
      const curated = DiseaseRegistry.load().counts().valid;
      expect(registry.counts()).to.deep.equal({ total: curated + summary.complete, valid: curated + summary.complete, invalid: 0 });
      const psoriasis = registry.require('mondo_0005083');
      expect(psoriasis).to.include({ mondo_id: 'MONDO:0005083', name: 'psoriasis' });
    });
  });
});
