import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";

const NAME_PATTERN = /^[a-f0-9]{32}(-[a-z]+)?\.(jpg|png|webp|gif)$/;
const PUBLIC_PATTERN = /^[a-f0-9]{32}-scrambled\.(jpg|png|webp|gif)$/;

/**
 * Which bytes a stored file holds, without them: its size, a strong entity tag (a quoted string that
 * changes whenever the bytes could differ) and when it was written. HTTP revalidation compares these.
 */
export type FileVersion = { size: number; etag: string; lastModified: Date };

/** A stored file as read back: its version, and its bytes as a stream the caller must consume once. */
export type StoredFile = FileVersion & {
  stream: () => Readable;
  /** Where the file is on this machine's disk, when the store keeps it there (a backup reads it directly). */
  path?: string;
};

/**
 * Where uploaded files live: local disk under DATA_DIR/uploads by default (local-storage.ts), an
 * S3-compatible object store when the S3_* variables are set (s3-storage.ts), so several instances share
 * one set of files. Both pass the same contract tests (storage.contract.test.ts).
 */
export type Storage = {
  /**
   * A new random name (128 bits) for one file, before its kind's suffix and extension. Every file takes its
   * own, so no stored name can be guessed or worked out from another's (an original from its public copy).
   */
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
  /** The file's version without reading its bytes; undefined as for `open`. */
  stat(name: string): Promise<FileVersion | undefined>;
  /** The name of every stored file of ours, in no particular order, read page by page (a restore asks for any). */
  names(): AsyncIterable<string>;
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

/**
 * A strong entity tag for a file known by its name, size and time of writing: stored files are written
 * once and never changed, so these name its bytes.
 */
export const entityTagOf = (name: string, size: number, written: Date) =>
  `"${createHash("sha256").update(`${name}\n${size}\n${written.getTime()}`).digest("base64url").slice(0, 27)}"`;

export function assertStoredName(name: string) {
  if (!isStoredName(name)) throw new Error(`not a stored file name: ${name}`);
}
