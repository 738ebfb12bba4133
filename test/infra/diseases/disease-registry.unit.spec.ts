import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import {
  DEFAULT_DISEASES_DIR, DiseaseRegistry, IncompleteDiseaseConfigurationError, UnknownDiseaseError, validateDirectory,
} from '../../../infra/diseases/disease-registry';

function module(id: string, overrides: Partial<DiseaseModule> = {}): DiseaseModule {
  return {
    id,
    name: `Disease ${id}`,
    synonyms: [],
    mondo_id: 'MONDO:0007915',
    efo_id: 'EFO_0002690',
    search: { pubmed: { terms: [id] }, clinical_trials: { condition: id } },
    kg_seeds: { disease_node: `disease:${id}` },
    ...overrides,
  };
}

const sle = module('sle', {
  name: 'Systemic lupus erythematosus',
  synonyms: ['SLE', 'Lupus', 'Lupus erythematosus disseminatus'],
  search: {
    pubmed: { terms: ['systemic lupus erythematosus'] },
    clinical_trials: { condition: 'Systemic Lupus Erythematosus' },
    gwas: { efo_traits: ['EFO_0002690'] },
  },
});
const ra = module('ra', { name: 'Rheumatoid arthritis', synonyms: ['RA'], mondo_id: 'MONDO:0008383', efo_id: 'EFO_0000685' });
const { pubmed: _dropped, ...searchWithoutPubmed } = module('ss').search;
const incomplete = { ...module('ss', { name: "Sjögren's syndrome", synonyms: ['Sjogren syndrome'] }), search: searchWithoutPubmed };

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'disease-registry-'));
}

function write(dir: string, file: string, value: unknown): void {
  fs.writeFileSync(path.join(dir, file), typeof value === 'string' ? value : JSON.stringify(value));
}

describe('DiseaseRegistry', function () {
  let dir: string;
  let registry: DiseaseRegistry;

  before(function () {
    dir = tempDir();
    write(dir, 'sle.json', sle);
    write(dir, 'ra.json', ra);
    write(dir, 'ss.json', incomplete);
    write(dir, 'broken.json', '{"id": "broken", "name": ');
    write(dir, 'README.md', '# not a module');
    registry = DiseaseRegistry.load(dir);
  });
  after(function () {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('discovers every *.json module and counts the valid and invalid ones', function () {
    expect(registry.counts()).to.deep.equal({ total: 4, valid: 2, invalid: 2 });
    expect(registry.ids()).to.deep.equal(['broken', 'ra', 'sle', 'ss']);
    expect(registry.validIds()).to.deep.equal(['ra', 'sle']);
    expect(registry.get('sle')).to.deep.equal(sle);
    expect(registry.require('ra').name).to.equal('Rheumatoid arthritis');
  });

  it('lists the invalid modules with their problems: a missing required source and malformed JSON', function () {
    const invalid = registry.invalid();
    expect(invalid.map((i) => [i.id, i.file])).to.deep.equal([['broken', 'broken.json'], ['ss', 'ss.json']]);
    expect(invalid[0]!.problems).to.have.length(1);
    expect(invalid[0]!.problems[0]).to.match(/^not valid JSON: /);
    expect(invalid[1]!.problems).to.deep.equal(['search.pubmed is required']);
    expect(registry.get('ss'), 'an invalid module is not usable').to.equal(undefined);
    expect(registry.has('ss')).to.equal(true);
  });

  it('require() rejects an incomplete module with the named error and exact message', function () {
    let thrown: unknown;
    try {
      registry.require('ss');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(IncompleteDiseaseConfigurationError);
    expect((thrown as Error).message).to.equal('incomplete disease configuration: ss: search.pubmed is required');
    expect((thrown as IncompleteDiseaseConfigurationError).diseaseId).to.equal('ss');
    expect(() => registry.require('broken')).to.throw(IncompleteDiseaseConfigurationError, /^incomplete disease configuration: broken: not valid JSON/);
  });

  it('require() rejects an absent id with UnknownDiseaseError', function () {
    expect(() => registry.require('nope')).to.throw(UnknownDiseaseError, /nope/);
    expect(registry.get('nope')).to.equal(undefined);
    expect(registry.has('nope')).to.equal(false);
  });

  it('describes every kind of problem by its field', function () {
    const odd = DiseaseRegistry.fromModules([
      { ...module('odd'), mondo_id: 'MONDO:12', colour: 'blue', kg_seeds: {}, search: { ...module('odd').search, fda_labels: { indication_terms: [] } } },
    ]);
    expect(odd.invalid()[0]!.problems).to.have.members([
      'colour is not an accepted field',
      'mondo_id must match pattern "^MONDO:\\d{7}$"',
      'kg_seeds.disease_node is required',
      'search.fda_labels.indication_terms must NOT have fewer than 1 items',
    ]);
  });

  it('keeps the first valid module of a duplicate id and reports the other file', function () {
    const dupDir = tempDir();
    try {
      write(dupDir, 'a.json', module('dup', { name: 'First' }));
      write(dupDir, 'b.json', module('dup', { name: 'Second' }));
      const dup = DiseaseRegistry.load(dupDir);
      expect(dup.require('dup').name).to.equal('First');
      expect(dup.counts()).to.deep.equal({ total: 2, valid: 1, invalid: 1 });
      expect(dup.invalid()).to.deep.equal([{ id: 'dup', file: 'b.json', problems: ['duplicate id: dup is also defined in a.json'] }]);
    } finally {
      fs.rmSync(dupDir, { recursive: true, force: true });
    }
  });

  it('search() is a case-insensitive prefix type-ahead over ids, names and synonyms', function () {
    const ids = (prefix: string, limit = 10) => registry.search(prefix, limit).map((e) => e.id);
    expect(ids('SL')).to.deep.equal(['sle']);
    expect(ids('lup')).to.deep.equal(['sle'], 'synonym');
    expect(ids('rheum')).to.deep.equal(['ra'], 'name');
    expect(ids('r')).to.deep.equal(['ra']);
    expect(ids('sjo')).to.deep.equal(['ss'], 'accent-insensitive; invalid modules are listed too');
    expect(registry.search('sjo', 10)[0]!.valid).to.equal(false);
    expect(ids('erythem')).to.deep.equal(['sle'], 'a later word of a name, after whole-term matches');
    expect(ids('s', 1)).to.have.length(1);
    expect(ids('zzz')).to.deep.equal([]);
    expect(ids('')).to.deep.equal(['broken', 'ra', 'sle', 'ss']);
  });

  it('reports the directory for the CLI, and fails clearly on a missing directory', function () {
    const report = validateDirectory(dir);
    expect(report.counts).to.deep.equal({ total: 4, valid: 2, invalid: 2 });
    expect(report.modules.map((m) => `${m.id}:${m.valid}`)).to.deep.equal(['broken:false', 'ra:true', 'sle:true', 'ss:false']);
    expect(() => DiseaseRegistry.load(path.join(dir, 'missing'))).to.throw(/cannot be read/);
  });

  it('loads 20,000 modules once and answers lookups and searches without touching the files again', function () {
    this.timeout(120_000);
    const bigDir = tempDir();
    try {
      const count = 20_000;
      for (let i = 0; i < count; i++) {
        const id = `d${String(i).padStart(5, '0')}`;
        write(bigDir, `${id}.json`, module(id, { name: `Condition number ${i}`, synonyms: [`Alias ${i}`, `Other ${id}`] }));
      }
      write(bigDir, 'd99999.json', { ...module('d99999'), search: searchWithoutPubmed });

      const started = process.hrtime.bigint();
      const big = DiseaseRegistry.load(bigDir);
      const loadMs = Number(process.hrtime.bigint() - started) / 1e6;
      expect(big.counts()).to.deep.equal({ total: count + 1, valid: count, invalid: 1 });

      // From here on, no file access at all: the directory is gone and fs is instrumented.
      fs.rmSync(bigDir, { recursive: true, force: true });
      const touched: string[] = [];
      const spied = ['readFileSync', 'readFile', 'openSync', 'open', 'opendirSync', 'readdirSync', 'statSync', 'existsSync'] as const;
      const originals = spied.map((name) => fs[name]);
      spied.forEach((name, i) => {
        (fs as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
          touched.push(name);
          return (originals[i] as (...a: unknown[]) => unknown)(...args);
        };
      });
      let lookupMs: number;
      try {
        const t0 = process.hrtime.bigint();
        for (let i = 0; i < count; i += 7) {
          const id = `d${String(i).padStart(5, '0')}`;
          expect(big.require(id).id).to.equal(id);
        }
        expect(() => big.require('d99999')).to.throw(IncompleteDiseaseConfigurationError, 'incomplete disease configuration: d99999: search.pubmed is required');
        expect(() => big.require('d12345x')).to.throw(UnknownDiseaseError);
        expect(big.search('d1234', 20).map((e) => e.id)).to.deep.equal(
          ['d12340', 'd12341', 'd12342', 'd12343', 'd12344', 'd12345', 'd12346', 'd12347', 'd12348', 'd12349'],
        );
        expect(big.search('alias 1999', 5).map((e) => e.id)).to.deep.equal(['d01999', 'd19990', 'd19991', 'd19992', 'd19993']);
        expect(big.search('CONDITION', 3)).to.have.length(3);
        lookupMs = Number(process.hrtime.bigint() - t0) / 1e6;
      } finally {
        spied.forEach((name, i) => {
          (fs as unknown as Record<string, unknown>)[name] = originals[i];
        });
      }
      expect(touched, 'file access after load').to.deep.equal([]);
      this.test!.title += ` (load ${loadMs.toFixed(0)} ms, lookups ${lookupMs.toFixed(0)} ms; printed, not asserted)`;
    } finally {
      fs.rmSync(bigDir, { recursive: true, force: true });
    }
  });

  it('defaults to fixtures/diseases at the project root', function () {
    expect(DEFAULT_DISEASES_DIR).to.equal(path.resolve(__dirname, '../../../../fixtures/diseases'));
  });
});
