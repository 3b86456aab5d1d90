import { z } from "zod";

/**
 * A Tagit backup is one tar file: `manifest.json` first (what the archive holds, so a restore can refuse it
 * before touching anything), then each table's rows as PostgreSQL COPY text in chunks of whole rows, then each
 * upload's bytes, and `SHA256SUMS` last (the checksum of every other entry, in `sha256sum` format, so an
 * operator can also check an extracted archive with `sha256sum -c SHA256SUMS`).
 */
export const ARCHIVE_FORMAT = 1;
export const MANIFEST_ENTRY = "manifest.json";
export const CHECKSUMS_ENTRY = "SHA256SUMS";

const TABLE_CHUNK = /^database\/([a-z_][a-z0-9_]*)\/(\d{6})\.copy$/;
const UPLOAD = /^uploads\/([^/]+)$/;

export const tableChunkEntry = (table: string, index: number) =>
  `database/${table}/${String(index).padStart(6, "0")}.copy`;
export const uploadEntry = (name: string) => `uploads/${name}`;

/** What an entry of the archive holds, from its name. */
export function entryKind(
  name: string,
):
  | { kind: "table"; table: string }
  | { kind: "upload"; name: string }
  | { kind: "manifest" | "checksums" }
  | undefined {
  if (name === MANIFEST_ENTRY) return { kind: "manifest" };
  if (name === CHECKSUMS_ENTRY) return { kind: "checksums" };
  const chunk = TABLE_CHUNK.exec(name);
  if (chunk?.[1]) return { kind: "table", table: chunk[1] };
  const upload = UPLOAD.exec(name);
  if (upload?.[1]) return { kind: "upload", name: upload[1] };
  return undefined;
}

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  tagitVersion: z.string(),
  /** The last migration applied to the database the archive was taken from, and how many were applied. */
  schema: z.object({ migration: z.string(), when: z.number().int(), applied: z.number().int().min(1) }),
  takenAt: z.iso.datetime(),
  source: z.object({ database: z.enum(["pglite", "postgres"]), storage: z.enum(["disk", "s3"]) }),
  /** Names APP_SECRET without revealing it: sealed values in the archive open only under that secret. */
  secretFingerprint: z.string(),
  tables: z.array(
    z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int().min(0) }),
  ),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  /** Files the uploads table names; each is in the archive unless deleted while the backup ran. */
  uploads: z.object({ files: z.number().int().min(0) }),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** `sha256sum` lines: the hex digest, two spaces, the entry's name. */
export const checksumLines = (checksums: Map<string, string>) =>
  [...checksums].map(([name, digest]) => `${digest}  ${name}\n`).join("");

export function parseChecksumLines(text: string): Map<string, string> | undefined {
  const checksums = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (!line) continue;
    const match = /^([a-f0-9]{64}) {2}(.+)$/.exec(line);
    if (!match?.[1] || !match[2]) return undefined;
    checksums.set(match[2], match[1]);
  }
  return checksums;
}
