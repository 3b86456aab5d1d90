import { chmod, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { registerMember } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe("the e-mail outbox under DATA_DIR", () => {
  it("is a directory only the app's user can open, holding e-mails only it can read, tightened at start", async () => {
    const t = await createTestApp();
    await registerMember(t); // mails a verification link
    const outbox = path.join(t.dataDir, "outbox");
    const mails = (await t.outbox()).length;
    expect(mails).toBeGreaterThan(0);
    expect(await modeOf(outbox)).toBe(0o700);
    const files = await readdir(outbox);
    expect(files).toHaveLength(mails);
    for (const file of files) expect(await modeOf(path.join(outbox, file)), file).toBe(0o600);

    // An outbox left open to others by an earlier version is closed when an instance starts.
    await chmod(outbox, 0o755);
    await t.peer();
    expect(await modeOf(outbox)).toBe(0o700);
  });
});
