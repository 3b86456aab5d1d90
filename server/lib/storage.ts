import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";

const NAME_PATTERN = /^[a-f0-9]{32}(-[a-z]+)?\.(jpg|png|webp|gif)$/;
const PUBLIC_PATTERN = /^[a-f0-9]{32}-scrambled\.(jpg|png|webp|gif)$/;

/** A stored file as read back: its size, and its bytes as a stream the caller must consume once. */
export type StoredFile = { size: number; stream: () => Readable };

/**
 * Where uploaded files live: local disk under DATA_DIR/uploads by default (local-storage.ts), an
 * S3-compatible object store when the S3_* variables are set (s3-storage.ts), so several instances share
 * one set of files. Both pass the same contract tests (storage.contract.test.ts).
 */
export type Storage = {
  /** A new random base name (128 bits), so stored names cannot be guessed. */
  newBaseName(): string;
  /**
   * Stores the bytes, given whole or as a stream, under a name of ours (anything else throws). A write that
   * fails — the stream errors, the store refuses — leaves no file behind.
   */
  write(name: string, data: Buffer | Readable): Promise<void>;
  /** Removes the files (any number); names of ours with no file are ignored, other names throw. */
  remove(names: string[]): Promise<void>;
  /** The file, or undefined when it does not exist or the name is not one of ours. */
  open(name: string): Promise<StoredFile | undefined>;
  /**
   * Where browsers may fetch a public file straight from the store, or undefined to serve it through the
   * app (always for private files; for every file on local disk or a store without a public address).
   */
  publicUrl(name: string): string | undefined;
  /** Releases the store's connections when the app closes. */
  close(): Promise<void>;
};

export const isStoredName = (name: string) => NAME_PATTERN.test(name);

/**
 * Files anyone may see whatever happens to their post: the scrambled copies (see uploads.service.ts). Only
 * these may ever be given a public address; originals and thumbnails go through the app's access check.
 */
export const isPublicName = (name: string) => PUBLIC_PATTERN.test(name);

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

/** The media type of a stored file, from its extension. */
export const contentTypeOf = (name: string) =>
  CONTENT_TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream";

export const newBaseName = () => randomBytes(16).toString("hex");

export function assertStoredName(name: string) {
  if (!isStoredName(name)) throw new Error(`not a stored file name: ${name}`);
}
