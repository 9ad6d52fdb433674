// Where uploaded files live. Local disk under DATA_DIR/uploads by default (DESIGN.md "files"); keys are
// "<folder>/<name>" made by the server, never by a client, and checked again here so no key leaves the root.
import fs from 'node:fs/promises';
import path from 'node:path';

export type FileStorage = {
  put(key: string, data: Buffer): Promise<void>;
  // null when there is no such file.
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
};

const KEY = /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function localFileStorage(root: string): FileStorage {
  const file = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed: a reader never sees half a file.
      const partial = `${target}.${process.pid}.part`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, target);
    },
    async read(key) {
      try {
        return await fs.readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(file(key), { force: true });
    },
  };
}

export function fileStorageFor(config: { dataDir: string }): FileStorage {
  return localFileStorage(path.join(config.dataDir, 'uploads'));
}
