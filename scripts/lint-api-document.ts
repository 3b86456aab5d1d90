import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeOpenApiDocuments } from "./openapi-documents.ts";

/** Generates the API document of each configuration and lints it with Redocly CLI (redocly.yaml). */
const outDir = await mkdtemp(path.join(tmpdir(), "tagit-api-document-"));
try {
  const files = await writeOpenApiDocuments(outDir);
  const lint = spawnSync("npx", ["--no-install", "redocly", "lint", "--config", "redocly.yaml", ...files], {
    stdio: "inherit",
  });
  process.exitCode = lint.status ?? 1;
} finally {
  await rm(outDir, { recursive: true, force: true });
}
