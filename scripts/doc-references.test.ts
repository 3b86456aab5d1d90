import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { docsOf, missingReferences } from "./doc-references.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("doc references", () => {
  it("finds a named file or symbol that does not exist, and passes what does or is no file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "tagit-doc-refs-"));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    // Spelt in pieces, so that this test's own source does not hold the missing names as words.
    const missingSymbol = ["retired", "Helper", "Name"].join("");
    const missingFile = ["server/lib/", "retired-", "helper.ts"].join("");
    const doc = path.join(dir, "doc.md");
    await writeFile(
      doc,
      [
        "The budget is `server/lib/failure-budget.ts` (`createFailureBudget`), in `lib/` beside `secret-box.ts`,",
        `and once was \`${missingFile}\` with \`${missingSymbol}()\`.`,
        "At run time: `DATA_DIR/outbox`, `text/event-stream`, `dist/web`, `APP_SECRET`, `npm test`.",
        "```",
        `\`${missingSymbol}\` in a fenced block is an example, not a claim.`,
        "```",
      ].join("\n"),
    );
    expect(missingReferences(root, [doc]).map((found) => found.name)).toEqual([
      missingFile,
      `${missingSymbol}()`,
    ]);
  });

  it("holds for the repository's docs", () => {
    expect(missingReferences(root, docsOf(root))).toEqual([]);
  });
});
