import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../env';

/**
 * COOKIE_SECRET when set; otherwise one made on first start and kept in DATA_DIR/secret (random per
 * process for an in-memory database). Several processes must share COOKIE_SECRET.
 */
export function resolveSecret(config: Config): string {
  if (config.COOKIE_SECRET) return config.COOKIE_SECRET;
  if (config.DATA_DIR.startsWith('memory://')) return randomBytes(32).toString('hex');
  const file = path.join(config.DATA_DIR, 'secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
