import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableColumns, getTableName, isTable } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "#server/db/schema/index.ts";
import { TABLE_OWNERS, WRITERS_OF_ANY_TABLE } from "#server/db/schema/table-owners.ts";
import {
  foreignWrites,
  mapProblems,
  readTableOwners,
  schemaTables,
  tableOwnershipProblems,
} from "./table-ownership.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const schemaDir = path.join(root, "server/db/schema");
const ownersFile = path.join(schemaDir, "table-owners.ts");

describe("table ownership", () => {
  it("reads the map as the code has it, and the schema's tables and columns as Drizzle has them", () => {
    expect(readTableOwners(ownersFile)).toEqual({ TABLE_OWNERS, WRITERS_OF_ANY_TABLE });
    const drizzleTables = Object.entries(schema).flatMap(([name, table]) =>
      isTable(table) ? [[name, getTableName(table), Object.keys(getTableColumns(table))] as const] : [],
    );
    const read = [...schemaTables(schemaDir)].map(([name, { sqlName, columns }]) => [name, sqlName, columns]);
    expect(Object.fromEntries(read.map(([name, sqlName]) => [name, sqlName]))).toEqual(
      Object.fromEntries(drizzleTables.map(([name, sqlName]) => [name, sqlName])),
    );
    expect(read.find(([name]) => name === "profiles")?.[2]).toEqual(
      drizzleTables.find(([name]) => name === "profiles")?.[2],
    );
  });

  it("finds the writes of another owner's table or column, and nothing else", () => {
    const fixture = path.join(root, "tests/fixtures/table-ownership");
    const found = foreignWrites(fixture, {
      owners: TABLE_OWNERS,
      writersOfAnyTable: { "server/db/seed.ts": "the fixture's exempt file" },
      tables: schemaTables(schemaDir),
    }).map(({ file, line, message }) => `${path.relative(fixture, file)}:${line}: ${message}`);
    // Own tables and columns, the shared updatedAt, typed changes, a test's setup, the exempt file, a message
    // and a read are all left alone.
    expect(found.sort()).toEqual([
      "server/jobs/job-runs.ts:9: server/jobs sets profiles.lastActive, which auth owns: ask its service",
      "server/modules/analytics/raw.repository.ts:11: analytics deletes blocks, which blocks owns: ask its service",
      "server/modules/analytics/raw.repository.ts:12: analytics updates taggs, which taggs owns: ask its service",
      "server/modules/analytics/raw.repository.ts:14: analytics updates profiles, columns untold: use .set() with an object literal or a value typed with ColumnsOf",
      "server/modules/posts/post-deletion.ts:10: posts deletes uploads, which uploads owns: ask its service",
      "server/modules/privacy/privacy.repository.ts:13: privacy updates taggs, which taggs owns: ask its service",
      "server/modules/privacy/privacy.repository.ts:17: privacy sets profiles.tagg, which taggs owns: ask its service",
      "server/modules/profile/profile.repository.ts:13: profile updates profiles, columns untold: use .set() with an object literal or a value typed with ColumnsOf",
      "server/modules/profile/profile.repository.ts:15: profile deletes rows of profiles, which auth owns: ask its service",
      "server/modules/profile/profile.repository.ts:19: profile sets profiles.email, which auth owns: ask its service",
    ]);
  });

  it("finds a table without an owner, an owner that is no folder and a column the map does not know", () => {
    const { taggs: _, profiles, ...rest } = TABLE_OWNERS;
    const owners = {
      ...rest,
      pictures: "uploads",
      profiles: { rows: "accounts", columns: { ...profiles.columns, nickname: "profile" } },
    };
    expect(mapProblems(root, owners, schemaTables(schemaDir)).sort()).toEqual([
      "pictures is no table of the schema",
      "profiles.nickname is no column",
      'profiles: no owner "accounts"',
      "taggs has no owner",
    ]);
  });

  it("holds for the server", () => {
    expect(tableOwnershipProblems(root)).toEqual([]);
  });
});
