import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#server/test/free-port.ts";
import { send } from "#server/test/load-balancer.ts";
import { podman, podmanStatus, RUN_FLAGS } from "./podman.ts";

// The image as docs/operating.md's first example runs it: no database or object store, everything in a named
// volume on /data (PGlite, the outbox, uploads), which must outlive the container.
const IMAGE = process.env.TAGIT_IMAGE ?? "tagit:local";
const PUBLIC_URL = "http://tagit.test";

describe("the image on its embedded default, with a named volume", () => {
  const suffix = `${process.pid}-${randomUUID().slice(0, 6)}`;
  const volume = `tagit-container-test-${suffix}`;
  let base: string;
  let run: (name: string) => Promise<string>;

  const ready = async () => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const answer = await send(base, { path: "/readyz" }).catch(() => undefined);
      if (answer?.status === 200) return;
      if (Date.now() > deadline) throw new Error("the container never answered /readyz with 200");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const signIn = (email: string) =>
    send(base, {
      method: "POST",
      path: "/api/auth/login",
      headers: { "content-type": "application/json", origin: PUBLIC_URL },
      body: JSON.stringify({ email, password: "embedded volume" }),
    });

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await podman("volume", "create", volume);
    run = (name: string) =>
      podman(
        "run",
        "--detach",
        "--name",
        name,
        ...RUN_FLAGS,
        "--volume",
        `${volume}:/data`,
        "--env",
        `PORT=${port}`,
        "--env",
        "APP_SECRET=the-embedded-volume-test-secret-0123",
        "--env",
        "PAYMENTS_TEST_MODE=true",
        "--env",
        `PUBLIC_URL=${PUBLIC_URL}`,
        IMAGE,
      );
  }, 60_000);

  afterAll(async () => {
    for (const name of [`${volume}-first`, `${volume}-second`]) {
      await podmanStatus("rm", "--force", "--time", "0", name);
    }
    await podmanStatus("volume", "rm", "--force", volume);
  });

  it("keeps a member in the volume from one container to the next, and backs up from inside", async () => {
    await run(`${volume}-first`);
    await ready();
    const email = `embedded-${randomUUID()}@example.com`;
    const registered = await send(base, {
      method: "POST",
      path: "/api/auth/register",
      headers: { "content-type": "application/json", origin: PUBLIC_URL },
      body: JSON.stringify({ firstName: "Emma", lastName: "Embedded", email, password: "embedded volume" }),
    });
    expect(registered.status, registered.body).toBe(201);
    // `tagit` inside the running container: the built CLI, through the app's snapshot socket in /data.
    await podman("exec", `${volume}-first`, "node", "bin/tagit.mjs", "backup", "/data/backup-test.tar");
    expect(await podman("exec", `${volume}-first`, "tar", "-tf", "/data/backup-test.tar")).toContain(
      "manifest.json",
    );
    await podman("stop", "--time", "30", `${volume}-first`);
    expect(await podman("wait", `${volume}-first`)).toBe("0");

    // A new container on the same volume: the database, and the member in it, are still there.
    await run(`${volume}-second`);
    await ready();
    const signedIn = await signIn(email);
    expect(signedIn.status, signedIn.body).toBe(200);
    expect(await podman("exec", `${volume}-second`, "stat", "-c", "%U %a", "/data")).toBe("node 700");
  });
});
