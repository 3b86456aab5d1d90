import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { type CodeSchema, codeSchema, type Migration, tagitVersion } from "./code-schema.ts";
import { schemaVersion } from "./schema/index.ts";

/** The migrations applied to a database: none on a new one. */
export type DatabaseSchema = { applied: number; lastWhen: number | undefined };

/** The Tagit that last migrated a database, and the last migration it applied (the `schema_version` row). */
export type SchemaOwner = { tagitVersion: string; migration: string };

/** The rows a raw query answers (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const tableExists = async (db: Database, name: string) =>
  (await rowsOf<{ exists: boolean }>(db, sql`select to_regclass(${name}) is not null as "exists"`))[0]
    ?.exists === true;

export async function databaseSchema(db: Database): Promise<DatabaseSchema> {
  // drizzle creates its table on the first migration run.
  if (!(await tableExists(db, "drizzle.__drizzle_migrations"))) return { applied: 0, lastWhen: undefined };
  const [row] = await rowsOf<{ applied: number; lastWhen: number | null }>(
    db,
    sql`select count(*)::int as applied, max(created_at)::float8 as "lastWhen" from drizzle.__drizzle_migrations`,
  );
  return { applied: row?.applied ?? 0, lastWhen: row?.lastWhen ?? undefined };
}

/**
 * The code's migrations a database holding members has yet to apply: those a migration would change it by,
 * and so take a backup before (none for a new or empty database, or one that is current).
 */
export async function pendingOnData(db: Database): Promise<Migration[]> {
  const database = await databaseSchema(db);
  if (database.applied === 0) return [];
  const pending = codeSchema().migrations.filter((migration) => migration.when > (database.lastWhen ?? 0));
  if (pending.length === 0) return [];
  const [row] = await rowsOf<{ members: boolean }>(
    db,
    sql`select exists (select 1 from profiles) as members`,
  );
  return row?.members ? pending : [];
}

/** Whether the database holds a migration this code does not know: one applied after its last, or one more. */
export const isNewerThanCode = (database: DatabaseSchema, code: CodeSchema) =>
  database.applied > code.migrations.length ||
  (database.lastWhen !== undefined && database.lastWhen > code.last.when);

/** Undefined for a database no Tagit has recorded itself in yet (new, or migrated before `schema_version`). */
export async function schemaOwner(db: Database): Promise<SchemaOwner | undefined> {
  if (!(await tableExists(db, "public.schema_version"))) return undefined;
  // As jsonb: the row reads the same whatever columns a later Tagit added.
  const [row] = await rowsOf<{ owner: Record<string, unknown> }>(
    db,
    sql`select to_jsonb(s) as owner from schema_version s where id = 1`,
  );
  const { tagit_version, migration } = row?.owner ?? {};
  return typeof tagit_version === "string" && typeof migration === "string"
    ? { tagitVersion: tagit_version, migration }
    : undefined;
}

/** Records this Tagit as the one that migrated the database, to `migration` (the code's last). */
export async function recordSchemaOwner(db: Database, migration: Migration): Promise<void> {
  const owner = { tagitVersion, migration: migration.tag, migratedAt: sql`now()` };
  await db
    .insert(schemaVersion)
    .values({ id: 1, ...owner })
    .onConflictDoUpdate({ target: schemaVersion.id, set: owner });
}

const dayOf = (when: number | undefined) =>
  when === undefined ? "date unknown" : new Date(when).toISOString().slice(0, 10);

/** A database migrated further than this code knows: the start stops before changing anything. */
export class SchemaTooNewError extends Error {
  override name = "SchemaTooNewError";
  readonly database: DatabaseSchema;
  readonly owner: SchemaOwner | undefined;

  constructor(code: CodeSchema, database: DatabaseSchema, owner: SchemaOwner | undefined) {
    const migrated = owner
      ? `it was migrated by Tagit ${owner.tagitVersion} to ${owner.migration} (${dayOf(database.lastWhen)})`
      : `it holds ${database.applied} migrations, the last of ${dayOf(database.lastWhen)}`;
    super(
      `The database's schema is newer than this Tagit: ${migrated}, and this is Tagit ${tagitVersion}, which ` +
        `knows ${code.migrations.length} migrations, up to ${code.last.tag} (${dayOf(code.last.when)}). Start ` +
        "the newer Tagit, or restore a backup taken before the upgrade (docs/operating.md).",
    );
    this.database = database;
    this.owner = owner;
  }
}
