import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { openDatabase } from "#server/db/client.ts";
import { admissionPlugin } from "./admission.ts";
import { errorHandlerPlugin } from "./error-handler.ts";

async function appWithQueue(waiting: () => number) {
  const app = Fastify({ return503OnClosing: false });
  await app.register(errorHandlerPlugin);
  await app.register(admissionPlugin, { waiting, limit: 10 });
  app.get("/api/thing", async () => ({ ok: true }));
  app.get("/readyz", async () => ({ status: "ready" }));
  app.get("/", async () => "page");
  return app;
}

describe("admission control", () => {
  it("refuses an API request with 503 and Retry-After while the database queue is full", async () => {
    let waiting = 9;
    const app = await appWithQueue(() => waiting);
    expect((await app.inject({ url: "/api/thing" })).statusCode).toBe(200);

    waiting = 10;
    const refused = await app.inject({ url: "/api/thing" });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({ error: MESSAGES.busy, code: "unavailable" });
    // The health check and the web app's pages need no database: they still answer.
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/" })).statusCode).toBe(200);
  });

  it("answers a refusal after a pause, so a client ignoring Retry-After cannot keep the thread busy", async () => {
    const app = await appWithQueue(() => 10);
    const order: string[] = [];
    const refused = app.inject({ url: "/api/thing" }).then((res) => {
      order.push(`refused ${res.statusCode}`);
    });
    // Anything else due on the loop (here a timer) runs before the refusal is answered.
    await new Promise((resolve) => setTimeout(resolve, 1));
    order.push("timer");
    await refused;
    expect(order).toEqual(["timer", "refused 503"]);
  });

  it("reads the length of PGlite's queue: its queries take turns", async () => {
    const database = await openDatabase({ kind: "pglite" });
    try {
      const queries = Promise.all(
        Array.from({ length: 20 }, () => database.db.execute("select pg_sleep(0.001)")),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(database.waiting()).toBeGreaterThan(10);
      await queries;
      expect(database.waiting()).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("lets the event loop take turns while PGlite's queue is long: sockets are read between slices", async () => {
    const database = await openDatabase({ kind: "pglite" });
    try {
      let done = 0;
      const queries = Array.from({ length: 400 }, () =>
        database.db.execute("select pg_sleep(0.001)").then(() => {
          done += 1;
        }),
      );
      // A timer stands for a socket with a request waiting: it runs long before the queue is done.
      const doneWhenTheLoopTookATurn = await new Promise<number>((resolve) =>
        setTimeout(() => resolve(done), 0),
      );
      expect(doneWhenTheLoopTookATurn).toBeLessThan(400);
      await Promise.all(queries);
      expect(done).toBe(400);
    } finally {
      await database.close();
    }
  });
});

describe("admission while the app closes", () => {
  it("refuses requests arriving once closing began (503, Retry-After, Connection: close) and finishes those under way", async () => {
    const app = await appWithQueue(() => 0);
    const signal = () => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      return { promise, resolve };
    };
    const [slowEntered, slowMayFinish, closeBegun, closeMayGoOn] = [signal(), signal(), signal(), signal()];
    app.get("/api/slow", async () => {
      slowEntered.resolve();
      await slowMayFinish.promise;
      return { finished: true };
    });
    // Holds the closing between its first step and the listener's close, as the live streams' ending does.
    app.addHook("preClose", async () => {
      closeBegun.resolve();
      await closeMayGoOn.promise;
    });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });

    const underWay = fetch(`${base}/api/slow`);
    await slowEntered.promise;
    const closing = app.close();
    await closeBegun.promise;
    const refused = await fetch(`${base}/api/thing`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("connection")).toBe("close");
    expect(await refused.json()).toEqual({ error: MESSAGES.restarting, code: "unavailable" });

    closeMayGoOn.resolve();
    slowMayFinish.resolve();
    const finished = await underWay;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ finished: true });
    await closing;
  });
});
