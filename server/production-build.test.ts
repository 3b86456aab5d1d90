import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations
import { buildServer } from "../scripts/build-server.mjs";

describe("the production build (npm run build)", () => {
  it("compiles a server that imports production dependencies only (npm ci --omit=dev is enough to run it)", async () => {
    const { packages } = (await buildServer({ write: false })) as { packages: string[] };
    const { dependencies } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    // The server's own frameworks are among them: the bundle resolved our code and left the packages out.
    expect(packages).toEqual(expect.arrayContaining(["fastify", "drizzle-orm", "pg", "sharp"]));
    for (const name of packages) expect(Object.keys(dependencies)).toContain(name);
  });
});
