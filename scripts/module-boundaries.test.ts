import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { crossModuleRepositoryImports } from "./module-boundaries.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("module boundaries", () => {
  it("finds a module's code importing another module's repository, and nothing else", () => {
    const fixture = path.join(root, "tests/fixtures/module-boundaries/modules");
    const found = crossModuleRepositoryImports(fixture).map(({ file, imported }) => [
      path.relative(fixture, file),
      path.relative(fixture, imported),
    ]);
    // Its own repository, another module's service and a test's setup are all allowed.
    expect(found).toEqual([["admin/admin-moderation.service.ts", "posts/posts.repository.ts"]]);
  });

  it("holds for the server's modules", () => {
    expect(
      crossModuleRepositoryImports(path.join(root, "server/modules"), {
        serverAlias: path.join(root, "server"),
      }),
    ).toEqual([]);
  });
});
