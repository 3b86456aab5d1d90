import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import tar from "tar-stream";
import type { Storage } from "#server/lib/storage.ts";
import {
  CHECKSUMS_ENTRY,
  entryKind,
  MANIFEST_ENTRY,
  type Manifest,
  manifestSchema,
  parseChecksumLines,
} from "./archive-format.ts";
import { quoted } from "./database-snapshot.ts";
import type { Progress } from "./progress.ts";
import { BackupRefusal } from "./refusal.ts";
import type { RestoreTarget } from "./restore-target.ts";

/** One migration of the code, as the restore applies it: its statements, and the row Drizzle keeps of it. */
export type CodeMigration = { tag: string; when: number; hash: string; sql: string[] };

export type RestoreDestination = {
  target: RestoreTarget;
  storage: Storage;
  /** How the operator knows the database and the file store, for messages. */
  databaseLabel: string;
  storageLabel: string;
};

export type RestoreContext = {
  migrations: CodeMigration[];
  secretFingerprint: string;
  /** Restore even though the archive's sealed values will not open under this APP_SECRET. */
  acceptUnreadableSecrets: boolean;
};

/** The archive is read in pieces of this size: few reads, and memory that stays flat. */
const READ_BUFFER_BYTES = 1024 * 1024;

/** No entry of a Tagit archive is larger than a chunk of rows or an upload; anything larger is not one. */
const LARGEST_TABLE_CHUNK = 256 * 1024 * 1024;

/**
 * Fills an empty database and file store from an archive, checking everything before it reports success:
 * every entry's checksum, the set of entries, and each table's row count. It refuses, touching nothing, an
 * archive it cannot read, one from a newer schema, one sealed under another APP_SECRET (unless told), and a
 * target that is not empty. Everything happens in one transaction, the migrations up to the archive's schema
 * first and the later ones after the rows, and every file it wrote is removed if anything fails: a failed
 * restore leaves the target empty again.
 */
export async function restoreBackup(
  file: string,
  destination: RestoreDestination,
  context: RestoreContext,
  progress: Progress,
) {
  const fileInfo = await stat(file).catch((err: NodeJS.ErrnoException) => {
    throw new BackupRefusal(`Cannot read ${file}: ${err.code === "ENOENT" ? "no such file" : err.message}`);
  });
  if (!fileInfo.isFile()) throw new BackupRefusal(`Cannot read ${file}: not a file`);

  const extract = tar.extract();
  const source = createReadStream(file, { highWaterMark: READ_BUFFER_BYTES });
  source.on("error", (err) => extract.destroy(err));
  source.pipe(extract);
  const entries = extract[Symbol.asyncIterator]();
  const damaged = (why: string) => new BackupRefusal(`${file} is not a whole Tagit backup: ${why}`);
  // The archive's own failure (it ends inside an entry, a header is broken), whichever read meets it first: an
  // entry's body or the next header.
  let archiveFailure: Error | undefined;
  extract.on("error", (err) => {
    archiveFailure ??= err;
  });
  const checksums = new Map<string, string>();

  try {
    progress.stage(`reading ${file}`);
    const first = await entries.next().catch(() => undefined);
    if (!first || first.done || first.value.header.name !== MANIFEST_ENTRY) {
      throw new BackupRefusal(`${file} is not a Tagit backup (it does not start with ${MANIFEST_ENTRY})`);
    }
    const manifestBytes = await buffer(first.value);
    checksums.set(MANIFEST_ENTRY, sha256(manifestBytes));
    const manifest = parseManifest(manifestBytes, file);
    const { before, after } = migrationsAround(manifest, context.migrations);
    if (manifest.secretFingerprint !== context.secretFingerprint && !context.acceptUnreadableSecrets) {
      throw new BackupRefusal(
        `The archive's sealed values (authenticator apps, recovery codes, payout details) were sealed under another APP_SECRET (fingerprint ${manifest.secretFingerprint}; this one is ${context.secretFingerprint}). Set APP_SECRET to the secret the backed-up Tagit used, or pass --accept-unreadable-secrets to restore without them.`,
      );
    }
    await assertEmpty(destination);

    const { target, storage } = destination;
    const written: string[] = [];
    await target.exec("BEGIN");
    try {
      progress.stage(`creating the schema (${manifest.schema.migration}) in ${destination.databaseLabel}`);
      await applyMigrations(target, before);
      const setAside = await setAsideForLoading(target);
      await target.exec(`TRUNCATE ${(await publicTables(target)).map(quoted).join(", ")}`);

      progress.stage(`restoring ${manifest.tables.length} tables`);
      const tables = new Map(manifest.tables.map((table) => [table.name, table]));
      // Once the rows are in, the database checks their counts and builds its keys, indexes and foreign keys
      // while the files are written: the two take about as long, and run on different processors.
      let tablesDone: Promise<void> | undefined;
      const finishTables = () => {
        if (tablesDone) return;
        progress.stage(
          `writing ${manifest.uploads.files.toLocaleString("en")} files while the database checks row counts and builds keys, indexes and foreign keys`,
        );
        tablesDone = checkCountsAndPutBack(target, manifest, setAside, damaged);
        // Awaited once the files are written; until then a failure must not go unhandled.
        tablesDone.catch(() => {});
      };
      let sawChecksums: Map<string, string> | undefined;
      try {
        for (;;) {
          const next = await entries.next().catch((err: Error) => {
            throw damaged(err.message);
          });
          if (next.done) break;
          const entry = next.value;
          const name = entry.header.name;
          if (sawChecksums) throw damaged(`${name} comes after ${CHECKSUMS_ENTRY}`);
          const kind = entryKind(name);
          if (kind?.kind === "table") {
            const table = tables.get(kind.table);
            if (!table || tablesDone || (entry.header.size ?? 0) > LARGEST_TABLE_CHUNK)
              throw damaged(`unexpected entry ${name}`);
            const rows = await buffer(entry);
            checksums.set(name, sha256(rows));
            await target.copyIn(table.name, table.columns, rows);
            continue;
          }
          finishTables();
          if (kind?.kind === "checksums") {
            sawChecksums = parseChecksumLines((await buffer(entry)).toString("utf8"));
            if (!sawChecksums) throw damaged(`${CHECKSUMS_ENTRY} is not a list of checksums`);
          } else if (kind?.kind === "upload") {
            const hash = createHash("sha256");
            written.push(kind.name);
            await storage.write(kind.name, Readable.from(hashed(entry, hash)));
            checksums.set(name, hash.digest("hex"));
            progress.step(written.length, manifest.uploads.files);
          } else {
            throw damaged(`unexpected entry ${name}`);
          }
        }
        if (!sawChecksums) throw damaged(`it ends before ${CHECKSUMS_ENTRY} (a truncated file?)`);
        progress.stage("checking every entry's checksum");
        assertChecksums(checksums, sawChecksums, damaged);
      } finally {
        // The database's work ends (or fails) before anything else is asked of it.
        await tablesDone?.catch(() => {});
      }
      await tablesDone;
      for (const sequence of manifest.sequences) {
        await target.rows("select setval($1::regclass, $2::bigint, $3)", [
          quoted(sequence.name),
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
      if (after.length > 0) progress.stage(`migrating forward to ${after.at(-1)?.tag}`);
      await applyMigrations(target, after);
      await target.exec("COMMIT");
      return { manifest, files: written.length };
    } catch (err) {
      await target.exec("ROLLBACK").catch(() => {});
      await storage.remove(written).catch(() => {});
      if (archiveFailure && !(err instanceof BackupRefusal)) throw damaged(archiveFailure.message);
      throw err;
    }
  } finally {
    source.destroy();
    extract.destroy();
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The entry's bytes as they pass, hashed on the way. */
async function* hashed(entry: AsyncIterable<unknown>, hash: Hash): AsyncGenerator<Buffer> {
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    hash.update(chunk);
    yield chunk;
  }
}

function parseManifest(bytes: Buffer, file: string): Manifest {
  try {
    return manifestSchema.parse(JSON.parse(bytes.toString("utf8")));
  } catch {
    throw new BackupRefusal(
      `${file} is not a Tagit backup this version can read (its manifest does not parse)`,
    );
  }
}

/** The code's migrations up to the archive's schema, and those after it; refuses a schema the code does not know. */
function migrationsAround(manifest: Manifest, migrations: CodeMigration[]) {
  const last = migrations.at(-1);
  if (last && manifest.schema.when > last.when) {
    throw new BackupRefusal(
      `The archive comes from a newer Tagit (${manifest.tagitVersion}, schema ${manifest.schema.migration}); this Tagit knows schemas up to ${last.tag}. Restore it with Tagit ${manifest.tagitVersion} or later.`,
    );
  }
  const at = migrations.findIndex((migration) => migration.when === manifest.schema.when);
  if (at < 0 || at + 1 !== manifest.schema.applied) {
    throw new BackupRefusal(
      `The archive's schema (${manifest.schema.migration}, from Tagit ${manifest.tagitVersion}) is not in this Tagit's history of migrations.`,
    );
  }
  return { before: migrations.slice(0, at + 1), after: migrations.slice(at + 1) };
}

/** Every table holds as many rows as the manifest says; then the keys, indexes and foreign keys come back. */
async function checkCountsAndPutBack(
  target: RestoreTarget,
  manifest: Manifest,
  setAside: SetAside,
  damaged: (why: string) => Error,
) {
  for (const table of manifest.tables) {
    const [row] = await target.rows<{ count: string }>(
      `select count(*)::text as count from ${quoted(table.name)}`,
    );
    if (Number(row?.count) !== table.rows) {
      throw damaged(`table ${table.name} holds ${row?.count} rows where the manifest says ${table.rows}`);
    }
  }
  await putBack(target, setAside);
}

/** Drizzle's own record of applied migrations, written as its migrator writes it, so later starts go on from it. */
async function applyMigrations(target: RestoreTarget, migrations: CodeMigration[]) {
  await target.exec(`CREATE SCHEMA IF NOT EXISTS "drizzle"`);
  await target.exec(
    `CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) await target.exec(statement);
    await target.rows(`insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)`, [
      migration.hash,
      migration.when,
    ]);
  }
}

const publicTables = async (target: RestoreTarget) =>
  (
    await target.rows<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    )
  ).map((row) => row.name);

/** Refuses a database holding any table, or a file store holding any file, naming what is there. */
async function assertEmpty({ target, storage, databaseLabel, storageLabel }: RestoreDestination) {
  const tables = await target.rows<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%' order by 1`,
  );
  if (tables.length > 0) {
    const shown = tables.slice(0, 3).map((table) => table.name);
    throw new BackupRefusal(
      `${capitalised(databaseLabel)} is not empty: it holds ${tables.length} table(s) (${shown.join(", ")}${tables.length > 3 ? ", …" : ""}). Restore into a new, empty database.`,
    );
  }
  for await (const name of storage.names()) {
    throw new BackupRefusal(
      `${capitalised(storageLabel)} is not empty: it holds ${name} (and maybe more). Restore into an empty file store.`,
    );
  }
}

type SetAside = {
  keys: Constraint[];
  foreignKeys: Constraint[];
  indexes: string[];
  triggers: { table: string; name: string }[];
};
type Constraint = { table: string; name: string; definition: string };

/**
 * Rows go in fastest into bare tables, as pg_restore loads them: no primary or unique keys, no other indexes,
 * no foreign keys (checked row by row), and none of the app's triggers (they announce changes to running
 * instances; a restored database has none yet, and its rows are not changes). All of it comes back once the
 * rows are in; a key or a foreign key that does not hold fails there, and the whole restore with it.
 */
async function setAsideForLoading(target: RestoreTarget): Promise<SetAside> {
  const constraints = (types: string) =>
    target.rows<Constraint>(
      `select c.conrelid::regclass::text as "table", c.conname as name, pg_get_constraintdef(c.oid) as definition
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = any($1::"char"[]) and n.nspname = 'public' order by c.conname`,
      [types.split("")],
    );
  const foreignKeys = await constraints("f");
  const keys = await constraints("pu");
  const indexes = await target.rows<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  const triggers = await target.rows<{ table: string; name: string }>(
    `select t.tgrelid::regclass::text as "table", t.tgname as name
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal and t.tgenabled <> 'D'`,
  );
  for (const key of [...foreignKeys, ...keys])
    await target.exec(`ALTER TABLE ${key.table} DROP CONSTRAINT ${quoted(key.name)}`);
  for (const index of indexes) await target.exec(`DROP INDEX ${index.name}`);
  for (const trigger of triggers)
    await target.exec(`ALTER TABLE ${trigger.table} DISABLE TRIGGER ${quoted(trigger.name)}`);
  return { keys, foreignKeys, indexes: indexes.map((index) => index.definition), triggers };
}

async function putBack(target: RestoreTarget, { keys, foreignKeys, indexes, triggers }: SetAside) {
  for (const key of [...keys, ...foreignKeys])
    await target.exec(`ALTER TABLE ${key.table} ADD CONSTRAINT ${quoted(key.name)} ${key.definition}`);
  for (const definition of indexes) await target.exec(definition);
  for (const trigger of triggers)
    await target.exec(`ALTER TABLE ${trigger.table} ENABLE TRIGGER ${quoted(trigger.name)}`);
}

/** Every entry but the list itself is listed, with the digest its bytes have, and nothing else is listed. */
function assertChecksums(
  computed: Map<string, string>,
  listed: Map<string, string>,
  damaged: (why: string) => Error,
) {
  for (const [name, digest] of computed) {
    const expected = listed.get(name);
    if (!expected) throw damaged(`${name} is not in ${CHECKSUMS_ENTRY}`);
    if (expected !== digest) throw damaged(`${name} does not match its checksum`);
  }
  for (const name of listed.keys()) {
    if (!computed.has(name)) throw damaged(`${name} is listed in ${CHECKSUMS_ENTRY} but missing`);
  }
}
