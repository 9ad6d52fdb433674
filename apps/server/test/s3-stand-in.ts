// A real S3 server for tests (s3rver, an S3 API over a temporary folder) with one bucket, the S3 settings that
// point the app at it exactly as the environment variables give them, and a client that reads the bucket
// directly, not through the code under test.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { loadConfig, type Config } from '../src/config.ts';

// s3rver ships no type declarations: the part used here.
type S3rver = { run(): Promise<{ address: string; port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rver;

// s3rver's one account.
export const S3_KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export type S3StandIn = {
  endpoint: string;
  bucket: string;
  // The app's S3 settings for this server and bucket, with any other variables given.
  config: (env?: Record<string, string>) => Config['s3'];
  // The object as stored, or null when there is none.
  object: (key: string) => Promise<Buffer | null>;
  direct: S3Client;
  close: () => Promise<void>;
};

export async function startS3StandIn(bucket: string): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const direct = new S3Client({
    endpoint,
    region: 'auto',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEYS.S3_ACCESS_KEY_ID, secretAccessKey: S3_KEYS.S3_SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    direct,
    config: (env = {}) => loadConfig({ S3_ENDPOINT: endpoint, S3_BUCKET: bucket, ...S3_KEYS, ...env }).s3,
    object: async (key) => {
      try {
        const object = await direct.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    close: async () => {
      direct.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
