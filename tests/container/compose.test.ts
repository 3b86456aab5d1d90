import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { OPERATOR_VALUES } from "#server/test/compose-operator-values.ts";

// compose.yaml through a Compose implementation's own parser and schema: Debian's docker-compose (1.29)
// validates the file against the Compose schema and interpolates .env (`config` needs no daemon and pulls
// nothing). Bookworm's podman-compose (1.0.3) has no `config`, and its --dry-run creates volumes.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const run = promisify(execFile);

describe("compose.yaml, as docker-compose reads it", () => {
  let directory: string;
  let example: string;

  /** `docker-compose config` with compose.env.example filled in with `values`. */
  async function config(values: Record<string, string>) {
    const envFile = path.join(directory, `env-${Object.keys(values).length}`);
    const filled = example.replace(/^([A-Z_]+)=$/gm, (line, name: string) =>
      name in values ? `${name}=${values[name]}` : line,
    );
    await writeFile(envFile, filled);
    return run("docker-compose", ["--env-file", envFile, "--file", "compose.yaml", "config"], { cwd: ROOT });
  }

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "tagit-compose-"));
    example = await readFile(path.join(ROOT, "compose.env.example"), "utf8");
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it("is valid Compose, with both instances given the operator's values", async () => {
    const { stdout } = await config(OPERATOR_VALUES);
    const rendered = parse(stdout) as { services: Record<string, { environment: Record<string, string> }> };
    for (const app of ["app1", "app2"]) {
      expect(rendered.services[app]?.environment).toMatchObject({
        APP_SECRET: OPERATOR_VALUES.APP_SECRET,
        PUBLIC_URL: "https://tagit.example.org",
        S3_ACCESS_KEY_ID: "tagit-minio",
        TRUST_PROXY: "1",
      });
    }
  });

  it("refuses to run while the operator has not set APP_SECRET", async () => {
    const { APP_SECRET: _, ...rest } = OPERATOR_VALUES;
    await expect(config(rest)).rejects.toThrow(/set APP_SECRET in \.env/);
  });
});
