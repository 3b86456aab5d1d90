import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Config } from "#server/config.ts";
import {
  assertStoredName,
  contentTypeOf,
  entityTagOf,
  type FileVersion,
  isPublicName,
  isStoredName,
  newBaseName,
  type Storage,
} from "./storage.ts";

export type S3Settings = NonNullable<Config["s3"]>;

/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;
const PUBLIC_CACHE = "public, max-age=31536000, immutable";

/**
 * Where a file lives in the bucket: public derivatives under `public/`, everything else under `private/`, so
 * the operator can open the first prefix to anonymous reads (a bucket policy, a CDN) and never the second.
 */
const keyOf = (name: string) => `${isPublicName(name) ? "public" : "private"}/${name}`;

/** A quoted entity tag as S3 sends it (`"…"`, or `W/"…"` from some compatible stores). */
const ENTITY_TAG = /^(W\/)?"[^"]*"$/;

/**
 * An object's version from its GET or HEAD answer. The store's ETag names its bytes; a store that sends none
 * (or not a quoted one) gets a tag of ours from the key, size and time, as on local disk.
 */
function versionOf(
  name: string,
  object: { ContentLength?: number; ETag?: string; LastModified?: Date },
): FileVersion {
  const size = object.ContentLength ?? 0;
  const lastModified = object.LastModified ?? new Date(0);
  const etag =
    object.ETag && ENTITY_TAG.test(object.ETag) ? object.ETag : entityTagOf(name, size, lastModified);
  return { size, etag, lastModified };
}

const isNotFound = (err: unknown): err is S3ServiceException =>
  err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph) through the AWS SDK v3, so every instance sees
 * the same files. Checksums are sent only where the API requires them (decision 033): the SDK's default
 * streaming checksum (aws-chunked with a trailer) is stored verbatim, framing included, by some S3-compatible
 * servers and refused by others.
 */
/**
 * The client's settings. Checksums are sent only where the API requires them (decision 033): the SDK's
 * default for a streamed body (aws-chunked framing with a checksum trailer) is stored verbatim, framing
 * included, by some S3-compatible servers (s3rver among them) and refused by others.
 */
export const s3ClientConfig = (settings: S3Settings): S3ClientConfig => ({
  endpoint: settings.endpoint,
  region: settings.region,
  credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  forcePathStyle: settings.forcePathStyle,
  requestChecksumCalculation: "WHEN_REQUIRED",
  responseChecksumValidation: "WHEN_REQUIRED",
});

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph) through the AWS SDK v3, so every instance sees
 * the same files.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;

  return {
    newBaseName,

    async write(name, data: Buffer | Readable) {
      assertStoredName(name);
      // One PUT for what fits in a part; a multipart upload past that, aborted if the body fails
      // (leavePartsOnError: false), so a failed write leaves no object.
      await new Upload({
        client,
        params: {
          Bucket,
          Key: keyOf(name),
          Body: data,
          ContentType: contentTypeOf(name),
          ...(isPublicName(name) && { CacheControl: PUBLIC_CACHE }),
        },
        queueSize: 1,
        leavePartsOnError: false,
      }).done();
    },

    async remove(names) {
      names.forEach(assertStoredName);
      for (let start = 0; start < names.length; start += DELETE_BATCH) {
        const Objects = names.slice(start, start + DELETE_BATCH).map((name) => ({ Key: keyOf(name) }));
        const result = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }),
        );
        const failed = result.Errors?.[0];
        if (failed) throw new Error(`could not delete ${failed.Key} from the object store: ${failed.Code}`);
      }
    },

    async open(name) {
      if (!isStoredName(name)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
        const body = object.Body as Readable;
        return { ...versionOf(name, object), stream: () => body };
      } catch (err) {
        // A missing object; a missing bucket is a misconfiguration, not a missing file.
        if (isNotFound(err) && err.name !== "NoSuchBucket") return undefined;
        throw err;
      }
    },

    async stat(name) {
      if (!isStoredName(name)) return undefined;
      try {
        return versionOf(name, await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) })));
      } catch (err) {
        if (!isNotFound(err)) throw err;
        // A HEAD's 404 has no body to say whether the object or the bucket is missing: a missing bucket is a
        // misconfiguration, not a missing file.
        try {
          await client.send(new HeadBucketCommand({ Bucket }));
        } catch (cause) {
          throw new Error(`the object store's bucket ${Bucket} cannot be read`, { cause });
        }
        return undefined;
      }
    },

    // The first ListObjects, paged by the last key seen: every S3-compatible store answers it, where some
    // (s3rver under OpenSSL 3 among them) fail to make the second version's continuation tokens.
    async *names() {
      for (const Prefix of ["public/", "private/"]) {
        let Marker: string | undefined;
        do {
          const page = await client.send(new ListObjectsCommand({ Bucket, Prefix, Marker }));
          const keys = (page.Contents ?? []).map((object) => object.Key ?? "");
          for (const key of keys) {
            const name = key.slice(Prefix.length);
            if (isStoredName(name)) yield name;
          }
          Marker = page.IsTruncated ? keys.at(-1) : undefined;
        } while (Marker);
      }
    },

    publicUrl: (name) =>
      settings.publicUrl && isPublicName(name) ? `${settings.publicUrl}/${keyOf(name)}` : undefined,

    async close() {
      client.destroy();
    },
  };
}
