import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations
import { buildServer } from "../scripts/build-server.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("the production build (npm run build)", () => {
  it("compiles a server that imports production dependencies only (npm ci --omit=dev is enough to run it)", async () => {
    const { packages } = (await buildServer({ write: false })) as { packages: string[] };
    const { dependencies } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    // The server's own frameworks are among them: the bundle resolved our code and left the packages out.
    expect(packages).toEqual(expect.arrayContaining(["fastify", "drizzle-orm", "pg", "sharp"]));
    for (const name of packages) expect(Object.keys(dependencies)).toContain(name);
  });

  it("gives a package without the sources a working `tagit` (bin/tagit.mjs runs dist/server/cli.js)", async () => {
    const packageDir = await mkdtemp(path.join(tmpdir(), "tagit-package-"));
    try {
      await buildServer({ outdir: path.join(packageDir, "dist/server") });
      await cp(path.join(ROOT, "bin"), path.join(packageDir, "bin"), { recursive: true });
      await cp(path.join(ROOT, "package.json"), path.join(packageDir, "package.json"));
      await symlink(path.join(ROOT, "node_modules"), path.join(packageDir, "node_modules"));
      const help = spawnSync(process.execPath, ["bin/tagit.mjs", "help"], {
        cwd: packageDir,
        encoding: "utf8",
      });
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toContain("Usage: tagit <command>");
    } finally {
      await rm(packageDir, { recursive: true, force: true });
    }
  });
});
