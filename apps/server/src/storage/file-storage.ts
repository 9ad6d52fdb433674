// Where uploaded files live. Local disk under DATA_DIR/uploads by default, or an S3 bucket
// when S3_BUCKET is set (s3-storage.ts); keys are "<folder>/<name>" made by the server, never by a client, and
// checked again here so no key leaves the root.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { s3ObjectStore, type S3Settings } from './s3-storage.ts';

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

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

export function localFileStorage(root: string): FileStorage {
  const file = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, data) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed: a reader never sees half a file.
      // A full disk (ENOSPC) leaves no partial file behind either; the caller gets the error.
      const partial = `${target}.${process.pid}.part`;
      try {
        await fs.writeFile(partial, data);
        await fs.rename(partial, target);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
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

export function s3FileStorage(settings: S3Settings): FileStorage {
  const store = s3ObjectStore(settings);
  return {
    put: async (key, data) => store.put(checkedKey(key), data),
    read: async (key) => store.read(checkedKey(key)),
    remove: async (key) => store.remove(checkedKey(key)),
  };
}

// One S3 client per configuration: the media, profile and management routes each ask for the storage.
const s3Stores = new WeakMap<Config['s3'], FileStorage>();

export function fileStorageFor(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  const { s3 } = config;
  if (!s3.bucket) return localFileStorage(path.join(config.dataDir, 'uploads'));
  let storage = s3Stores.get(s3);
  if (!storage) {
    storage = s3FileStorage({ ...s3, bucket: s3.bucket });
    s3Stores.set(s3, storage);
  }
  return storage;
}
