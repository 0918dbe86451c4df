import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { assertSafeKey, assertSafePrefix, isSafeKey } from "./keys";
import type { MediaStorage } from "./types";

// Media files in an S3-compatible bucket (AWS S3, MinIO, R2, s3rver in the tests), addressed by
// path (endpoint/bucket/key), which every such server understands.

export type S3StorageConfig = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Default "us-east-1" (what MinIO and most S3-compatible servers expect). */
  region?: string;
  /** Keys per ListObjectsV2 page (default and most 1000); smaller only to exercise paging. */
  listPageSize?: number;
};

export const DEFAULT_S3_REGION = "us-east-1";
/** The most keys S3 accepts in one DeleteObjects request. */
const DELETE_BATCH = 1000;

function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region || DEFAULT_S3_REGION,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
    // Checksums only where S3 demands them (DeleteObjects): the SDK's newer default adds headers
    // and trailers several S3-compatible servers refuse.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

function status(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** The object is missing (a missing bucket is a misconfiguration and stays an error). */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === "NoSuchKey") return true;
  return status(error) === 404 && error.name !== "NoSuchBucket";
}

export function s3Storage(config: S3StorageConfig): MediaStorage {
  const client = s3Client(config);
  const Bucket = config.bucket;
  const pageSize = Math.min(Math.max(Math.trunc(config.listPageSize ?? DELETE_BATCH), 1), 1000);

  async function getObject(key: string): Promise<GetObjectCommandOutput | null> {
    assertSafeKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  return {
    kind: "s3",

    async put(key, data, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.byteLength, ContentType: contentType }),
      );
    },

    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
    },

    async read(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      const bytes = await object.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    async delete(keys) {
      const unique = [...new Set(keys)];
      unique.forEach((key) => assertSafeKey(key));
      for (let start = 0; start < unique.length; start += DELETE_BATCH) {
        const batch = unique.slice(start, start + DELETE_BATCH);
        const answer = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        // S3 reports a missing key as deleted; anything in Errors is a real failure.
        const failed = (answer.Errors ?? []).filter((entry) => entry.Code !== "NoSuchKey");
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(`S3 could not delete ${failed.length} object(s), first ${first.Key}: ${first.Code} ${first.Message ?? ""}`.trim());
        }
      }
    },

    async *list(prefix) {
      assertSafePrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, MaxKeys: pageSize, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (isSafeKey(object.Key)) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** Creates the bucket when it does not exist yet (tests, scripts, a fresh MinIO). */
export async function ensureBucket(config: S3StorageConfig): Promise<void> {
  const client = s3Client(config);
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
      return;
    } catch (error) {
      if (status(error) !== 404) throw error;
    }
    try {
      await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
    } catch (error) {
      // Someone else created it meanwhile.
      if (!(error instanceof S3ServiceException && error.name === "BucketAlreadyOwnedByYou")) throw error;
    }
  } finally {
    client.destroy();
  }
}
