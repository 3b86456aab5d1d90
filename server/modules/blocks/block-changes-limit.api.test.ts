import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BLOCK_MESSAGES } from "#contract/api/blocks.ts";
import { MAX_BLOCK_CHANGES_PER_DAY } from "#contract/limits.ts";
import { asMember, giveTagg, insertMembers, registerMember } from "#server/test/factories.ts";
import { atOnce, tally } from "#server/test/guesses.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

/**
 * The attack the limit answers: an owner blocking and unblocking suspects one after another, watching their
 * visitors for the one that changes. Every block and every unblock counts; 20 a day.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;

const block = (t: TestApp, member: Member, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/blocks", headers: asMember(member.cookie), payload });
const unblock = (t: TestApp, member: Member, id: string) =>
  t.app.inject({ method: "DELETE", url: `/api/blocks/${id}`, headers: asMember(member.cookie) });
const listBlocks = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/blocks", headers: { cookie: member.cookie } })).json() as { id: string }[];

/** Seconds from `now` to the next UTC midnight, as `Retry-After` says them. */
const secondsToTomorrow = (now: Date) =>
  Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);

describe(`block changes: ${MAX_BLOCK_CHANGES_PER_DAY} a day`, () => {
  it("refuses the 21st change of a day with 429 and Retry-After, changes nothing, and allows more the next day", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const ada = await registerMember(t);
    const sam = await registerMember(t, { firstName: "Sam" });
    const bea = await registerMember(t, { firstName: "Bea" });
    await giveTagg(t, bea, "bea_b");
    const [cy] = await insertMembers(t, 1, "Suspect");

    // Blocking Sam and unblocking him, over and over: 19 changes, the last a block.
    let samBlock = "";
    for (let change = 1; change < MAX_BLOCK_CHANGES_PER_DAY; change++) {
      if (change % 2 === 1) {
        const res = await block(t, ada, { memberId: sam.user.id });
        expect(res.statusCode).toBe(201);
        samBlock = res.json().id;
      } else {
        expect((await unblock(t, ada, samBlock)).statusCode).toBe(204);
      }
      // A change that was refused for another reason does not count.
      if (change === 5) {
        expect((await block(t, ada, { memberId: sam.user.id })).statusCode).toBe(409);
        expect((await block(t, ada, { tagg: "nobody_here" })).statusCode).toBe(404);
        expect((await unblock(t, ada, randomUUID())).statusCode).toBe(404);
      }
    }
    expect((await block(t, ada, { tagg: "bea_b" })).statusCode).toBe(201);
    const before = await listBlocks(t, ada);
    expect(before).toHaveLength(2);

    clock.advance(3_600_000);
    const refused = [
      await block(t, ada, { memberId: cy }),
      await unblock(t, ada, samBlock),
      await block(t, ada, { tagg: "nobody_here" }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: BLOCK_MESSAGES.tooManyChanges, code: "rate_limited" });
      expect(res.headers["retry-after"]).toBe(String(secondsToTomorrow(clock.now())));
    }
    expect(await listBlocks(t, ada)).toEqual(before);
    // Another member's changes are their own.
    expect((await block(t, bea, { memberId: sam.user.id })).statusCode).toBe(201);

    clock.advance(secondsToTomorrow(clock.now()) * 1000);
    expect((await unblock(t, ada, samBlock)).statusCode).toBe(204);
    expect((await block(t, ada, { memberId: cy })).statusCode).toBe(201);
  });

  it(`lets exactly ${MAX_BLOCK_CHANGES_PER_DAY} of 30 blocks sent at once through`, async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const ada = await registerMember(t);
    const suspects = await insertMembers(t, 30, "Suspect");
    const answers = await atOnce(suspects.length, (i) => block(t, ada, { memberId: suspects[i] }));
    expect(tally(answers)).toEqual({
      "201": MAX_BLOCK_CHANGES_PER_DAY,
      "429 rate_limited": suspects.length - MAX_BLOCK_CHANGES_PER_DAY,
    });
    expect(await listBlocks(t, ada)).toHaveLength(MAX_BLOCK_CHANGES_PER_DAY);
  });
});
