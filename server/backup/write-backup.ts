import { rename, rm } from "node:fs/promises";
import type { Storage } from "#server/lib/storage.ts";
import {
  ARCHIVE_FORMAT,
  CHECKSUMS_ENTRY,
  checksumLines,
  MANIFEST_ENTRY,
  type Manifest,
  tableChunkEntry,
  uploadEntry,
} from "./archive-format.ts";
import { openArchiveWriter } from "./archive-writer.ts";
import type { DatabaseSnapshot } from "./database-snapshot.ts";
import type { Progress } from "./progress.ts";
import { readSnapshotContents, uploadedFileCount, uploadedNames } from "./snapshot-contents.ts";

export type BackupSource = {
  snapshot: DatabaseSnapshot;
  storage: Storage;
  storageKind: "disk" | "s3";
};

export type BackupInfo = {
  tagitVersion: string;
  /** The code's migrations, oldest first: the manifest names the database's last by its tag. */
  migrations: { tag: string; when: number }[];
  secretFingerprint: string;
  now: Date;
};

/** The owner alone may read an archive: it holds every member's data. */
const ARCHIVE_MODE = 0o600;

/**
 * Writes one archive of the snapshot's database and every file its uploads name, to `file` (through a
 * temporary name beside it, so a failed backup leaves no archive that looks whole, and renamed once its bytes
 * are on the disk). Streamed: a table goes in chunks of whole rows and a file as it is read, so memory stays
 * flat however large either is. A file deleted
 * after the snapshot (its post was being deleted) is left out and counted.
 */
export async function writeBackup(source: BackupSource, info: BackupInfo, file: string, progress: Progress) {
  const { snapshot, storage } = source;
  const temporary = `${file}.partial`;
  const archive = await openArchiveWriter(temporary, { mode: ARCHIVE_MODE, mtime: info.now });
  const add = archive.add;

  try {
    progress.stage(
      `reading the ${snapshot.database === "pglite" ? "embedded database" : "PostgreSQL database"}`,
    );
    const contents = await readSnapshotContents(snapshot);
    const migration = info.migrations.find((m) => m.when === contents.schema.lastWhen);
    if (!migration)
      throw new Error(
        "the database's schema is not one this Tagit knows: back it up with the Tagit that runs it",
      );
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      tagitVersion: info.tagitVersion,
      schema: { migration: migration.tag, when: migration.when, applied: contents.schema.applied },
      takenAt: info.now.toISOString(),
      source: { database: snapshot.database, storage: source.storageKind },
      secretFingerprint: info.secretFingerprint,
      tables: contents.tables,
      sequences: contents.sequences,
      uploads: { files: await uploadedFileCount(snapshot) },
    };
    await add(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));

    const totalRows = contents.tables.reduce((sum, table) => sum + table.rows, 0);
    progress.stage(`writing ${contents.tables.length} tables, ${totalRows.toLocaleString("en")} rows`);
    for (const table of contents.tables) {
      let index = 0;
      for await (const rows of snapshot.copyOut(table.name, table.columns)) {
        index += 1;
        await add(tableChunkEntry(table.name, index), rows);
      }
    }

    progress.stage(`writing ${manifest.uploads.files.toLocaleString("en")} uploaded files`);
    let files = 0;
    let bytes = 0;
    const gone: string[] = [];
    for await (const name of uploadedNames(snapshot)) {
      const stored = await storage.open(name);
      if (!stored) {
        gone.push(name);
        continue;
      }
      const body = stored.path ? { file: stored.path } : { chunks: stored.stream() };
      await add(uploadEntry(name), { ...body, size: stored.size });
      files += 1;
      bytes += stored.size;
      progress.step(files, manifest.uploads.files);
    }
    if (gone.length > 0) {
      progress.stage(
        `${gone.length} file(s) were deleted while the backup ran (their posts were being deleted)`,
      );
    }

    await add(CHECKSUMS_ENTRY, Buffer.from(checksumLines(await archive.checksums())));
    await archive.finish();
    await rename(temporary, file);
    return { manifest, files, bytes, filesGone: gone.length };
  } catch (err) {
    await archive.close();
    await rm(temporary, { force: true });
    throw err;
  }
}
