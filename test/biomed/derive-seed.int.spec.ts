// The seed slice is reproducible: scripts/derive-seed.ts run again on ../shared/data writes files
// byte-identical to the committed fixtures/seed, and every committed seed file is pinned (form seed) with
// its real checksum. Skips with a message where ../shared/data is absent.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { PROJECT_ROOT, requireSharedData, SHARED_DATA } from './support/biomed-env';

const SEED = path.join(PROJECT_ROOT, 'fixtures', 'seed');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)).map((f) => path.join(e.name, f)) : [e.name]))
    .filter((f) => f !== 'README.md').sort();
}

describe('seed slice: derived reproducibly from the shared files', function () {
  this.timeout(120_000);

  it('a fresh run writes byte-identical files', function () {
    requireSharedData(this, 'pharmacotherapydb/indications.tsv', 'sider4/meddra_all_se.tsv.gz', 'bgee/diffex.tsv.gz');
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-'));
    try {
      // both scripts of `npm run seed:derive`: the resources' slices, then the literature mirror (fixtures/seed/literature)
      for (const script of ['derive-seed.js', 'derive-literature-seed.js']) {
        execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'dist', 'scripts', script), SHARED_DATA], { env: { ...process.env, SEED_OUT_DIR: out }, stdio: 'pipe' });
      }
      expect(files(out)).to.deep.equal(files(SEED));
      for (const f of files(SEED)) expect(fs.readFileSync(path.join(out, f)).equals(fs.readFileSync(path.join(SEED, f))), f).to.equal(true);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('every committed seed file is pinned with its checksum', () => {
    const pinned = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'fixtures', 'biomed', 'pinned-checksums.json'), 'utf8')) as Record<string, { sha256: string; form: string; file?: string }[] | string>;
    const seedPins = Object.values(pinned).flatMap((v) => (Array.isArray(v) ? v.filter((e) => e.form === 'seed') : []));
    for (const f of files(SEED)) {
      const sha = crypto.createHash('sha256').update(fs.readFileSync(path.join(SEED, f))).digest('hex');
      expect(seedPins.some((p) => p.sha256 === sha && p.file === path.basename(f)), f).to.equal(true);
    }
  });
});
