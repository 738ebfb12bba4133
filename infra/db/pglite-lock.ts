// PGlite is one process's database: a second process opening the same directory would corrupt it.
// A lock file holding the owner's pid keeps a second opener out; a lock left by a dead process is
// taken over.
import fs from 'node:fs';

export class EmbeddedDatabaseInUseError extends Error {
  override name = 'EmbeddedDatabaseInUseError';
  constructor(readonly dir: string, readonly pid: number) {
    super(`the embedded database ${dir} is in use by process ${pid}; stop it first, or set DATABASE_URL to share a PostgreSQL server`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock; returns its release function. */
export function lockEmbeddedDatabase(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw new EmbeddedDatabaseInUseError(dir, pid);
      fs.unlinkSync(file); // stale: its owner died
    }
  }
  throw new Error(`could not lock the embedded database ${dir}`);
}
