import path from "node:path";
import type { Config } from "#server/config.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";
import { tracedStorage } from "./traced-storage.ts";

/** The object store when the S3_* variables are set, otherwise DATA_DIR/uploads; and how to name it to an operator. */
export function configuredStorage(config: Pick<Config, "s3" | "dataDir">): {
  storage: Storage;
  kind: "disk" | "s3";
  label: string;
} {
  if (config.s3) {
    const storage = tracedStorage(createS3Storage(config.s3), "s3");
    return { storage, kind: "s3", label: `the S3 bucket ${config.s3.bucket}` };
  }
  const directory = path.join(config.dataDir, "uploads");
  return { storage: tracedStorage(createLocalStorage(directory), "disk"), kind: "disk", label: directory };
}
