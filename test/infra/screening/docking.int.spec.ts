// The Vina/Open Babel adapter: box files, tool lookup, and docking Debian's own autodock-vina test case
// (/usr/share/doc/autodock-vina/test-data: ABL kinase receptor, its crystal ligand imatinib, conf.txt box).
// Redocking the crystal ligand must find a strong pose (Debian's run-unit-test gets about -10.5 kcal/mol at
// exhaustiveness 4), the same score twice with the same seed. Skips the docking where vina or the data is absent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { bestAffinity, dockPdbqt, findDockingTools, findExecutable, findReceptor, parseBox, prepareLigand } from '../../../infra/screening/docking';

const TEST_DATA = '/usr/share/doc/autodock-vina/test-data';

describe('docking adapter (AutoDock Vina, Open Babel)', function () {
  this.timeout(300_000);

  it('reads a box file with exactly the six box keys', () => {
    // Debian's conf.txt where the package is installed, else the same lines written here (receptor line first, as Debian's).
    const debianConf = fs.existsSync(`${TEST_DATA}/conf.txt`) ? fs.readFileSync(`${TEST_DATA}/conf.txt`, 'utf8')
      : 'receptor = 1iep_receptor.pdbqt\nligand = 1iep_ligand.pdbqt\ncenter_x = 11\ncenter_y = 90.5\ncenter_z = 57.5\nsize_x = 22\nsize_y = 24\nsize_z = 28\n';
    const withoutFiles = debianConf.split('\n').filter((l) => !/^(receptor|ligand|out|exhaustiveness)\b/.test(l.trim())).join('\n');
    expect(parseBox(withoutFiles)).to.deep.equal({ box: { center_x: 11, center_y: 90.5, center_z: 57.5, size_x: 22, size_y: 24, size_z: 28 } });
    expect(parseBox(debianConf)).to.deep.include({ error: "line 1: 'receptor' is not a box key (center_x, center_y, center_z, size_x, size_y, size_z)" });
    expect(parseBox('center_x = 1\ncenter_y = 2\ncenter_z = 3\nsize_x = 4\nsize_y = 5')).to.deep.equal({ error: 'missing size_z' });
    expect(parseBox('center_x = 1\ncenter_x = 2')).to.deep.equal({ error: "line 2: 'center_x' given twice" });
    expect(parseBox('center_x = one')).to.deep.equal({ error: 'line 1: center_x is not a number' });
    expect(parseBox('center_x=1\ncenter_y=2\ncenter_z=3\nsize_x=0\nsize_y=5\nsize_z=6')).to.deep.equal({ error: 'size_x must be in (0, 126] Å' });
  });

  it('finds executables on PATH without a shell, and names missing receptors without paths', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'path-'));
    try {
      fs.writeFileSync(path.join(dir, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
      fs.writeFileSync(path.join(dir, 'plain'), 'x', { mode: 0o644 });
      expect(findExecutable('tool', dir)).to.equal(path.join(dir, 'tool'));
      expect(findExecutable('plain', dir)).to.equal(null);
      expect(findDockingTools(dir)).to.deep.equal({ missing: [
        'AutoDock Vina (`vina`, Debian package autodock-vina) is not on PATH', 'Open Babel (`obabel`, Debian package openbabel) is not on PATH',
      ] });
      expect(findReceptor(dir, '25')).to.deep.equal({ missing: ['no receptor 25.pdbqt in SCREENING_RECEPTORS_DIR', 'no search box 25.box in SCREENING_RECEPTORS_DIR'] });
      expect(findReceptor(dir, '../25')).to.deep.equal({ missing: ["NCBI Gene id '../25' is not numeric"] });
      expect(findReceptor(null, '25')).to.have.property('missing').with.length(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the best affinity from Vina\'s output', () => {
    expect(bestAffinity('MODEL 1\nREMARK VINA RESULT:   -10.549      0.000      0.000\nREMARK VINA RESULT:    -9.1  1 2\n')).to.equal(-10.549);
    expect(bestAffinity('nothing')).to.equal(null);
  });

  it('redocks Debian\'s test ligand (imatinib) into Debian\'s ABL receptor, the same score twice', async function () {
    const tools = findDockingTools();
    if (!('tools' in tools) || !fs.existsSync(`${TEST_DATA}/protein.pdbqt.gz`)) { console.log('      skipped: vina/obabel or Debian\'s test data absent'); this.skip(); }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receptors-'));
    try {
      fs.writeFileSync(path.join(dir, '25.pdbqt'), zlib.gunzipSync(fs.readFileSync(`${TEST_DATA}/protein.pdbqt.gz`)));
      fs.writeFileSync(path.join(dir, '25.box'), 'center_x = 11\ncenter_y = 90.5\ncenter_z = 57.5\nsize_x = 22\nsize_y = 24\nsize_z = 28\n');
      const found = findReceptor(dir, '25');
      if (!('receptor' in found)) throw new Error(found.missing.join('; '));
      const ligand = fs.readFileSync(`${TEST_DATA}/ligand.pdbqt`, 'utf8');
      const options = { exhaustiveness: 1, seed: 42, timeoutMs: 240_000 };
      const first = await dockPdbqt(tools.tools, found.receptor, ligand, options);
      const second = await dockPdbqt(tools.tools, found.receptor, ligand, options);
      expect(first.ok, JSON.stringify(first)).to.equal(true);
      if (!first.ok) return;
      expect(first.affinity_kcal_mol).to.be.below(-9);
      expect(second).to.deep.equal(first);
      // The same molecule from SMILES, prepared by Open Babel: a 3D ligand with coordinates that Vina docks.
      const prepared = await prepareLigand(tools.tools, 'Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1', options);
      expect(prepared.ok, JSON.stringify(prepared)).to.equal(true);
      if (!prepared.ok) return;
      const fromSmiles = await dockPdbqt(tools.tools, found.receptor, prepared.pdbqt, options);
      expect(fromSmiles.ok, JSON.stringify(fromSmiles)).to.equal(true);
      if (fromSmiles.ok) expect(fromSmiles.affinity_kcal_mol).to.be.below(-6);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
