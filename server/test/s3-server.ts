import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Settings } from "#server/lib/s3-storage.ts";

const BUCKET = "tagit-test";
/** The credentials s3rver checks signatures against. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A real S3 protocol server (s3rver, from the project's dev dependencies) on a free loopback port, with one
 * empty bucket, its files in a new temporary directory; for a test file's beforeAll. `objects` and `object`
 * look into the bucket with a client of their own (the SDK's defaults), not through the code under test.
 */
export async function startS3Server() {
  const directory = await mkdtemp(path.join(tmpdir(), "tagit-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    bucket: BUCKET,
    region: "us-east-1",
    ...CREDENTIALS,
    publicUrl: undefined,
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    credentials: CREDENTIALS,
    forcePathStyle: true,
  });

  return {
    settings,
    /** The address at which s3rver serves the bucket's objects to anyone (it checks no ACL). */
    bucketUrl: `${endpoint}/${BUCKET}`,
    /** Every key in the bucket, sorted. */
    async objects(): Promise<string[]> {
      const keys: string[] = [];
      let Marker: string | undefined;
      do {
        const page = await client.send(new ListObjectsCommand({ Bucket: BUCKET, Marker }));
        keys.push(...(page.Contents ?? []).map((item) => item.Key ?? ""));
        Marker = page.IsTruncated ? keys.at(-1) : undefined;
      } while (Marker);
      return keys.sort();
    },
    /** The bytes stored under a key. */
    async object(key: string): Promise<Buffer> {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
