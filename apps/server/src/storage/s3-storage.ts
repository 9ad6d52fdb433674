// Uploads in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO...), so every copy of the server sees
// the same files. The keys arrive already checked: file-storage.ts wraps this store with
// isStorageKey (this module does not import it, since that one picks this one and imports may not form a cycle).
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

export type S3Settings = {
  bucket: string;
  region: string;
  // An S3-compatible service's URL; unset means AWS itself, found from the region.
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  heic: 'image/heic',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  json: 'application/json',
  csv: 'text/csv',
};

export function contentTypeFor(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

// A missing object, not a missing bucket: a wrong S3_BUCKET is an error to see, not an image "not found".
function isMissingObject(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return (
    error instanceof S3ServiceException &&
    error.$metadata.httpStatusCode === 404 &&
    error.name !== 'NoSuchBucket'
  );
}

export function s3ObjectStore(settings: S3Settings) {
  const { bucket, endpoint, region, accessKeyId, secretAccessKey } = settings;
  if (!endpoint && region === 'auto') {
    throw new Error('S3_BUCKET necesita S3_ENDPOINT, o S3_REGION con la región de AWS del bucket.');
  }
  const client = new S3Client({
    region,
    endpoint,
    // Compatible services (MinIO above all) take the bucket in the path, not as a subdomain of the endpoint.
    forcePathStyle: Boolean(endpoint),
    // Without the keys the SDK looks in its usual places (environment, instance role).
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // The SDK's default CRC checksums are AWS's: some compatible services reject or mangle them.
    requestChecksumCalculation: endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    responseChecksumValidation: endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    // A storage that stops answering fails the request instead of holding it open forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });

  return {
    async put(key: string, data: Buffer): Promise<void> {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: contentTypeFor(key) }),
      );
    },
    async read(key: string): Promise<Buffer | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return Buffer.alloc(0);
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    // S3 answers a delete of a missing object with success, like the local store's rm --force.
    async remove(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
