import { setImmediate as nextTurnOfTheLoop } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { takingTurns } from "./pglite-turns.ts";

const pglite = new PGlite();
afterAll(() => pglite.close());

/**
 * A backlog of `count` connections as the HTTP server meets it: one accepted per turn of the loop. Answers how
 * many are still waiting, and how to end the backlog.
 */
function acceptOnePerTurn(turns: ReturnType<typeof takingTurns>, count: number) {
  let left = count;
  void (async () => {
    while (left > 0) {
      left -= 1;
      turns.connectionAccepted();
      await nextTurnOfTheLoop();
    }
  })();
  return { waiting: () => left, end: () => (left = 0) };
}

describe("PGlite's turns with the event loop", () => {
  it("lets a burst of new connections in before the database's next slice", async () => {
    await pglite.waitReady;
    const turns = takingTurns(pglite);
    const backlog = acceptOnePerTurn(turns, 40);
    await turns.client.query("select 1");
    expect(backlog.waiting()).toBe(0);
  });

  it("holds the database for new connections only so long, however many keep coming", async () => {
    const turns = takingTurns(pglite);
    const backlog = acceptOnePerTurn(turns, Number.POSITIVE_INFINITY);
    const answer = await turns.client.query<{ one: number }>("select 1 as one");
    backlog.end();
    expect(answer.rows).toEqual([{ one: 1 }]);
  });

  it("counts the queries waiting for their turn", async () => {
    const turns = takingTurns(pglite);
    const queries = [1, 2, 3].map((n) => turns.client.query(`select ${n}`));
    expect(turns.waiting()).toBeGreaterThan(0);
    await Promise.all(queries);
    expect(turns.waiting()).toBe(0);
  });
});
