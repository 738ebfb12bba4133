// The MONDO class registry on MONDO's real 2026-08 release files (../shared/data/mondo), counted here
// independently with plain line splitting: a class is live unless its quoted label starts with "obsolete";
// it is in the registry when a skos:exactMatch row of any of the five sets names it as subject.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { openMondoRegistry, readMondoRegistry } from '../../../infra/diseases/read-mondo-registry';
import { loadSettings } from '../../../infra/config/settings';
import { silentLogger } from '../../../infra/logging/logger';
import { requireSharedData, shared } from '../../biomed/support/biomed-env';

const SETS = ['doid', 'efo', 'mesh', 'omim', 'orphanet'].map((s) => `mondo/mondo_exactmatch_${s}.sssom.tsv`);

function countFromFiles() {
  const live = new Set<string>();
  for (const line of fs.readFileSync(shared('mondo/class-stats.tsv'), 'utf8').split('\n')) {
    const [id, label] = line.split('\t');
    if (id?.startsWith('MONDO:') && !label!.startsWith('"obsolete')) live.add(id);
  }
  const mapped = new Set<string>();
  for (const set of SETS) {
    for (const line of fs.readFileSync(shared(set), 'utf8').split('\n')) {
      const cells = line.split('\t');
      if (cells[2] === 'skos:exactMatch' && live.has(cells[0]!)) mapped.add(cells[0]!);
    }
  }
  return { live: live.size, registry: mapped.size };
}

describe('infra/diseases: MONDO class registry from the real 2026-08 release files', function () {
  this.timeout(60_000);
  before(function () { requireSharedData(this, 'mondo/class-stats.tsv', ...SETS); });

  it('holds every live class with an exact cross-reference, as many as a line count of the files finds', () => {
    const expected = countFromFiles();
    expect(expected.live, 'the 32,102 live classes the data README states').to.equal(32102);
    const registry = readMondoRegistry(path.dirname(shared('mondo/class-stats.tsv')));
    const counts = registry.counts();
    expect(counts.live).to.equal(expected.live);
    expect(counts.registry).to.equal(expected.registry);
    expect(registry.size).to.equal(expected.registry);
  });

  it('SLE carries its exact DOID, MeSH, OMIM and Orphanet ids (by hand from the sets) and each finds it back', () => {
    const registry = readMondoRegistry(path.dirname(shared('mondo/class-stats.tsv')));
    expect(registry.get('MONDO:0007915')).to.deep.equal({
      id: 'MONDO:0007915', label: 'systemic lupus erythematosus', xrefs: ['DOID:9074', 'mesh:D008180', 'OMIM:152700', 'Orphanet:536'],
    });
    for (const xref of ['DOID:9074', 'MESH:D008180', 'OMIM:152700', 'Orphanet:536']) expect(registry.mondoOf(xref), xref).to.equal('MONDO:0007915');
    // mondo_exactmatch_efo, first data row: MONDO:0000004 adrenocortical insufficiency = EFO:0009491.
    expect(registry.mondoOf('EFO_0009491')).to.equal('MONDO:0000004');
    expect(registry.get('MONDO:0000238'), 'obsolete pestis minor').to.equal(undefined);
  });

  it('the service reads it from MONDO_DIR (default DATA_DIR/mondo); a directory without the class list gives none', () => {
    const dir = path.dirname(shared('mondo/class-stats.tsv'));
    expect(loadSettings({ MONDO_DIR: dir }).mondoDir).to.equal(path.resolve(dir));
    expect(loadSettings({ DATA_DIR: '/srv/evidence' }).mondoDir).to.equal(path.resolve('/srv/evidence/mondo'));
    expect(openMondoRegistry(dir, silentLogger)?.size).to.equal(countFromFiles().registry);
    expect(openMondoRegistry(path.join(dir, 'absent'), silentLogger)).to.equal(null);
  });
});
