// `npm start` on a fresh machine: rather than weaken "no API key, no service", generate a key once,
// keep it in DATA_DIR/api-key (readable by the owner only) and tell the operator where it is.
// The key itself is never logged.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function ensureLocalApiKey(dataDir: string): { key: string; file: string; created: boolean } {
  const file = path.join(dataDir, 'api-key');
  if (fs.existsSync(file)) {
    const key = fs.readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return { key, file, created: false };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, file, created: true };
}
