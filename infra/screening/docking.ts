// Structure-based docking with AutoDock Vina (Eberhardt, Santos-Martins, Tillack & Forli, J Chem Inf Model
// 2021, doi:10.1021/acs.jcim.1c00203; Trott & Olson, J Comput Chem 2010, doi:10.1002/jcc.21334) of ligands
// prepared by Open Babel (O'Boyle et al., J Cheminform 2011, doi:10.1186/1758-2946-3-33): SMILES -> 3D,
// hydrogens at pH 7.4, Gasteiger charges, PDBQT. The receptor is configured per target by the operator in
// SCREENING_RECEPTORS_DIR: `<NCBI Gene id>.pdbqt` (a prepared receptor) and `<NCBI Gene id>.box` (the search
// box, Vina's config syntax restricted to the six box keys, see parseBox).
//
// Every tool runs through execFile (no shell) with a time limit, in a fresh temporary directory removed
// afterwards; file names are fixed here or built from a numeric gene id, never taken from a request.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface DockingBox { center_x: number; center_y: number; center_z: number; size_x: number; size_y: number; size_z: number }
const BOX_KEYS = ['center_x', 'center_y', 'center_z', 'size_x', 'size_y', 'size_z'] as const;

/**
 * A box file: one `key = number` per line for each of center_x, center_y, center_z (Å, receptor frame) and
 * size_x, size_y, size_z (Å, > 0, at most 126 each: Vina's limit is a 27,000 Å^3 search space warning, not a
 * cap); blank lines and `#` comments allowed; any other key is refused (no receptor, ligand or output paths
 * can be smuggled in). Debian's autodock-vina test conf.txt without its three file lines is such a file.
 */
export function parseBox(text: string): { box: DockingBox } | { error: string } {
  const values: Partial<Record<(typeof BOX_KEYS)[number], number>> = {};
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const m = /^([A-Za-z_]+)\s*=\s*(.*)$/.exec(line);
    if (!m) return { error: `line ${i + 1} is not 'key = number'` };
    const key = m[1] as (typeof BOX_KEYS)[number];
    if (!BOX_KEYS.includes(key)) return { error: `line ${i + 1}: '${m[1]}' is not a box key (${BOX_KEYS.join(', ')})` };
    if (!/^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/.test(m[2]!)) return { error: `line ${i + 1}: ${key} is not a number` };
    if (values[key] !== undefined) return { error: `line ${i + 1}: '${key}' given twice` };
    values[key] = Number(m[2]);
  }
  const missing = BOX_KEYS.filter((k) => values[k] === undefined);
  if (missing.length) return { error: `missing ${missing.join(', ')}` };
  for (const k of ['size_x', 'size_y', 'size_z'] as const) if (!(values[k]! > 0 && values[k]! <= 126)) return { error: `${k} must be in (0, 126] Å` };
  return { box: values as DockingBox };
}

/** The executable `name` on PATH (no shell, no `which`), or null. */
export function findExecutable(name: string, pathVariable = process.env.PATH ?? ''): string | null {
  for (const dir of pathVariable.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch { /* not here */ }
  }
  return null;
}

export interface Receptor { gene: string; pdbqt: string; box: DockingBox }

/** The receptor configured for an NCBI Gene id, or every reason it cannot be used (named for the operator). */
export function findReceptor(dir: string | null | undefined, entrezId: string): { receptor: Receptor } | { missing: string[] } {
  if (!/^\d+$/.test(entrezId)) return { missing: [`NCBI Gene id '${entrezId}' is not numeric`] };
  if (!dir) return { missing: ['SCREENING_RECEPTORS_DIR is not set (a directory of <NCBI Gene id>.pdbqt receptors and <NCBI Gene id>.box search boxes)'] };
  const pdbqt = path.join(dir, `${entrezId}.pdbqt`);
  const boxFile = path.join(dir, `${entrezId}.box`);
  const missing: string[] = [];
  if (!fs.existsSync(pdbqt)) missing.push(`no receptor ${entrezId}.pdbqt in SCREENING_RECEPTORS_DIR`);
  let box: DockingBox | undefined;
  if (!fs.existsSync(boxFile)) missing.push(`no search box ${entrezId}.box in SCREENING_RECEPTORS_DIR`);
  else {
    const parsed = parseBox(fs.readFileSync(boxFile, 'utf8'));
    if ('error' in parsed) missing.push(`${entrezId}.box is not a valid box file: ${parsed.error}`);
    else box = parsed.box;
  }
  return missing.length ? { missing } : { receptor: { gene: entrezId, pdbqt, box: box! } };
}

export interface DockingTools { vina: string; obabel: string }

/** vina and obabel from PATH, or what is missing (with the Debian package that provides it). */
export function findDockingTools(pathVariable?: string): { tools: DockingTools } | { missing: string[] } {
  const vina = findExecutable('vina', pathVariable);
  const obabel = findExecutable('obabel', pathVariable);
  const missing = [
    ...(vina ? [] : ['AutoDock Vina (`vina`, Debian package autodock-vina) is not on PATH']),
    ...(obabel ? [] : ['Open Babel (`obabel`, Debian package openbabel) is not on PATH']),
  ];
  return missing.length ? { missing } : { tools: { vina: vina!, obabel: obabel! } };
}

export interface DockingOptions {
  exhaustiveness: number;
  seed: number;
  /** Per tool run. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export type DockingOutcome =
  | { ok: true; affinity_kcal_mol: number; ligand_atoms: number }
  | { ok: false; stage: 'ligand_preparation' | 'docking'; error: string };

function run(file: string, args: string[], cwd: string, options: DockingOptions): Promise<{ ok: true; stdout: string } | { ok: false; error: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024, signal: options.signal, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) {
          // Vina and Open Babel print their reason on a line naming an error, followed by boilerplate.
          const lines = `${stderr}\n${stdout}`.split('\n').map((l) => l.trim()).filter(Boolean);
          const why = (error as { killed?: boolean }).killed ? `timed out after ${options.timeoutMs} ms`
            : (lines.find((l) => /error/i.test(l)) ?? (lines.slice(-2).join(' ') || error.message));
          resolve({ ok: false, error: `${path.basename(file)}: ${why}`.slice(0, 500) });
        } else resolve({ ok: true, stdout });
      });
  });
}

/** The best pose's affinity from Vina's output PDBQT ("REMARK VINA RESULT:  -9.2  0.000  0.000"). */
export function bestAffinity(outPdbqt: string): number | null {
  const m = /^REMARK VINA RESULT:\s+(-?\d+(?:\.\d+)?)/m.exec(outPdbqt);
  return m ? Number(m[1]) : null;
}

/** Vina on `dir`/ligand.pdbqt: one pose (the best), single-threaded with a fixed seed so a run repeats. */
async function runVina(vina: string, receptor: Receptor, dir: string, ligandAtoms: number, options: DockingOptions): Promise<DockingOutcome> {
  const b = receptor.box;
  const docked = await run(vina, [
    '--receptor', receptor.pdbqt, '--ligand', 'ligand.pdbqt',
    '--center_x', String(b.center_x), '--center_y', String(b.center_y), '--center_z', String(b.center_z),
    '--size_x', String(b.size_x), '--size_y', String(b.size_y), '--size_z', String(b.size_z),
    '--exhaustiveness', String(options.exhaustiveness), '--seed', String(options.seed), '--cpu', '1', '--num_modes', '1',
    '--out', 'out.pdbqt',
  ], dir, options);
  if (!docked.ok) return { ok: false, stage: 'docking', error: docked.error };
  const out = path.join(dir, 'out.pdbqt');
  const affinity = fs.existsSync(out) ? bestAffinity(fs.readFileSync(out, 'utf8')) : null;
  if (affinity === null) return { ok: false, stage: 'docking', error: 'vina wrote no pose' };
  return { ok: true, affinity_kcal_mol: affinity, ligand_atoms: ligandAtoms };
}

/**
 * A 3D PDBQT ligand from SMILES of a single molecule (a temporary directory per call): Open Babel's --gen3d
 * builds coordinates, cleans them with a force field and runs a quick rotor search. That search is not seeded
 * (the same SMILES can give a different starting conformer, hence a Vina score a few tenths of kcal/mol apart,
 * in another process; "--gen3d fast" would be deterministic but writes no coordinates in Open Babel 3.1.1), so
 * callers keep the prepared ligand and reuse it.
 */
export async function prepareLigand(tools: Pick<DockingTools, 'obabel'>, smiles: string, options: DockingOptions): Promise<{ ok: true; pdbqt: string } | { ok: false; error: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-ligand-'));
  try {
    fs.writeFileSync(path.join(dir, 'ligand.smi'), `${smiles} ligand\n`);
    const prepared = await run(tools.obabel, ['-ismi', 'ligand.smi', '-opdbqt', '-O', 'ligand.pdbqt', '--gen3d', '-p', '7.4'], dir, options);
    if (!prepared.ok) return { ok: false, error: prepared.error };
    const file = path.join(dir, 'ligand.pdbqt');
    const pdbqt = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const atoms = pdbqt.split('\n').filter((l) => /^(ATOM|HETATM)/.test(l));
    if (atoms.length === 0) return { ok: false, error: 'obabel wrote no 3D ligand' };
    if (atoms.every((l) => / 0\.000 +0\.000 +0\.000 /.test(l))) return { ok: false, error: 'obabel wrote no coordinates' };
    return { ok: true, pdbqt };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Docks a prepared PDBQT ligand into the receptor (a temporary directory per call). */
export async function dockPdbqt(tools: Pick<DockingTools, 'vina'>, receptor: Receptor, ligandPdbqt: string, options: DockingOptions): Promise<DockingOutcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-dock-'));
  try {
    fs.writeFileSync(path.join(dir, 'ligand.pdbqt'), ligandPdbqt);
    const atoms = ligandPdbqt.split('\n').filter((l) => /^(ATOM|HETATM)/.test(l)).length;
    return await runVina(tools.vina, receptor, dir, atoms, options);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
