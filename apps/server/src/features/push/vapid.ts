// VAPID keys sign every Web Push request. Kept like the other secrets: from the environment when set (the same
// pair on every server), otherwise generated once and kept in DATA_DIR/vapid-keys.json ('wx': two processes
// starting at once agree on the first pair written). Browsers subscribed with one public key stop receiving
// pushes if it changes, so the file is part of the backup.
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export const VAPID_FILE = 'vapid-keys.json';
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export function resolveVapidKeys(config: Pick<Config, 'dataDir' | 'vapid'>): VapidKeys {
  const subject = config.vapid.subject;
  if (config.vapid.publicKey && config.vapid.privateKey)
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  const file = path.join(config.dataDir, VAPID_FILE);
  const read = () => {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch {
    return read();
  }
  return { ...keys, subject };
}
