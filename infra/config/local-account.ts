// `npm start` on a fresh machine: the dashboard needs someone to sign in as, but LOCAL_AUTH_USERS is a
// deployment secret nobody has set yet. Create one account once, keep its password in
// DATA_DIR/local-account (readable by the owner only) and tell the operator where it is. The password
// is never logged. Only used when AUTH_MODE=local and LOCAL_AUTH_USERS is empty.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const GENERATED_USERNAME = 'researcher';

export function ensureLocalAccount(dataDir: string): { username: string; password: string; file: string; created: boolean } {
  const file = path.join(dataDir, 'local-account');
  if (fs.existsSync(file)) {
    const [username, password] = fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => line.replace(/^[a-z]+:\s*/, ''));
    if (username && password && password.length >= 16) return { username, password, file, created: false };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(18).toString('base64url');
  fs.writeFileSync(file, `username: ${GENERATED_USERNAME}\npassword: ${password}\n`, { mode: 0o600 });
  return { username: GENERATED_USERNAME, password, file, created: true };
}
