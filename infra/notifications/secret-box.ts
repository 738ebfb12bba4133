// Encryption at rest for chat webhook URLs (the URL path is a bearer secret). AES-256-GCM with a random
// 96-bit IV; the key is derived with HKDF-SHA256 from AUTH_SESSION_SECRET, else API_KEY, else (DEBUG
// only) a random per-process secret, so a debug service's stored webhooks do not survive a restart.
// The researcher id is bound as additional data: a ciphertext copied to another researcher fails.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Settings } from '../config/settings';

const debugProcessSecret = randomBytes(32);

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export function notificationKey(settings: Pick<Settings, 'authSessionSecret' | 'apiKey' | 'debug'>): Buffer {
  const material = settings.authSessionSecret ?? settings.apiKey;
  if (!material && !settings.debug) throw new SecretBoxError('no AUTH_SESSION_SECRET or API_KEY to derive the notification key from');
  const ikm = material ? Buffer.from(material, 'utf8') : debugProcessSecret;
  return Buffer.from(hkdfSync('sha256', ikm, 'evidence.notifications.v1', 'chat-webhook-url', 32));
}

/** "v1.<iv>.<tag>.<ciphertext>", all base64url. */
export function seal(plaintext: string, key: Buffer, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function open(sealed: string, key: Buffer, aad: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new SecretBoxError('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('the stored value cannot be decrypted with the current server secret');
  }
}
