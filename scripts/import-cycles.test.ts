import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCycles, repositoryImportCycles } from "./import-cycles.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("import cycles", () => {
  it("finds two files importing each other, one of them through a dynamic import, and not a file that only imports one", () => {
    const fixture = path.join(root, "tests/fixtures/import-cycles");
    const found = importCycles([fixture]).map((cycle) =>
      cycle.map((file) => path.relative(fixture, file)).sort(),
    );
    expect(found).toEqual([["members.ts", "uploads.ts"]]);
  });

  it("holds for the server, the contract, the tests, the benches and the scripts", () => {
    expect(
      repositoryImportCycles(root).map((cycle) => cycle.map((file) => path.relative(root, file))),
    ).toEqual([]);
  });
});
